package dev.apogee.broker.pop;

/** The POP request codes (the official values; above 32767, so they travel with JSON headers only). */
public final class PopRequestCodes {
    public static final int POP_MESSAGE = 200050;
    public static final int ACK_MESSAGE = 200051;
    public static final int PEEK_MESSAGE = 200052;
    public static final int CHANGE_MESSAGE_INVISIBLETIME = 200053;
    public static final int NOTIFICATION = 200054;
    public static final int POLLING_INFO = 200055;
    public static final int BATCH_ACK_MESSAGE = 200151;
    public static final int GET_ALL_MESSAGE_REQUEST_MODE = 402;

    private PopRequestCodes() {
    }
}
