package dev.apogee.broker;

import dev.apogee.broker.client.GetConsumerListByGroupProcessor;
import dev.apogee.broker.client.HeartbeatProcessor;
import dev.apogee.broker.client.UnregisterClientProcessor;
import dev.apogee.broker.lock.LockBatchMqProcessor;
import dev.apogee.broker.lock.LockedGroupRetryRule;
import dev.apogee.broker.lock.UnlockBatchMqProcessor;
import dev.apogee.broker.offset.QueryConsumerOffsetProcessor;
import dev.apogee.broker.offset.UpdateConsumerOffsetProcessor;
import dev.apogee.broker.query.QueryMessageProcessor;
import dev.apogee.broker.query.ViewMessageByIdProcessor;
import dev.apogee.broker.queue.QueueOffsetProcessor;
import dev.apogee.broker.retry.ConsumerSendMsgBackProcessor;
import dev.apogee.broker.send.SendBatchMessageProcessor;
import dev.apogee.broker.send.SendMessageProcessor;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.protocol.RequestCode;

/**
 * The broker's request-code table: which processor answers which code, on which executor. Kept in one place so the
 * set of supported commands can be read at a glance. Unregistered codes get REQUEST_CODE_NOT_SUPPORTED.
 */
final class ProcessorRegistrations {
    private final Broker broker;

    ProcessorRegistrations(Broker broker) {
        this.broker = broker;
    }

    void registerAll(NettyRemotingServer server) {
        BrokerExecutors ex = broker.executors;
        SendMessageProcessor send = new SendMessageProcessor(broker.config, broker.topics, broker.redirect,
                broker.appender);
        LockedGroupRetryRule guardedSend = new LockedGroupRetryRule(broker.queueLocks, send);
        server.registerProcessor(RequestCode.SEND_MESSAGE, guardedSend, ex.send);
        server.registerProcessor(RequestCode.SEND_MESSAGE_V2, guardedSend, ex.send);
        server.registerProcessor(RequestCode.SEND_BATCH_MESSAGE,
                new SendBatchMessageProcessor(broker.config, broker.topics, broker.appender), ex.send);

        server.registerProcessor(RequestCode.END_TRANSACTION, broker.transactions.endTransactionProcessor(),
                ex.transaction);

        server.registerProcessor(RequestCode.PULL_MESSAGE, broker.pullProcessor, ex.pull);
        server.registerProcessor(RequestCode.LITE_PULL_MESSAGE, broker.pullProcessor, ex.pull);

        server.registerProcessor(RequestCode.HEART_BEAT, new HeartbeatProcessor(broker.consumers, broker.producers,
                broker.groups, broker.topics, broker.clock), ex.clientManage);
        server.registerProcessor(RequestCode.UNREGISTER_CLIENT,
                new UnregisterClientProcessor(broker.consumers, broker.producers), ex.clientManage);
        server.registerProcessor(RequestCode.GET_CONSUMER_LIST_BY_GROUP,
                new GetConsumerListByGroupProcessor(broker.consumers), ex.clientManage);

        server.registerProcessor(RequestCode.QUERY_CONSUMER_OFFSET,
                new QueryConsumerOffsetProcessor(broker.offsets, broker.store), ex.consumerManage);
        server.registerProcessor(RequestCode.UPDATE_CONSUMER_OFFSET,
                new UpdateConsumerOffsetProcessor(broker.offsets), ex.consumerManage);

        QueueOffsetProcessor queueOffsets = new QueueOffsetProcessor(broker.store);
        server.registerProcessor(RequestCode.GET_MAX_OFFSET, queueOffsets, ex.consumerManage);
        server.registerProcessor(RequestCode.GET_MIN_OFFSET, queueOffsets, ex.consumerManage);
        server.registerProcessor(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, queueOffsets, ex.consumerManage);
        server.registerProcessor(RequestCode.GET_EARLIEST_MSG_STORETIME, queueOffsets, ex.consumerManage);

        server.registerProcessor(RequestCode.CONSUMER_SEND_MSG_BACK, new ConsumerSendMsgBackProcessor(broker.store,
                broker.topics, broker.groups, broker.redirect, broker.delayLevels, broker.appender.storeHost()),
                ex.send);
        server.registerProcessor(RequestCode.LOCK_BATCH_MQ, new LockBatchMqProcessor(broker.queueLocks),
                ex.clientManage);
        server.registerProcessor(RequestCode.UNLOCK_BATCH_MQ, new UnlockBatchMqProcessor(broker.queueLocks),
                ex.clientManage);
        server.registerProcessor(RequestCode.QUERY_MESSAGE, new QueryMessageProcessor(broker.store, 64), ex.admin);
        server.registerProcessor(RequestCode.VIEW_MESSAGE_BY_ID, new ViewMessageByIdProcessor(broker.store),
                ex.admin);
    }
}
