package dev.apogee.broker.pop;

import dev.apogee.remoting.protocol.ResponseCode;

/**
 * Checks that an {@code extraInfo} (the receipt handle the official client builds from a pop answer:
 * "{@code ckOffset popTime invisibleTime reviveQid retry brokerName queueId offset}") is well formed and names the
 * same message as the request's header, so a malformed or mismatched handle is refused with a remark instead of
 * acking something else. The header's topic, queue and offset are what the broker acts on.
 */
final class ReceiptHandleCheck {
    private ReceiptHandleCheck() {
    }

    static void check(String extraInfo, int queueId, long offset) {
        if (extraInfo == null || extraInfo.isBlank()) {
            throw malformed(extraInfo, "missing");
        }
        String[] f = extraInfo.split(" ");
        if (f.length < 8) {
            throw malformed(extraInfo, "8 space-separated fields expected");
        }
        try {
            Long.parseLong(f[0]);
            Long.parseLong(f[1]);
            Long.parseLong(f[2]);
            Integer.parseInt(f[3]);
            if (Integer.parseInt(f[6]) != queueId || Long.parseLong(f[7]) != offset) {
                throw malformed(extraInfo, "queue " + f[6] + " offset " + f[7] + " differ from the header's queueId "
                        + queueId + " offset " + offset);
            }
        } catch (NumberFormatException e) {
            throw malformed(extraInfo, e.getMessage());
        }
    }

    private static RuntimeException malformed(String extraInfo, String why) {
        return PopChecks.refuse(ResponseCode.INVALID_PARAMETER, "malformed extraInfo [" + extraInfo + "]: " + why);
    }
}
