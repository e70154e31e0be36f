package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.pop.PoppedMessage;
import dev.apogee.client.transaction.BranchPopAck;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The POP messages a transaction branch consumed, per consumer. They travel with the branch ({@link BranchPopAck}s):
 * the broker acks them in the commit's atomic append (a local commit, or the commit of a prepared branch), holds them
 * while the branch is prepared and gives them back when a prepared branch rolls back. A branch rolled back before any
 * broker heard of its acks (still active, or its commit refused) gives them back itself ({@link #releaseExcept}).
 * Guarded by the owning {@link NativeTransaction}'s monitor.
 */
final class PopBranchAcks {
    private static final Logger LOG = LoggerFactory.getLogger(PopBranchAcks.class);

    private final Map<PopReceiver, List<PoppedMessage>> consumed = new LinkedHashMap<>();

    void add(PopReceiver receiver, List<PoppedMessage> messages) {
        if (!messages.isEmpty()) {
            consumed.computeIfAbsent(receiver, r -> new ArrayList<>()).addAll(messages);
        }
    }

    /** The brokers holding the consumed messages. */
    Set<String> brokers() {
        Set<String> brokers = new LinkedHashSet<>();
        consumed.values().forEach(messages -> messages.forEach(m -> brokers.add(m.handle().brokerName())));
        return brokers;
    }

    /**
     * The acks of the messages popped from {@code broker}, for the branch's commit or prepare there. Their renewal
     * stops first (a renewal in flight is waited for, so each ack carries the newest handle): from here on the
     * broker holds or acks them with the branch, or a rollback gives them back.
     */
    List<BranchPopAck> of(String broker) {
        List<BranchPopAck> acks = new ArrayList<>();
        consumed.forEach((receiver, messages) -> {
            List<PoppedMessage> there = new ArrayList<>();
            for (PoppedMessage m : messages) {
                if (m.handle().brokerName().equals(broker)) {
                    there.add(m);
                }
            }
            receiver.stopRenewal(there);
            there.forEach(m -> acks.add(BranchPopAck.of(receiver.spec.group(), m)));
        });
        return acks;
    }

    /** The branch committed: the brokers acked the messages. */
    void clear() {
        consumed.clear();
    }

    /**
     * The branch rolled back: the messages on brokers that had them as part of a prepared branch came back there;
     * the others are given back here, at once (counted as delivered).
     */
    void releaseExcept(Set<String> preparedBrokers) {
        for (Map.Entry<PopReceiver, List<PoppedMessage>> e : consumed.entrySet()) {
            List<PoppedMessage> mine = new ArrayList<>();
            for (PoppedMessage m : e.getValue()) {
                if (!preparedBrokers.contains(m.handle().brokerName())) {
                    mine.add(m);
                }
            }
            try {
                if (!mine.isEmpty()) {
                    e.getKey().release(mine);
                }
            } catch (MQClientException ex) { // they come again after their invisible time: later, not lost
                LOG.warn("JMS-POP-RELEASE-FAILED giving back {} rolled-back messages failed: {}", mine.size(),
                        ex.toString());
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        consumed.clear();
    }
}
