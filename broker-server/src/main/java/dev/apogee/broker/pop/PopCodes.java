package dev.apogee.broker.pop;

/** Response codes only POP uses (the official broker's values). */
final class PopCodes {
    /** Too many pops are held: the client retries later. */
    static final int POLLING_FULL = 209;
    /** Nothing to pop within the poll time (the client reads it as "no new message"). */
    static final int POLLING_TIMEOUT = 210;

    private PopCodes() {
    }
}
