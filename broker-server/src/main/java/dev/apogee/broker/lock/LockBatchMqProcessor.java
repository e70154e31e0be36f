package dev.apogee.broker.lock;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.LockBatchRequestBody;
import dev.apogee.remoting.protocol.body.LockBatchResponseBody;
import io.netty.channel.Channel;

/** LOCK_BATCH_MQ (41): grants or renews orderly locks; answers the subset now held ({@code lockOKMQSet}). */
public final class LockBatchMqProcessor implements RequestProcessor {
    private final QueueLockTable locks;

    public LockBatchMqProcessor(QueueLockTable locks) {
        this.locks = locks;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        LockBatchRequestBody body = decode(request);
        LockBatchResponseBody answer = new LockBatchResponseBody();
        answer.setLockOKMQSet(locks.tryLock(body.getConsumerGroup(), body.getMqSet(), body.getClientId(), channel));
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(answer.encode());
    }

    /** Lock and unlock requests share one body shape. */
    static LockBatchRequestBody decode(RemotingCommand request) {
        LockBatchRequestBody body = request.body() == null ? null : LockBatchRequestBody.decode(request.body());
        if (body == null || body.getConsumerGroup() == null || body.getClientId() == null) {
            throw new RemotingCommandException(ResponseCode.INVALID_PARAMETER,
                    "the lock request body needs consumerGroup, clientId and mqSet");
        }
        return body;
    }
}
