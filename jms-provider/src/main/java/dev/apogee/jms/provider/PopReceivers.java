package dev.apogee.jms.provider;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.ClientInstance;
import dev.apogee.client.MQClientException;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.offset.OffsetApi;
import dev.apogee.client.pop.LeaseRenewal;
import dev.apogee.client.pop.PopConsumerConfig;
import dev.apogee.client.pop.Selector;
import dev.apogee.client.pop.SimpleConsumer;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.TopicOffset;
import jakarta.jms.JMSException;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The connection's POP consumers ({@link PopReceiver}: JMS queue consumers and shared subscriptions), all on the
 * connection's one client instance: however many consumers, one connection per broker and one heartbeat entry per
 * group ({@code PopGroupMember}). Creates them (the selector becomes each pop's own, so what one consumer does not
 * select stays for the others) and places a new topic subscription at the end of the topic.
 *
 * <p>Their messages stay invisible to the group's other consumers while the connection holds them (prefetched, handed
 * out and not acknowledged or released, in a transaction not yet prepared): one {@link LeaseRenewal} for all of
 * them, on one thread started with the first receiver, renews each at half of the invisible time until it is
 * acked, released, goes into a prepared (or committing) transaction branch, or its consumer closes.
 *
 * <p>Thread-safe: the registry is concurrent; {@code members} (open receivers per group, for "am I the last
 * consumer of this shared subscription") and {@code renewal} are guarded by this object's monitor.
 */
final class PopReceivers {
    private final Map<Long, PopReceiver> receivers = new ConcurrentHashMap<>();
    private final Map<String, Integer> members = new ConcurrentHashMap<>();
    private final GroupOperations.Client<AdminClient> admin;
    private final GroupOperations.Client<ClientInstance> instance;
    private final GroupOperations groups;
    private final ClientConfig clientConfig;
    private final long requestTimeoutMillis;
    private final long invisibleMillis;
    private LeaseRenewal renewal;

    /**
     * @param clientConfig    the config of the connection's shared client instance (its instance name)
     * @param invisibleMillis how long a popped message stays invisible at a time (the factory's invisible time)
     */
    PopReceivers(GroupOperations.Client<AdminClient> admin, GroupOperations.Client<ClientInstance> instance,
            GroupOperations groups, ClientConfig clientConfig, long requestTimeoutMillis, long invisibleMillis) {
        this.admin = admin;
        this.instance = instance;
        this.groups = groups;
        this.clientConfig = clientConfig;
        this.requestTimeoutMillis = requestTimeoutMillis;
        this.invisibleMillis = invisibleMillis;
    }

    /** The connection's renewal, started with its first POP consumer. */
    private synchronized LeaseRenewal renewal() {
        if (renewal == null) {
            // a tenth of the invisible time: renewals start at half of it, so a slow answer still has time
            renewal = LeaseRenewal.start("apogee-jms-" + clientConfig.getInstanceName() + "-pop-renewal",
                    Math.max(100, invisibleMillis / 10), clientConfig.getClock());
        }
        return renewal;
    }

    /**
     * Opens a receiver of {@code spec} with the broker-side {@code subscription} (type, expression) as its pops'
     * selector. A topic subscription that is new (its group has no offsets) or a shared one nobody else is in starts
     * at the end of the topic: the group's offsets are set to the end before its first pop. A shared one restarting
     * over a group that is still there (its last consumer crashed, or its close could not tell it was the last) is
     * deleted first, so no POP state of the old subscription (messages due again, a cursor) survives.
     */
    PopReceiver open(long id, ConsumerSpec spec, String[] subscription)
            throws JMSException, MQClientException, InterruptedException {
        boolean fresh = spec.fromLast() && !admin.get().consumerGroups(spec.topic()).contains(spec.group());
        SimpleConsumer consumer = new SimpleConsumer(new PopConsumerConfig(spec.group(), spec.topic())
                .setClientConfig(clientConfig).setSelector(new Selector(subscription[0], subscription[1]))
                .setLeaseRenewal(renewal()));
        consumer.start();
        boolean alone;
        synchronized (this) {
            alone = members.merge(spec.group(), 1, Integer::sum) == 1;
        }
        try {
            // asked after joining (the other side asks after leaving): of a join and a leave at once one sees the other
            boolean restart = !fresh && spec.endsWithLastConsumer() && alone && GroupPresence.noOtherMember(
                    admin.get(), instance.get(), requestTimeoutMillis, spec.group(), instance.get().clientId());
            if (restart) {
                groups.delete(spec.group()).join();
            }
            if (fresh || restart) {
                startAtEnd(spec);
            }
        } catch (JMSException | MQClientException | InterruptedException | RuntimeException e) {
            leave(spec.group());
            consumer.close();
            throw e;
        }
        PopReceiver receiver = new PopReceiver(spec, consumer, invisibleMillis, requestTimeoutMillis);
        receivers.put(id, receiver);
        return receiver;
    }

    private void startAtEnd(ConsumerSpec spec) throws JMSException, MQClientException, InterruptedException {
        OffsetApi offsets = new OffsetApi(instance.get().rpc(), instance.get().routes());
        for (Map.Entry<MessageQueue, TopicOffset> e : admin.get().topicOffsets(spec.topic()).entrySet()) {
            long start = spec.fromTimestamp() >= 0 ? offsets.searchOffset(e.getKey(), spec.fromTimestamp())
                    : e.getValue().getMaxOffset();
            offsets.updateConsumerOffset(spec.group(), e.getKey(), start, false);
        }
    }

    PopReceiver get(long id) {
        return receivers.get(id);
    }

    /**
     * Closes the receiver (its lazy acks stored, its unacked and prefetched messages given back, the group left).
     * Returns its group when that is a shared non-durable subscription that ended with it (no other consumer in this
     * connection, and none online elsewhere, asked after leaving), to be deleted; else null.
     */
    String close(long id) throws JMSException {
        PopReceiver r = receivers.remove(id);
        if (r == null) {
            return null;
        }
        r.close();
        String group = r.spec.group();
        boolean ended = leave(group) && r.spec.endsWithLastConsumer()
                && GroupPresence.noOtherMember(admin.get(), instance.get(), requestTimeoutMillis, group, null);
        return ended ? group : null;
    }

    /** Counts a closed receiver out; true when no other receiver of its group is open in this connection. */
    private synchronized boolean leave(String group) {
        return members.computeIfPresent(group, (g, n) -> n == 1 ? null : n - 1) == null;
    }

    /** Connection stop: the prefetched messages go back to the group (not counted as deliveries). */
    void releasePrefetches() throws MQClientException, InterruptedException {
        for (PopReceiver r : receivers.values()) {
            r.releasePrefetch();
        }
    }

    /** Connection close. */
    void closeAll() {
        for (PopReceiver r : receivers.values()) {
            r.close();
        }
        receivers.clear();
        members.clear();
        synchronized (this) {
            if (renewal != null) {
                renewal.close();
                renewal = null;
            }
        }
    }
}
