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
 * CLEAN_EXPIRED_CONSUMEQUEUE (306, mqadmin cleanExpiredCQ): deletes now the consume-queue and index files that
 * only point below the commit log's first message (the clean service would at its next round). No header.
 */
public final class CleanExpiredConsumeQueueProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(CleanExpiredConsumeQueueProcessor.class);

    private final MessageStore store;

    public CleanExpiredConsumeQueueProcessor(MessageStore store) {
        this.store = store;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        int deleted = store.retention().cleanConsumeQueuesNow();
        LOG.info("cleanExpiredCQ asked by {}: deleted {} consume-queue/index files below commit-log offset {}",
                RemotingAddress.of(channel), deleted, store.getMinPhyOffset());
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }
}
