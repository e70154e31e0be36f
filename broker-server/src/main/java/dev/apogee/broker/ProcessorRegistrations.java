package dev.apogee.broker;

import dev.apogee.broker.admin.BrokerConfigVersion;
import dev.apogee.broker.admin.CheckClientConfigProcessor;
import dev.apogee.broker.admin.CleanExpiredConsumeQueueProcessor;
import dev.apogee.broker.admin.ConsumeStatsProcessors;
import dev.apogee.broker.admin.DeleteExpiredCommitLogProcessor;
import dev.apogee.broker.admin.DeleteSubscriptionGroupProcessor;
import dev.apogee.broker.admin.DeleteTopicProcessor;
import dev.apogee.broker.admin.GetAllSubscriptionGroupConfigProcessor;
import dev.apogee.broker.admin.GetAllTopicConfigProcessor;
import dev.apogee.broker.admin.GetBrokerConfigProcessor;
import dev.apogee.broker.admin.GetBrokerRuntimeInfoProcessor;
import dev.apogee.broker.admin.GetConsumerConnectionListProcessor;
import dev.apogee.broker.admin.GetConsumerRunningInfoProcessor;
import dev.apogee.broker.admin.GetProducerConnectionListProcessor;
import dev.apogee.broker.admin.GetTopicConfigProcessor;
import dev.apogee.broker.admin.GetTopicStatsInfoProcessor;
import dev.apogee.broker.admin.QueryTopicConsumeByWhoProcessor;
import dev.apogee.broker.admin.ResetOffsetByTimeProcessor;
import dev.apogee.broker.admin.UpdateAndCreateSubscriptionGroupProcessor;
import dev.apogee.broker.admin.UpdateAndCreateTopicListProcessor;
import dev.apogee.broker.admin.UpdateAndCreateTopicProcessor;
import dev.apogee.broker.admin.UpdateBrokerConfigProcessor;
import dev.apogee.broker.admin.ViewBrokerStatsDataProcessor;
import dev.apogee.broker.client.GetConsumerListByGroupProcessor;
import dev.apogee.broker.client.HeartbeatProcessor;
import dev.apogee.broker.client.UnregisterClientProcessor;
import dev.apogee.broker.lock.LockBatchMqProcessor;
import dev.apogee.broker.lock.LockedGroupRetryRule;
import dev.apogee.broker.lock.UnlockBatchMqProcessor;
import dev.apogee.broker.offset.QueryConsumerOffsetProcessor;
import dev.apogee.broker.pop.assignment.GetAllMessageRequestModeProcessor;
import dev.apogee.broker.pop.assignment.QueryAssignmentProcessor;
import dev.apogee.broker.pop.assignment.SetMessageRequestModeProcessor;
import dev.apogee.broker.offset.UpdateConsumerOffsetProcessor;
import dev.apogee.broker.query.QueryMessageProcessor;
import dev.apogee.broker.query.ViewMessageByIdProcessor;
import dev.apogee.broker.queue.QueueOffsetProcessor;
import dev.apogee.broker.retry.ConsumerSendMsgBackProcessor;
import dev.apogee.broker.send.SendBatchMessageProcessor;
import dev.apogee.broker.send.SendLaneKey;
import dev.apogee.broker.send.SendMessageProcessor;
import dev.apogee.remoting.netty.LaneGroup;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RequestCode;

/**
 * The broker's request-code table: which processor answers which code, on which executor. Kept in one place so the
 * set of supported commands can be read at a glance. Unregistered codes get REQUEST_CODE_NOT_SUPPORTED.
 *
 * <p>Sends (SEND_MESSAGE, SEND_MESSAGE_V2, SEND_BATCH_MESSAGE) and consumer send-backs are registered ordered: one
 * connection's sends to one topic queue are stored in arrival order ({@link SendLaneKey}), so clients may pipeline
 * them; other queues and connections still use all send threads.
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
        RequestProcessor guardedSend = broker.branches.trackSends(new LockedGroupRetryRule(broker.queueLocks, send));
        LaneGroup sendLanes = ex.sendLanes;
        server.registerOrderedProcessor(RequestCode.SEND_MESSAGE, guardedSend, sendLanes, SendLaneKey.INSTANCE);
        server.registerOrderedProcessor(RequestCode.SEND_MESSAGE_V2, guardedSend, sendLanes, SendLaneKey.INSTANCE);
        server.registerOrderedProcessor(RequestCode.SEND_BATCH_MESSAGE,
                new SendBatchMessageProcessor(broker.config, broker.topics, broker.appender), sendLanes,
                SendLaneKey.INSTANCE);

        server.registerProcessor(RequestCode.END_TRANSACTION, broker.transactions.endTransactionProcessor(),
                ex.transaction);
        registerBranches(server, ex);

        server.registerProcessor(RequestCode.PULL_MESSAGE, broker.pullProcessor, ex.pull);
        server.registerProcessor(RequestCode.LITE_PULL_MESSAGE, broker.pullProcessor, ex.pull);

        server.registerProcessor(RequestCode.HEART_BEAT, new HeartbeatProcessor(broker.consumers, broker.producers,
                broker.groups, broker.topics, broker.clock), ex.clientManage);
        server.registerProcessor(RequestCode.UNREGISTER_CLIENT,
                new UnregisterClientProcessor(broker.consumers, broker.producers), ex.clientManage);
        server.registerProcessor(RequestCode.GET_CONSUMER_LIST_BY_GROUP,
                new GetConsumerListByGroupProcessor(broker.consumers), ex.clientManage);

        // queries on the commits' thread: a query sees every commit its connection sent before it (see offsetUpdates)
        server.registerProcessor(RequestCode.QUERY_CONSUMER_OFFSET,
                new QueryConsumerOffsetProcessor(broker.offsets, broker.store), ex.offsetUpdates);
        server.registerProcessor(RequestCode.UPDATE_CONSUMER_OFFSET,
                new UpdateConsumerOffsetProcessor(broker.offsets), ex.offsetUpdates);

        QueueOffsetProcessor queueOffsets = new QueueOffsetProcessor(broker.store);
        server.registerProcessor(RequestCode.GET_MAX_OFFSET, queueOffsets, ex.consumerManage);
        server.registerProcessor(RequestCode.GET_MIN_OFFSET, queueOffsets, ex.consumerManage);
        server.registerProcessor(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, queueOffsets, ex.consumerManage);
        server.registerProcessor(RequestCode.GET_EARLIEST_MSG_STORETIME, queueOffsets, ex.consumerManage);

        registerPop(server, ex);
        registerRetryAndLocks(server, ex);
        registerQueries(server, ex);
        registerTopicAdmin(server, ex);
        registerConsumerAdmin(server, ex);
        registerConsumerControl(server, ex);
        registerBrokerAdmin(server, ex);
        registerStoreAdmin(server, ex);
    }

    private void registerPop(NettyRemotingServer server, BrokerExecutors ex) {
        server.registerProcessor(RequestCode.POP_MESSAGE, broker.pops.popProcessor(ex.pop), ex.pop);
        server.registerProcessor(RequestCode.NOTIFICATION, broker.pops.notificationProcessor(ex.pop), ex.pop);
        server.registerProcessor(RequestCode.POLLING_INFO, broker.pops.pollingInfoProcessor(), ex.pop);
        server.registerProcessor(RequestCode.ACK_MESSAGE, broker.pops.ackProcessor(), ex.pop);
        server.registerProcessor(RequestCode.BATCH_ACK_MESSAGE, broker.pops.batchAckProcessor(), ex.pop);
        server.registerProcessor(RequestCode.CHANGE_MESSAGE_INVISIBLETIME,
                broker.pops.changeInvisibleTimeProcessor(), ex.pop);
        server.registerProcessor(RequestCode.QUERY_ASSIGNMENT, new QueryAssignmentProcessor(broker.requestModes,
                broker.topics, broker.consumers, broker.config), ex.clientManage);
        server.registerProcessor(RequestCode.SET_MESSAGE_REQUEST_MODE, new SetMessageRequestModeProcessor(
                broker.requestModes, broker.topics, broker.groups), ex.admin);
        server.registerProcessor(RequestCode.GET_ALL_MESSAGE_REQUEST_MODE,
                new GetAllMessageRequestModeProcessor(broker.requestModes), ex.admin);
    }

    private void registerBranches(NettyRemotingServer server, BrokerExecutors ex) {
        server.registerProcessor(RequestCode.BRANCH_PREPARE, broker.branches.prepareProcessor(), ex.branch);
        server.registerProcessor(RequestCode.BRANCH_COMMIT, broker.branches.commitProcessor(), ex.branch);
        server.registerProcessor(RequestCode.BRANCH_ROLLBACK, broker.branches.rollbackProcessor(), ex.branch);
        server.registerProcessor(RequestCode.BRANCH_RECOVER, broker.branches.recoverProcessor(), ex.branch);
        server.registerProcessor(RequestCode.BRANCH_FORGET, broker.branches.forgetProcessor(), ex.branch);
        server.registerProcessor(RequestCode.BRANCH_COMMIT_LOCAL, broker.branches.localCommitProcessor(), ex.branch);
    }

    private void registerRetryAndLocks(NettyRemotingServer server, BrokerExecutors ex) {
        server.registerOrderedProcessor(RequestCode.CONSUMER_SEND_MSG_BACK, new ConsumerSendMsgBackProcessor(
                broker.store, broker.topics, broker.groups, broker.redirect, broker.delayLevels,
                broker.appender.storeHost()), ex.sendLanes, SendLaneKey.INSTANCE);
        server.registerProcessor(RequestCode.LOCK_BATCH_MQ, new LockBatchMqProcessor(broker.queueLocks),
                ex.clientManage);
        server.registerProcessor(RequestCode.UNLOCK_BATCH_MQ, new UnlockBatchMqProcessor(broker.queueLocks),
                ex.clientManage);
    }

    private void registerQueries(NettyRemotingServer server, BrokerExecutors ex) {
        server.registerProcessor(RequestCode.QUERY_MESSAGE, new QueryMessageProcessor(broker.store, 64), ex.admin);
        server.registerProcessor(RequestCode.VIEW_MESSAGE_BY_ID, new ViewMessageByIdProcessor(broker.store),
                ex.admin);
    }

    private void registerTopicAdmin(NettyRemotingServer server, BrokerExecutors ex) {
        server.registerProcessor(RequestCode.GET_ALL_TOPIC_CONFIG, new GetAllTopicConfigProcessor(broker.topics),
                ex.admin);
        server.registerProcessor(RequestCode.GET_TOPIC_CONFIG, new GetTopicConfigProcessor(broker.topics), ex.admin);
        server.registerProcessor(RequestCode.UPDATE_AND_CREATE_TOPIC,
                new UpdateAndCreateTopicProcessor(broker.topics), ex.admin);
        server.registerProcessor(RequestCode.UPDATE_AND_CREATE_TOPIC_LIST,
                new UpdateAndCreateTopicListProcessor(broker.topics), ex.admin);
        server.registerProcessor(RequestCode.DELETE_TOPIC_IN_BROKER,
                new DeleteTopicProcessor(broker.topics, broker.store, broker.offsets), ex.admin);
        server.registerProcessor(RequestCode.GET_TOPIC_STATS_INFO,
                new GetTopicStatsInfoProcessor(broker.config, broker.topics, broker.store, broker.stats), ex.admin);
    }

    private void registerConsumerAdmin(NettyRemotingServer server, BrokerExecutors ex) {
        ConsumeStatsProcessors consumeStats = new ConsumeStatsProcessors(broker.config.getBrokerName(), broker.topics,
                broker.consumers, new ConsumeStatsProcessors.Sources(broker.store, broker.offsets, broker.pops,
                broker.stats));
        server.registerProcessor(RequestCode.GET_CONSUME_STATS, consumeStats.consumeStats(), ex.admin);
        server.registerProcessor(RequestCode.GET_BROKER_CONSUME_STATS,
                consumeStats.brokerConsumeStats(broker.config.brokerAddress(), broker.groups), ex.admin);
        server.registerProcessor(RequestCode.GET_CONSUMER_CONNECTION_LIST,
                new GetConsumerConnectionListProcessor(broker.consumers), ex.admin);
        server.registerProcessor(RequestCode.GET_PRODUCER_CONNECTION_LIST,
                new GetProducerConnectionListProcessor(broker.producers), ex.admin);
        server.registerProcessor(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO,
                new QueryTopicConsumeByWhoProcessor(broker.consumers, broker.offsets), ex.admin);
        server.registerProcessor(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                new UpdateAndCreateSubscriptionGroupProcessor(broker.groups), ex.admin);
        server.registerProcessor(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG,
                new GetAllSubscriptionGroupConfigProcessor(broker.groups), ex.admin);
        server.registerProcessor(RequestCode.DELETE_SUBSCRIPTIONGROUP,
                new DeleteSubscriptionGroupProcessor(broker.groups, broker.offsets, broker.pops::forgetGroup), ex.admin);
        server.registerProcessor(RequestCode.CHECK_CLIENT_CONFIG, new CheckClientConfigProcessor(broker.propertyFilters),
                ex.clientManage);
    }

    /** Requests that reach into running consumers: reset their offsets, ask them for their state. */
    private void registerConsumerControl(NettyRemotingServer server, BrokerExecutors ex) {
        server.registerProcessor(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, new ResetOffsetByTimeProcessor(
                broker.config.getBrokerName(), new ResetOffsetByTimeProcessor.ResetTargets(broker.topics,
                broker.groups, broker.store, broker.pops), broker.offsets, broker.consumers, server), ex.admin);
        server.registerProcessor(RequestCode.GET_CONSUMER_RUNNING_INFO,
                new GetConsumerRunningInfoProcessor(broker.consumers, server), ex.admin);
    }

    private void registerBrokerAdmin(NettyRemotingServer server, BrokerExecutors ex) {
        server.registerProcessor(RequestCode.GET_BROKER_RUNTIME_INFO, new GetBrokerRuntimeInfoProcessor(broker.config,
                broker.store, broker.clock, broker.stats, ex::loads), ex.admin);
        server.registerProcessor(RequestCode.VIEW_BROKER_STATS_DATA, new ViewBrokerStatsDataProcessor(broker.stats),
                ex.admin);
        BrokerConfigVersion configVersion = new BrokerConfigVersion();
        server.registerProcessor(RequestCode.GET_BROKER_CONFIG,
                new GetBrokerConfigProcessor(broker.config, configVersion), ex.admin);
        server.registerProcessor(RequestCode.UPDATE_BROKER_CONFIG,
                new UpdateBrokerConfigProcessor(broker.config, configVersion), ex.admin);
    }

    /** Operator-requested store maintenance (each runs one retention round on the admin thread). */
    private void registerStoreAdmin(NettyRemotingServer server, BrokerExecutors ex) {
        server.registerProcessor(RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE,
                new CleanExpiredConsumeQueueProcessor(broker.store), ex.admin);
        server.registerProcessor(RequestCode.DELETE_EXPIRED_COMMITLOG,
                new DeleteExpiredCommitLogProcessor(broker.store), ex.admin);
    }
}
