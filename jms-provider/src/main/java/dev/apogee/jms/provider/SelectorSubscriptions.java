package dev.apogee.jms.provider;

import dev.apogee.client.Rpc;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.route.TopicRouteInfo;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.CheckClientRequestBody;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import dev.apogee.remoting.selector.Dialect;
import dev.apogee.remoting.selector.JmsWireValues;
import dev.apogee.remoting.selector.Selector;
import dev.apogee.remoting.selector.SelectorSyntaxException;
import dev.apogee.remoting.selector.TagSelectorAnalysis;
import jakarta.jms.JMSException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JMS message selector → native subscription, choosing how the broker evaluates it:
 * <ul>
 *   <li>no selector, or one that only tests the tag: a TAG subscription (consume-queue tag hashes);</li>
 *   <li>otherwise, when every master broker serving the topic accepts the Apogee {@link ExpressionType#JMS} type
 *       (asked once per broker with CHECK_CLIENT_CONFIG): a JMS subscription, evaluated with JMS typing
 *       (spec 3.8.1.1: a String property {@code '42'} is not the number 42; header fields keep their types);</li>
 *   <li>otherwise (an Apache RocketMQ broker, which knows only TAG and SQL92): an SQL92 subscription, evaluated with
 *       RocketMQ's string→number conversion, with WARN {@code APOGEE-JMS-SEL-001} once per broker.</li>
 * </ul>
 * Queue browsers filter on the client with the same rules ({@link #browserFilter}), so a browser and a consumer with
 * the same selector see the same messages. Thread-safe; the per-broker answers live as long as the connection.
 */
final class SelectorSubscriptions {
    private static final Logger LOG = LoggerFactory.getLogger(SelectorSubscriptions.class);
    /** A selector every broker that knows the JMS type compiles: the probe's expression. */
    static final String PROBE_EXPRESSION = "JMSPriority >= 0";

    /** The brokers of a topic and a way to ask them; implemented over the connection's native client. */
    interface Brokers {
        /** Master broker addresses serving {@code topic}. */
        Collection<String> masterAddresses(String topic) throws Exception;

        /** The broker's answer to {@code request}. */
        RemotingCommand call(String address, RemotingCommand request) throws Exception;
    }

    /** {@link Brokers} over a connection's admin client (routes) and RPC (calls), each looked up when used. */
    static Brokers over(Callable<AdminClient> admin, Callable<Rpc> rpc, long timeoutMillis) {
        return new Brokers() {
            @Override
            public Collection<String> masterAddresses(String topic) throws Exception {
                TopicRouteInfo route = admin.call().route(topic);
                List<String> addresses = new ArrayList<>();
                for (String broker : route.brokers().keySet()) {
                    String address = route.masterAddress(broker);
                    if (address != null) {
                        addresses.add(address);
                    }
                }
                return addresses;
            }

            @Override
            public RemotingCommand call(String address, RemotingCommand request) throws Exception {
                return rpc.call().call(address, request, timeoutMillis);
            }
        };
    }

    private final Brokers brokers;
    private final String clientId;
    private final Map<String, Boolean> jmsTyped = new ConcurrentHashMap<>();

    SelectorSubscriptions(Brokers brokers, String clientId) {
        this.brokers = brokers;
        this.clientId = clientId;
    }

    /**
     * The native subscription {type, expression} for {@code selector} when the broker's evaluation is SQL92 or TAG
     * (no broker asked); {@link jakarta.jms.InvalidSelectorException} when the selector is invalid.
     */
    static String[] sql92(String selector) throws JMSException {
        Selector compiled = compile(selector, Dialect.JMS);
        if (compiled.selectsAll()) {
            return new String[] {ExpressionType.TAG, "*"};
        }
        return TagSelectorAnalysis.tagExpression(compiled)
                .map(tags -> new String[] {ExpressionType.TAG, tags})
                .orElseGet(() -> new String[] {ExpressionType.SQL92, selector});
    }

    /** The native subscription {type, expression} for {@code selector} on {@code topic} (see the class comment). */
    String[] subscription(String selector, String topic) throws JMSException {
        String[] plain = sql92(selector);
        if (ExpressionType.SQL92.equals(plain[0]) && brokersEvaluateJms(topic)) {
            return new String[] {ExpressionType.JMS, selector};
        }
        return plain;
    }

    /** What a consumer of {@code topic} with {@code selector} would be delivered, judged on the client. */
    Predicate<WireMessage> browserFilter(String selector, String topic) throws JMSException {
        if (ExpressionType.SQL92.equals(subscription(selector, topic)[0])) {
            Selector rocketmq = compile(selector, Dialect.ROCKETMQ);
            return wire -> rocketmq.matches(name -> TagSelectorAnalysis.TAGS.equals(name)
                    ? wire.tags() : wire.properties().get(name));
        }
        Selector jms = compile(selector, Dialect.JMS);
        return wire -> jms.matches(new JmsWireValues().wrap(name -> switch (name) {
            case "TAGS" -> wire.tags();
            case "KEYS" -> wire.keys();
            default -> wire.properties().get(name);
        }, wire.bornTimestamp()));
    }

    /** Whether every master broker of {@code topic} accepts JMS subscriptions; asks each broker once. */
    boolean brokersEvaluateJms(String topic) throws JMSException {
        Collection<String> addresses;
        try {
            addresses = brokers.masterAddresses(topic);
        } catch (Exception e) {
            throw NativeProvider.translate(e);
        }
        boolean all = !addresses.isEmpty();
        for (String address : addresses) {
            Boolean known = jmsTyped.get(address);
            if (known == null) {
                known = probe(address, topic);
                jmsTyped.put(address, known);
            }
            all &= known;
        }
        return all;
    }

    private boolean probe(String address, String topic) throws JMSException {
        CheckClientRequestBody body = new CheckClientRequestBody();
        body.setClientId(clientId);
        body.setGroup("JMS_SELECTOR_PROBE");
        body.setSubscriptionData(SubscriptionData.buildSubscriptionData(topic, PROBE_EXPRESSION, ExpressionType.JMS,
                0L));
        RemotingCommand response;
        try {
            response = brokers.call(address, RemotingCommand.createRequest(RequestCode.CHECK_CLIENT_CONFIG)
                    .body(body.encode()));
        } catch (Exception e) {
            throw NativeProvider.translate(e);
        }
        if (response.code() == ResponseCode.SUCCESS) {
            return true;
        }
        LOG.warn("APOGEE-JMS-SEL-001 broker {} does not evaluate JMS selectors (answer {}: {}); selectors go to it as "
                + "SQL92, where a String property that reads as a number compares as a number", address,
                response.code(), response.remark());
        return false;
    }

    private static Selector compile(String selector, Dialect dialect) throws JMSException {
        try {
            return Selector.compile(selector, dialect);
        } catch (SelectorSyntaxException e) {
            throw JmsExceptions.create(ErrorCode.INVALID_SELECTOR, "invalid message selector '" + selector + "': "
                    + e.getMessage(), e);
        }
    }
}
