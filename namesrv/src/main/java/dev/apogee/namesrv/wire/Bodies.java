package dev.apogee.namesrv.wire;

import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;

import java.util.function.Function;

/** Decodes request bodies so that malformed input becomes a SYSTEM_ERROR response naming the body, not a crash. */
public final class Bodies {
    private Bodies() {
    }

    /**
     * @param what    body name for the error, e.g. {@code "DataVersion"}
     * @param decoder one of the body types' {@code decode(byte[])} methods
     */
    public static <T> T decode(String what, byte[] body, Function<byte[], T> decoder) {
        if (body == null || body.length == 0) {
            throw new RemotingCommandException(ResponseCode.SYSTEM_ERROR, "missing " + what + " body");
        }
        try {
            return decoder.apply(body);
        } catch (JsonException e) {
            throw malformed(what, e);
        }
    }

    static RemotingCommandException malformed(String what, Exception cause) {
        return new RemotingCommandException(ResponseCode.SYSTEM_ERROR,
                "malformed " + what + " body: " + cause.getMessage());
    }
}
