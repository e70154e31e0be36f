package dev.apogee.broker.transaction;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.store.MessageStore;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.PropertiesCodec;

import java.nio.ByteBuffer;

/**
 * Finds the committed copy of a half message left by a crash or a power cut between the two appends of a commit:
 * the real message reached the disk, the op record marking the half decided did not, so after the restart the half
 * looks undecided. Committing it again would deliver the message twice. Used by the transaction check service before
 * it asks a producer. The copy is found through the message index (UNIQ_KEY) in the real topic (or the schedule or
 * timer topic): a record pointing back at a half ({@code preparedTransactionOffset}) with the same UNIQ_KEY. A half
 * re-put for a check keeps the UNIQ_KEY of the original, so a copy committed from any re-put of it is found (the
 * branch materializer keeps its own check by exact half offset: its halves are never re-put). Stateless; any thread.
 */
public final class CommittedCopies {
    private static final int MAX_HITS = 32;

    private CommittedCopies() {
    }

    /** Whether a committed copy of {@code half} is stored (false without a UNIQ_KEY or with the index disabled). */
    public static boolean exist(MessageStore store, StoredMessage half) {
        String key = half.property(MessageProperties.UNIQ_KEY);
        if (key == null) {
            return false;
        }
        String realTopic = half.property(MessageProperties.REAL_TOPIC);
        MessageRecordFlyweight record = new MessageRecordFlyweight();
        for (String topic : new String[] {realTopic, TopicValidator.SCHEDULE_TOPIC, TopicValidator.TIMER_TOPIC}) {
            if (topic == null) {
                continue;
            }
            for (ByteBuffer buffer : store.queryMessage(topic, key, MAX_HITS, 0, Long.MAX_VALUE).messages()) {
                record.wrap(buffer, buffer.position());
                // an index hit may be another key with the same hash: compare the key itself
                if (record.preparedTransactionOffset() > 0
                        && key.equals(PropertiesCodec.get(record.properties(), MessageProperties.UNIQ_KEY))) {
                    return true;
                }
            }
        }
        return false;
    }
}
