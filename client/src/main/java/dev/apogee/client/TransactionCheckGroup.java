package dev.apogee.client;

import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageDecoder;
import dev.apogee.client.message.MessageExt;
import dev.apogee.remoting.protocol.RemotingCommand;

import java.nio.ByteBuffer;

/** Finds the producer group a CHECK_TRANSACTION_STATE request is for: the {@code PGROUP} of the half message. */
final class TransactionCheckGroup {
    private TransactionCheckGroup() {
    }

    static String of(RemotingCommand request) {
        byte[] body = request.body();
        if (body == null || body.length == 0) {
            return null;
        }
        MessageExt message = MessageDecoder.decode(ByteBuffer.wrap(body), false);
        return message == null ? null : message.getProperty(MessageConst.PGROUP);
    }
}
