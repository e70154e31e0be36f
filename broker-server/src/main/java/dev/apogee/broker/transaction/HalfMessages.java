package dev.apogee.broker.transaction;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.record.PropertiesCodec;
import dev.apogee.store.record.SysFlag;

import java.util.Map;

/**
 * Turns a prepared (half) message into what is stored: a normal record in {@code RMQ_SYS_TRANS_HALF_TOPIC} queue 0
 * — invisible to consumers of its real topic — that remembers its real topic and queue in REAL_TOPIC / REAL_QID.
 * The transaction bits are cleared so that the store indexes it in the half queue, where the check service reads it.
 * Stateless.
 */
public final class HalfMessages {
    public static final String TRANSACTION_CHECK_TIMES = "TRANSACTION_CHECK_TIMES";
    public static final String TRANSACTION_ID = "__transactionId__";
    /** Set on the halves of a branch (several sends committed as one unit, see the {@code branch} package). */
    public static final String BRANCH_ID = "__APOGEE_BRANCH";
    /** The consumer-offset group under which the check service keeps its position in the half queue. */
    public static final String CHECK_PROGRESS_GROUP = "CID_RMQ_SYS_TRANS";
    /** The consumer-offset group under which the branch reaper keeps its position in the half queue. */
    public static final String REAPER_PROGRESS_GROUP = "CID_APOGEE_SYS_BRANCH";

    private HalfMessages() {
    }

    public static boolean isPrepared(int sysFlag) {
        return SysFlag.transactionType(sysFlag) == SysFlag.TRANSACTION_PREPARED_TYPE;
    }

    /** Rewrites {@code message} in place into its half-topic form. */
    public static void toHalf(MessageToStore message, String uniqueKey) {
        toHalf(message, PropertiesCodec.decode(message.properties()), uniqueKey);
    }

    /** As {@link #toHalf(MessageToStore, String)}, with the message's properties already decoded (then changed). */
    public static void toHalf(MessageToStore message, Map<String, String> properties, String uniqueKey) {
        properties.put(MessageProperties.REAL_TOPIC, message.topic());
        properties.put(MessageProperties.REAL_QID, String.valueOf(message.queueId()));
        if (!properties.containsKey(BRANCH_ID)) {
            // a branch keeps its delay level: it applies from the commit on, like a delayed send's
            properties.remove(MessageProperties.DELAY);
        }
        if (uniqueKey != null) {
            properties.put(TRANSACTION_ID, uniqueKey);
        }
        message.topic(TopicValidator.TRANS_HALF_TOPIC)
                .queueId(0)
                .sysFlag(message.sysFlag() & ~SysFlag.TRANSACTION_MASK)
                .properties(PropertiesCodec.encode(properties));
    }
}
