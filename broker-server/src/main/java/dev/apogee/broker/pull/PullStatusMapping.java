package dev.apogee.broker.pull;

import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.GetStatus;

/** Store read outcome → pull response code, as in the pull table of section 2.5 of the protocol reference. */
final class PullStatusMapping {
    private PullStatusMapping() {
    }

    static int code(GetStatus status, long requestedOffset) {
        return switch (status) {
            case FOUND -> ResponseCode.SUCCESS;
            case NO_MATCHED_MESSAGE, MESSAGE_WAS_REMOVING -> ResponseCode.PULL_RETRY_IMMEDIATELY;
            case OFFSET_OVERFLOW_ONE -> ResponseCode.PULL_NOT_FOUND;
            case OFFSET_OVERFLOW_BADLY, OFFSET_TOO_SMALL -> ResponseCode.PULL_OFFSET_MOVED;
            case NO_MESSAGE_IN_QUEUE, NO_MATCHED_LOGIC_QUEUE ->
                    requestedOffset == 0 ? ResponseCode.PULL_NOT_FOUND : ResponseCode.PULL_OFFSET_MOVED;
        };
    }
}
