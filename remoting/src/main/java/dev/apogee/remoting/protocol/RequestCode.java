package dev.apogee.remoting.protocol;

/** Request codes of the RocketMQ remoting protocol (section 2.2 of the protocol reference). */
public final class RequestCode {
    public static final int SEND_MESSAGE = 10;
    public static final int PULL_MESSAGE = 11;
    public static final int QUERY_MESSAGE = 12;
    public static final int QUERY_CONSUMER_OFFSET = 14;
    public static final int UPDATE_CONSUMER_OFFSET = 15;
    public static final int UPDATE_AND_CREATE_TOPIC = 17;
    public static final int UPDATE_AND_CREATE_TOPIC_LIST = 18;
    public static final int GET_ALL_TOPIC_CONFIG = 21;
    public static final int UPDATE_BROKER_CONFIG = 25;
    public static final int GET_BROKER_CONFIG = 26;
    public static final int GET_BROKER_RUNTIME_INFO = 28;
    public static final int SEARCH_OFFSET_BY_TIMESTAMP = 29;
    public static final int GET_MAX_OFFSET = 30;
    public static final int GET_MIN_OFFSET = 31;
    public static final int GET_EARLIEST_MSG_STORETIME = 32;
    public static final int VIEW_MESSAGE_BY_ID = 33;
    public static final int HEART_BEAT = 34;
    public static final int UNREGISTER_CLIENT = 35;
    public static final int CONSUMER_SEND_MSG_BACK = 36;
    public static final int END_TRANSACTION = 37;
    public static final int GET_CONSUMER_LIST_BY_GROUP = 38;
    public static final int CHECK_TRANSACTION_STATE = 39;
    public static final int NOTIFY_CONSUMER_IDS_CHANGED = 40;
    public static final int LOCK_BATCH_MQ = 41;
    public static final int UNLOCK_BATCH_MQ = 42;
    public static final int GET_ALL_CONSUMER_OFFSET = 43;
    public static final int CHECK_CLIENT_CONFIG = 46;
    public static final int PUT_KV_CONFIG = 100;
    public static final int GET_KV_CONFIG = 101;
    public static final int DELETE_KV_CONFIG = 102;
    public static final int REGISTER_BROKER = 103;
    public static final int UNREGISTER_BROKER = 104;
    public static final int GET_ROUTEINFO_BY_TOPIC = 105;
    public static final int GET_BROKER_CLUSTER_INFO = 106;
    public static final int UPDATE_AND_CREATE_SUBSCRIPTIONGROUP = 200;
    public static final int GET_ALL_SUBSCRIPTIONGROUP_CONFIG = 201;
    public static final int GET_TOPIC_STATS_INFO = 202;
    public static final int GET_CONSUMER_CONNECTION_LIST = 203;
    public static final int GET_PRODUCER_CONNECTION_LIST = 204;
    public static final int WIPE_WRITE_PERM_OF_BROKER = 205;
    public static final int GET_ALL_TOPIC_LIST_FROM_NAMESERVER = 206;
    public static final int DELETE_SUBSCRIPTIONGROUP = 207;
    public static final int GET_CONSUME_STATS = 208;
    public static final int DELETE_TOPIC_IN_BROKER = 215;
    public static final int DELETE_TOPIC_IN_NAMESRV = 216;
    public static final int REGISTER_TOPIC_IN_NAMESRV = 217;
    public static final int GET_KVLIST_BY_NAMESPACE = 219;
    public static final int RESET_CONSUMER_CLIENT_OFFSET = 220;
    public static final int GET_CONSUMER_STATUS_FROM_CLIENT = 221;
    public static final int INVOKE_BROKER_TO_RESET_OFFSET = 222;
    public static final int INVOKE_BROKER_TO_GET_CONSUMER_STATUS = 223;
    public static final int GET_TOPICS_BY_CLUSTER = 224;
    public static final int QUERY_TOPIC_CONSUME_BY_WHO = 300;
    public static final int GET_SYSTEM_TOPIC_LIST_FROM_NS = 304;
    public static final int CLEAN_EXPIRED_CONSUMEQUEUE = 306;
    public static final int GET_CONSUMER_RUNNING_INFO = 307;
    public static final int CONSUME_MESSAGE_DIRECTLY = 309;
    public static final int SEND_MESSAGE_V2 = 310;
    public static final int UPDATE_NAMESRV_CONFIG = 318;
    public static final int GET_NAMESRV_CONFIG = 319;
    public static final int VIEW_BROKER_STATS_DATA = 315;
    public static final int GET_BROKER_CONSUME_STATS = 317;
    public static final int SEND_BATCH_MESSAGE = 320;
    public static final int QUERY_DATA_VERSION = 322;
    public static final int SEND_REPLY_MESSAGE = 324;
    public static final int SEND_REPLY_MESSAGE_V2 = 325;
    public static final int PUSH_REPLY_MESSAGE_TO_CLIENT = 326;
    public static final int ADD_WRITE_PERM_OF_BROKER = 327;
    public static final int DELETE_EXPIRED_COMMITLOG = 329;
    public static final int GET_TOPIC_CONFIG = 351;
    public static final int LITE_PULL_MESSAGE = 361;
    public static final int RECALL_MESSAGE = 370;
    public static final int QUERY_ASSIGNMENT = 400;
    public static final int SET_MESSAGE_REQUEST_MODE = 401;
    public static final int GET_ALL_MESSAGE_REQUEST_MODE = 402;
    public static final int GET_BROKER_MEMBER_GROUP = 901;
    public static final int BROKER_HEARTBEAT = 904;

    // POP consumption (RocketMQ 5): the broker keeps per-message state for a group; see protocol.pop.
    public static final int POP_MESSAGE = 200050;
    public static final int ACK_MESSAGE = 200051;
    public static final int PEEK_MESSAGE = 200052;
    public static final int CHANGE_MESSAGE_INVISIBLETIME = 200053;
    public static final int NOTIFICATION = 200054;
    public static final int POLLING_INFO = 200055;
    public static final int POP_ROLLBACK = 200056;
    public static final int BATCH_ACK_MESSAGE = 200151;

    // Apogee-private: several half messages and consumed positions committed as one unit (a JMS local transaction
    // or an XA branch). An Apache RocketMQ broker answers them with REQUEST_CODE_NOT_SUPPORTED.
    /** Durably records a branch (its halves and acks); {@code onePhase=true} commits it at once. */
    public static final int BRANCH_PREPARE = 9201;
    public static final int BRANCH_COMMIT = 9202;
    public static final int BRANCH_ROLLBACK = 9203;
    /** Lists the branches prepared and not yet decided on the broker. */
    public static final int BRANCH_RECOVER = 9204;
    public static final int BRANCH_FORGET = 9205;
    /**
     * A one-phase branch in one request: ext {@code branchId}, {@code producerGroup}, {@code acks} (JSON); body the
     * messages in the SEND_BATCH_MESSAGE encoding, each naming its topic and queue in REAL_TOPIC / REAL_QID. The
     * broker stores them as halves and commits them with the acks; SUCCESS once the decision is durable.
     */
    public static final int BRANCH_COMMIT_LOCAL = 9206;

    private RequestCode() {
    }
}
