package dev.apogee.broker.lock;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.LockBatchRequestBody;
import io.netty.channel.Channel;

/** UNLOCK_BATCH_MQ (42): releases the caller's locks on the listed queues (sync at shutdown, oneway on rebalance). */
public final class UnlockBatchMqProcessor implements RequestProcessor {
    private final QueueLockTable locks;

    public UnlockBatchMqProcessor(QueueLockTable locks) {
        this.locks = locks;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        LockBatchRequestBody body = LockBatchMqProcessor.decode(request);
        locks.unlock(body.getConsumerGroup(), body.getMqSet(), body.getClientId());
        return request.isOneway() ? null : RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }
}
