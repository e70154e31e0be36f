package dev.apogee.broker.filter;

import dev.apogee.broker.pull.PullChecks;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import dev.apogee.remoting.selector.Dialect;
import dev.apogee.remoting.selector.JmsWireValues;
import dev.apogee.remoting.selector.Selector;
import dev.apogee.remoting.selector.SelectorSyntaxException;
import dev.apogee.store.MessageFilter;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Builds the broker-side filter of an SQL92 or JMS subscription. The expression is compiled once and cached by its
 * type and text: every pull of every group subscribing with the same expression (whatever its subVersion) shares the
 * compiled form, and a subscription change arrives as a new text. An invalid expression is refused with
 * SUBSCRIPTION_PARSE_FAILED and the engine's message (problem and position).
 *
 * <p>{@link ExpressionType#SQL92}: properties are RocketMQ strings, so the engine runs in {@link Dialect#ROCKETMQ}:
 * a numeric-looking property compares as a number with a number, as on the official broker.
 * {@link ExpressionType#JMS} (an Apogee extension, sent by Apogee's JMS provider): the engine runs in
 * {@link Dialect#JMS} over the values {@link JmsWireValues} restores from the JMS mapping (typed properties, header
 * fields), so a String property {@code '42'} does not equal the number 42. Safe for concurrent use by all pull
 * threads.
 */
public final class SqlFilterFactory implements PullChecks.PropertyFilterFactory {
    /** Distinct expressions kept compiled; past this the cache starts over (compiling again is cheap). */
    public static final int DEFAULT_CACHE_CAPACITY = 1024;

    private final ConcurrentMap<String, CompiledExpression> sql92Cache = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, CompiledExpression> jmsCache = new ConcurrentHashMap<>();
    private final int capacity;

    public SqlFilterFactory() {
        this(DEFAULT_CACHE_CAPACITY);
    }

    public SqlFilterFactory(int cacheCapacity) {
        if (cacheCapacity < 1) {
            throw new IllegalArgumentException("cacheCapacity must be positive: " + cacheCapacity);
        }
        this.capacity = cacheCapacity;
    }

    /** @throws RemotingCommandException SUBSCRIPTION_PARSE_FAILED for an invalid expression or an unknown type */
    @Override
    public MessageFilter create(SubscriptionData subscription) {
        String type = subscription.getExpressionType();
        Dialect dialect;
        if (ExpressionType.SQL92.equals(type)) {
            dialect = Dialect.ROCKETMQ;
        } else if (ExpressionType.JMS.equals(type)) {
            dialect = Dialect.JMS;
        } else {
            throw new RemotingCommandException(ResponseCode.SUBSCRIPTION_PARSE_FAILED,
                    "The broker does not support consumer to filter message by " + type + " (TAG, SQL92 or JMS only)");
        }
        return new SqlMessageFilter(compiled(subscription.getSubString(), dialect, subscription.getTopic()));
    }

    CompiledExpression compiled(String expression, Dialect dialect, String topic) {
        String text = expression == null ? "" : expression;
        // One cache per dialect: the same text compiles differently in each.
        ConcurrentMap<String, CompiledExpression> cache = dialect == Dialect.JMS ? jmsCache : sql92Cache;
        CompiledExpression compiled = cache.get(text);
        if (compiled != null) {
            return compiled;
        }
        try {
            compiled = new CompiledExpression(Selector.compile(text, dialect));
        } catch (SelectorSyntaxException e) {
            throw new RemotingCommandException(ResponseCode.SUBSCRIPTION_PARSE_FAILED,
                    "Parse the consumer's subscription[" + abbreviate(text) + "] of topic " + topic + " failed: "
                            + e.getMessage());
        }
        if (cache.size() >= capacity) {
            // Simplest bound that needs no lock on the hit path; a burst of distinct expressions only costs recompiles.
            cache.clear();
        }
        CompiledExpression raced = cache.putIfAbsent(text, compiled);
        return raced != null ? raced : compiled;
    }

    int cachedExpressions() {
        return sql92Cache.size() + jmsCache.size();
    }

    private static String abbreviate(String expression) {
        return expression.length() <= 200 ? expression : expression.substring(0, 200) + "...";
    }
}
