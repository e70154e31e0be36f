package dev.apogee.broker.message;

/** Names of the reserved message properties the broker reads or sets (section 4.4 of the protocol reference). */
public final class MessageProperties {
    public static final String TAGS = "TAGS";
    public static final String KEYS = "KEYS";
    public static final String WAIT = "WAIT";
    public static final String DELAY = "DELAY";
    public static final String UNIQ_KEY = "UNIQ_KEY";
    public static final String REAL_TOPIC = "REAL_TOPIC";
    public static final String REAL_QID = "REAL_QID";
    public static final String RETRY_TOPIC = "RETRY_TOPIC";
    public static final String ORIGIN_MESSAGE_ID = "ORIGIN_MESSAGE_ID";
    public static final String MAX_RECONSUME_TIMES = "MAX_RECONSUME_TIMES";
    public static final String RECONSUME_TIME = "RECONSUME_TIME";
    public static final String TRAN_MSG = "TRAN_MSG";
    public static final String PGROUP = "PGROUP";
    public static final String CLUSTER = "CLUSTER";
    public static final String MSG_REGION = "MSG_REGION";
    public static final String TRACE_ON = "TRACE_ON";
    public static final String TIMER_DELIVER_MS = "TIMER_DELIVER_MS";
    public static final String TIMER_DELAY_SEC = "TIMER_DELAY_SEC";
    public static final String TIMER_DELAY_MS = "TIMER_DELAY_MS";
    public static final String TRANSIENT_PREFIX = "__RMQ.TRANSIENT.";

    private MessageProperties() {
    }
}
