package dev.apogee.broker.client;

import dev.apogee.broker.subscription.SubscriptionGroupConfig;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ConsumerData;
import dev.apogee.remoting.protocol.body.HeartbeatData;
import dev.apogee.remoting.protocol.body.MessageModel;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.ProducerData;
import dev.apogee.remoting.protocol.body.TopicConfig;
import io.netty.channel.Channel;

import java.util.function.LongSupplier;

/**
 * HEART_BEAT (34): registers the client's producer and consumer groups with their subscriptions, auto-creates
 * consumer group configs and their {@code %RETRY%} topics (clustering only), and answers with our protocol version
 * (clients treat it as the broker version: below 232 they refuse SQL92 pulls). Runs on the client-management
 * executor.
 */
public final class HeartbeatProcessor implements RequestProcessor {
    private final ConsumerRegistry consumers;
    private final ProducerRegistry producers;
    private final SubscriptionGroupTable groups;
    private final TopicConfigTable topics;
    private final LongSupplier clock;

    public HeartbeatProcessor(ConsumerRegistry consumers, ProducerRegistry producers, SubscriptionGroupTable groups,
            TopicConfigTable topics, LongSupplier clock) {
        this.consumers = consumers;
        this.producers = producers;
        this.groups = groups;
        this.topics = topics;
        this.clock = clock;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeartbeatData heartbeat;
        try {
            heartbeat = HeartbeatData.decode(request.body());
        } catch (RuntimeException e) {
            throw new RemotingCommandException(ResponseCode.SYSTEM_ERROR, "malformed heartbeat body: " + e.getMessage());
        }
        if (heartbeat.getClientID() == null || heartbeat.getClientID().isEmpty()) {
            throw new RemotingCommandException(ResponseCode.SYSTEM_ERROR, "heartbeat without clientID");
        }
        ClientChannelInfo client = new ClientChannelInfo(channel, heartbeat.getClientID(), request.language(),
                request.version(), clock.getAsLong());
        for (ConsumerData consumer : heartbeat.getConsumerDataSet()) {
            registerConsumer(client, consumer);
        }
        for (ProducerData producer : heartbeat.getProducerDataSet()) {
            producers.register(producer.getGroupName(), client);
        }
        RemotingCommand response = RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
        response.putExtField("IS_SUPPORT_HEART_BEAT_V2", "false");
        response.putExtField("IS_SUB_CHANGE", "true");
        return response;
    }

    private void registerConsumer(ClientChannelInfo client, ConsumerData consumer) {
        SubscriptionGroupConfig group = groups.findOrCreate(consumer.getGroupName());
        if (group != null && consumer.getMessageModel() != MessageModel.BROADCASTING) {
            topics.createIfAbsent(new TopicConfig(TopicValidator.retryTopic(consumer.getGroupName()),
                    group.retryQueueNums(), group.retryQueueNums(), PermName.PERM_READ | PermName.PERM_WRITE));
        }
        consumers.register(client, consumer);
    }
}
