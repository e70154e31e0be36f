package dev.apogee.remoting.protocol;

/**
 * Send-response header fields that only an Apogee broker sets. Official clients ignore unknown response fields, so
 * adding them keeps the wire compatible; an Apache RocketMQ broker never sets them, which is how our client tells
 * the two apart without an extra request.
 */
public final class SendResponseFields {
    /**
     * "1": this broker stores one connection's sends to one topic queue in the order they arrived, also when they are
     * pipelined (several in flight). Apache RocketMQ processes a connection's sends on several threads, so a client
     * must keep one send per queue in flight there to keep order.
     */
    public static final String ORDERED_SENDS = "apogeeOrdered";

    private SendResponseFields() {
    }
}
