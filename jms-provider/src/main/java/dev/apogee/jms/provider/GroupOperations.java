package dev.apogee.jms.provider;

import dev.apogee.client.ClientInstance;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.body.BrokerData;
import jakarta.jms.JMSException;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * A connection's operations on whole consumer groups, for {@link NativeProvider}: whether a subscription exists,
 * deleting one, and checking a named subscription before a consumer joins it ({@link SubscriptionDefinitions}).
 * Stateless beyond the connection's clients; called on application threads. Failures come back as failed futures,
 * already translated.
 */
final class GroupOperations {
    /** One of the connection's clients, or ILLEGAL_STATE once it is closed. */
    @FunctionalInterface
    interface Client<T> {
        T get() throws JMSException;
    }

    private final Client<AdminClient> admin;
    private final Client<ClientInstance> instance;
    private final long timeoutMillis;

    GroupOperations(Client<AdminClient> admin, Client<ClientInstance> instance, long timeoutMillis) {
        this.admin = admin;
        this.instance = instance;
        this.timeoutMillis = timeoutMillis;
    }

    CompletableFuture<Boolean> exists(String group) {
        try {
            return CompletableFuture.completedFuture(GroupPresence.hasSubscription(admin.get(),
                    instance.get().rpc(), timeoutMillis, group));
        } catch (Throwable t) {
            return CompletableFuture.failedFuture(NativeProvider.translate(t));
        }
    }

    /** Deletes {@code group} with its offsets on every master (DELETE_SUBSCRIPTIONGROUP, cleanOffset). */
    CompletableFuture<Void> delete(String group) {
        try {
            ClientInstance shared = instance.get();
            Set<String> masters = new HashSet<>();
            for (BrokerData broker : admin.get().clusterInfo().getBrokerAddrTable().values()) {
                if (broker.masterAddr() != null) {
                    masters.add(broker.masterAddr());
                }
            }
            for (String master : masters) {
                RemotingCommand request = RemotingCommand.createRequest(RequestCode.DELETE_SUBSCRIPTIONGROUP);
                request.putExtField("groupName", group);
                request.putExtField("cleanOffset", "true");
                shared.rpc().callOk(master, request, timeoutMillis);
            }
            return CompletableFuture.completedFuture(null);
        } catch (Throwable t) {
            return CompletableFuture.failedFuture(NativeProvider.translate(t));
        }
    }

    /** Session.unsubscribe: the group and its stored definition. */
    CompletableFuture<Void> deleteSubscription(String group) {
        return delete(group).thenCompose(done -> {
            try {
                SubscriptionDefinitions.forget(instance.get().rpc(), timeoutMillis, group);
                return CompletableFuture.<Void>completedFuture(null);
            } catch (Throwable t) {
                return CompletableFuture.failedFuture(NativeProvider.translate(t));
            }
        });
    }

    /**
     * Before a consumer joins the named subscription {@code spec}: refused while another definition is online;
     * a changed durable definition without online consumers replaces the old subscription (see
     * {@link SubscriptionDefinitions}).
     *
     * @param subscription the (type, expression) the consumer will register
     */
    CompletableFuture<Void> prepare(ConsumerSpec spec, String[] subscription, boolean durable) {
        try {
            AdminClient admins = admin.get();
            var rpc = instance.get().rpc();
            SubscriptionDefinitions.checkOnline(admins, rpc, timeoutMillis, spec.group(), spec.topic(), subscription);
            if (!durable) {
                return CompletableFuture.completedFuture(null);
            }
            String wanted = SubscriptionDefinitions.definition(spec.topic(), spec.selector());
            String stored = SubscriptionDefinitions.stored(rpc, timeoutMillis, spec.group());
            if (wanted.equals(stored)) {
                return CompletableFuture.completedFuture(null);
            }
            // an online member passed checkOnline, so it has the new definition already: only the record is stale
            if (stored != null && GroupPresence.noOtherMember(admins, instance.get(), timeoutMillis, spec.group(),
                    null)) {
                delete(spec.group()).join(); // §8.3.3/§8.3.4: a changed subscription is a new one
            }
            SubscriptionDefinitions.store(rpc, timeoutMillis, spec.group(), wanted);
            return CompletableFuture.completedFuture(null);
        } catch (Throwable t) {
            return CompletableFuture.failedFuture(NativeProvider.translate(t));
        }
    }
}
