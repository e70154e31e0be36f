package dev.apogee.jms.message;

import java.util.Set;

/** Property names of the JMS ⇄ RocketMQ mapping (see {@code MAPPING.md}). */
public final class WireNames {
    /** Body kind marker: text, bytes, map, stream, object, none. Absent = bytes (a native message). */
    public static final String BODY = "__JMS_BODY";
    /** Type map of typed properties and flagged strings ({@link WireProperties}). */
    public static final String TYPES = WireProperties.TYPES;
    /** Correlation id set as bytes, Base64 (RFC 4648, with padding). */
    public static final String CORRELATION_ID_BYTES = "__JMS_CIDB";
    /** Set when the wire body is a 1-byte placeholder: {@code null} (no body / null text or object) or {@code empty}. */
    public static final String EMPTY_BODY = "__JMS_EMPTY";
    /** Prefix of every provider-internal property; user properties may not use it. */
    public static final String INTERNAL_PREFIX = "__JMS_";

    public static final String MESSAGE_ID = "JMSMessageID";
    public static final String TIMESTAMP = "JMSTimestamp";
    public static final String CORRELATION_ID = "JMSCorrelationID";
    public static final String REPLY_TO = "JMSReplyTo";
    public static final String DESTINATION = "JMSDestination";
    public static final String DELIVERY_MODE = "JMSDeliveryMode";
    public static final String TYPE = "JMSType";
    public static final String EXPIRATION = "JMSExpiration";
    public static final String PRIORITY = "JMSPriority";
    public static final String DELIVERY_TIME = "JMSDeliveryTime";

    /** RocketMQ's client message id (protocol §4.6). */
    public static final String UNIQ_KEY = "UNIQ_KEY";
    /** RocketMQ request-reply correlation id, used as JMSCorrelationID for native messages. */
    public static final String NATIVE_CORRELATION_ID = "CORRELATION_ID";

    static final Set<String> HEADERS = Set.of(MESSAGE_ID, TIMESTAMP, CORRELATION_ID, REPLY_TO, DESTINATION,
            DELIVERY_MODE, TYPE, EXPIRATION, PRIORITY, DELIVERY_TIME);

    /** RocketMQ reserved property names (protocol §4.4): never user properties in either direction. */
    public static final Set<String> ROCKETMQ_RESERVED = Set.of("TAGS", "KEYS", "WAIT", "DELAY", "TIMER_DELAY_SEC",
            "TIMER_DELAY_MS", "TIMER_DELIVER_MS", "TIMER_OUT_MS", "TIMER_ENQUEUE_MS", "TIMER_DEQUEUE_MS",
            "TIMER_ROLL_TIMES", "TIMER_DEL_UNIQKEY", "TIMER_DELAY_LEVEL", "UNIQ_KEY", "TRAN_MSG", "PGROUP",
            "__transactionId__", "TRANSACTION_CHECK_TIMES", "TRAN_PREPARED_QUEUE_OFFSET",
            "CHECK_IMMUNITY_TIME_IN_SECONDS", "REAL_TOPIC", "REAL_QID", "RETRY_TOPIC", "ORIGIN_MESSAGE_ID",
            "RECONSUME_TIME", "MAX_RECONSUME_TIMES", "MIN_OFFSET", "MAX_OFFSET", "CONSUME_START_TIME", "MSG_REGION",
            "TRACE_ON", "CLUSTER", "__BORNHOST", "BORN_TIMESTAMP", "INSTANCE_ID", "CORRELATION_ID",
            "REPLY_TO_CLIENT", "TTL", "ARRIVE_TIME", "MSG_TYPE", "PUSH_REPLY_TIME", "BUYER_ID", "TRANSFER_FLAG",
            "CORRECTION_FLAG", "MQ2_FLAG", "DUP_INFO", "EXTEND_UNIQ_INFO", "INNER_NUM", "INNER_BASE", "POP_CK",
            "POP_CK_OFFSET", "1ST_POP_TIME", "INNER_MULTI_DISPATCH", "INNER_MULTI_QUEUE_OFFSET", "__SHARDINGKEY",
            "TRACE_CONTEXT", "DLQ_ORIGIN_TOPIC", "DLQ_ORIGIN_MESSAGE_ID", "__CRC32#");

    private WireNames() {
    }

    /** Whether a RocketMQ property of this name is mapping or broker/client bookkeeping rather than user data. */
    public static boolean isSystem(String name) {
        return ROCKETMQ_RESERVED.contains(name) || HEADERS.contains(name) || name.startsWith(INTERNAL_PREFIX)
                || name.startsWith("__RMQ.TRANSIENT.");
    }
}
