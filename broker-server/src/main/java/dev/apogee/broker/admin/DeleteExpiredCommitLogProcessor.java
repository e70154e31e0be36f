package dev.apogee.broker.admin;

import dev.apogee.remoting.netty.RemotingAddress;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DELETE_EXPIRED_COMMITLOG (329, mqadmin deleteExpiredCommitLog): deletes now the commit-log files older than
 * {@code fileReservedTime}, as if the {@code deleteWhen} hour had come — never a file still within its reserved
 * time, the last file, or one not yet flushed and dispatched. Consume queues and indexes follow. No header.
 */
public final class DeleteExpiredCommitLogProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(DeleteExpiredCommitLogProcessor.class);

    private final MessageStore store;

    public DeleteExpiredCommitLogProcessor(MessageStore store) {
        this.store = store;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        int deleted = store.retention().deleteExpiredCommitLogNow();
        LOG.warn("deleteExpiredCommitLog asked by {}: deleted {} expired commit-log files, min offset now {}",
                RemotingAddress.of(channel), deleted, store.getMinPhyOffset());
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }
}
