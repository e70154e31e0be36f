package dev.apogee.namesrv.wire;

import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;

/** Builds the error for a body that cannot be decoded; the transport answers it as SYSTEM_ERROR. */
final class BodyException {
    private BodyException() {
    }

    static RemotingCommandException malformed(String what, Exception cause) {
        return new RemotingCommandException(ResponseCode.SYSTEM_ERROR,
                "malformed " + what + " body: " + cause.getMessage());
    }
}
