package dev.apogee.broker.pop;

import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.pop.ReceiptHandle;

/**
 * Checks that an ack's or a change's {@code extraInfo} (the {@link ReceiptHandle} the official client builds from a
 * pop answer) is well formed and names the same queue and message as the request's header, so a malformed or
 * mismatched handle is refused with INVALID_PARAMETER and a remark instead of acking something else. The header's
 * topic, queue and offset are what the broker acts on.
 */
final class ReceiptHandleCheck {
    private ReceiptHandleCheck() {
    }

    static ReceiptHandle check(String extraInfo, int queueId, long offset) {
        ReceiptHandle handle;
        try {
            handle = ReceiptHandle.parse(extraInfo);
        } catch (IllegalArgumentException e) {
            throw PopChecks.refuse(ResponseCode.INVALID_PARAMETER, "malformed extraInfo: " + e.getMessage());
        }
        if (handle.queueId() != queueId
                || (handle.queueOffset() != ReceiptHandle.UNKNOWN_OFFSET && handle.queueOffset() != offset)) {
            throw PopChecks.refuse(ResponseCode.INVALID_PARAMETER, "extraInfo [" + extraInfo + "] names queue "
                    + handle.queueId() + " offset " + handle.queueOffset() + ", the header queueId " + queueId
                    + " offset " + offset);
        }
        return handle;
    }
}
