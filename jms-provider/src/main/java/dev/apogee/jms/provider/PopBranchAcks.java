package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.pop.PoppedMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The POP messages a transaction branch consumed, per consumer: acked when the branch commits, given back to the
 * group (counted as delivered) when it rolls back. Guarded by the owning {@link NativeTransaction}'s monitor.
 *
 * <p>The acks follow the branch's commit (they are not part of the broker's atomic step): a crash between the two
 * delivers the consumed messages again (at-least-once, the commit's sends stay).
 */
final class PopBranchAcks {
    private static final Logger LOG = LoggerFactory.getLogger(PopBranchAcks.class);

    private final Map<PopReceiver, List<PoppedMessage>> consumed = new LinkedHashMap<>();

    void add(PopReceiver receiver, List<PoppedMessage> messages) {
        if (!messages.isEmpty()) {
            consumed.computeIfAbsent(receiver, r -> new ArrayList<>()).addAll(messages);
        }
    }

    boolean isEmpty() {
        return consumed.isEmpty();
    }

    /** After the commit: acks everything consumed (one batch ack per consumer and broker). */
    void ackAll() throws MQClientException, InterruptedException {
        try {
            for (Map.Entry<PopReceiver, List<PoppedMessage>> e : consumed.entrySet()) {
                e.getKey().ack(e.getValue());
            }
        } finally {
            consumed.clear();
        }
    }

    /** After a rollback: everything consumed goes back to the group at once. */
    void releaseAll() {
        for (Map.Entry<PopReceiver, List<PoppedMessage>> e : consumed.entrySet()) {
            try {
                e.getKey().release(e.getValue());
            } catch (MQClientException ex) { // they come again after their invisible time: later, not lost
                LOG.warn("JMS-POP-RELEASE-FAILED giving back {} rolled-back messages failed: {}", e.getValue().size(),
                        ex.toString());
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        consumed.clear();
    }
}
