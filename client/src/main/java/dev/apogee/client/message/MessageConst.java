package dev.apogee.client.message;

import java.util.Set;

/** Reserved property names (section 4.4 of the protocol reference). */
public final class MessageConst {
    public static final String TAGS = "TAGS";
    public static final String KEYS = "KEYS";
    public static final String WAIT = "WAIT";
    public static final String DELAY = "DELAY";
    public static final String TIMER_DELAY_SEC = "TIMER_DELAY_SEC";
    public static final String TIMER_DELAY_MS = "TIMER_DELAY_MS";
    public static final String TIMER_DELIVER_MS = "TIMER_DELIVER_MS";
    public static final String UNIQ_KEY = "UNIQ_KEY";
    public static final String TRAN_MSG = "TRAN_MSG";
    public static final String PGROUP = "PGROUP";
    public static final String TRANSACTION_ID = "__transactionId__";
    public static final String TRANSACTION_CHECK_TIMES = "TRANSACTION_CHECK_TIMES";
    public static final String CHECK_IMMUNITY_TIME_IN_SECONDS = "CHECK_IMMUNITY_TIME_IN_SECONDS";
    public static final String REAL_TOPIC = "REAL_TOPIC";
    public static final String REAL_QID = "REAL_QID";
    public static final String RETRY_TOPIC = "RETRY_TOPIC";
    public static final String ORIGIN_MESSAGE_ID = "ORIGIN_MESSAGE_ID";
    public static final String RECONSUME_TIME = "RECONSUME_TIME";
    public static final String MAX_RECONSUME_TIMES = "MAX_RECONSUME_TIMES";
    public static final String MIN_OFFSET = "MIN_OFFSET";
    public static final String MAX_OFFSET = "MAX_OFFSET";
    public static final String CONSUME_START_TIME = "CONSUME_START_TIME";
    public static final String MSG_REGION = "MSG_REGION";
    public static final String TRACE_ON = "TRACE_ON";
    public static final String CLUSTER = "CLUSTER";

    /** Names a user may not set with {@link Message#putUserProperty}. */
    public static final Set<String> RESERVED = Set.of(TAGS, KEYS, WAIT, DELAY, TIMER_DELAY_SEC, TIMER_DELAY_MS,
            TIMER_DELIVER_MS, "TIMER_OUT_MS", "TIMER_ENQUEUE_MS", "TIMER_DEQUEUE_MS", "TIMER_ROLL_TIMES",
            "TIMER_DEL_UNIQKEY", "TIMER_DELAY_LEVEL", UNIQ_KEY, TRAN_MSG, PGROUP, TRANSACTION_ID,
            TRANSACTION_CHECK_TIMES, "TRAN_PREPARED_QUEUE_OFFSET", CHECK_IMMUNITY_TIME_IN_SECONDS, REAL_TOPIC,
            REAL_QID, RETRY_TOPIC, ORIGIN_MESSAGE_ID, RECONSUME_TIME, MAX_RECONSUME_TIMES, MIN_OFFSET, MAX_OFFSET,
            CONSUME_START_TIME, MSG_REGION, TRACE_ON, CLUSTER, "INSTANCE_ID", "CORRELATION_ID", "REPLY_TO_CLIENT",
            "TTL", "ARRIVE_TIME", "MSG_TYPE", "PUSH_REPLY_TIME", "BUYER_ID", "TRANSFER_FLAG", "CORRECTION_FLAG",
            "MQ2_FLAG", "DUP_INFO", "EXTEND_UNIQ_INFO", "INNER_NUM", "INNER_BASE", "POP_CK", "POP_CK_OFFSET",
            "1ST_POP_TIME", "INNER_MULTI_DISPATCH", "INNER_MULTI_QUEUE_OFFSET", "__SHARDINGKEY", "TRACE_CONTEXT",
            "DLQ_ORIGIN_TOPIC", "DLQ_ORIGIN_MESSAGE_ID", "__BORNHOST", "BORN_TIMESTAMP");

    private MessageConst() {
    }
}
