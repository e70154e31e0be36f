package dev.apogee.broker;

import dev.apogee.broker.client.GetConsumerListByGroupProcessor;
import dev.apogee.broker.client.HeartbeatProcessor;
import dev.apogee.broker.client.UnregisterClientProcessor;
import dev.apogee.broker.offset.QueryConsumerOffsetProcessor;
import dev.apogee.broker.offset.UpdateConsumerOffsetProcessor;
import dev.apogee.broker.queue.QueueOffsetProcessor;
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
        server.registerProcessor(RequestCode.SEND_MESSAGE, send, ex.send);
        server.registerProcessor(RequestCode.SEND_MESSAGE_V2, send, ex.send);
        server.registerProcessor(RequestCode.SEND_BATCH_MESSAGE,
                new SendBatchMessageProcessor(broker.config, broker.topics, broker.appender), ex.send);

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
    }
}
