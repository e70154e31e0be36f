package dev.apogee.broker.pop;

import org.apache.rocketmq.client.consumer.AckCallback;
import org.apache.rocketmq.client.consumer.AckResult;
import org.apache.rocketmq.client.consumer.AckStatus;
import org.apache.rocketmq.client.consumer.PopCallback;
import org.apache.rocketmq.client.consumer.PopResult;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.header.AckMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ChangeInvisibleTimeRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PopMessageRequestHeader;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The official 5.3.3 client's POP calls ({@code MQClientAPIImpl}: pop, ack, change invisible time), made
 * synchronous with bounded waits, for tests that need each step's answer. The client instance comes from a started
 * official producer.
 */
final class OfficialPopClient implements AutoCloseable {
    private final DefaultMQProducer owner;
    private final MQClientAPIImpl api;
    private final String brokerName;
    private final String brokerAddress;

    OfficialPopClient(String namesrv, String brokerName, String brokerAddress) throws Exception {
        owner = new DefaultMQProducer("pop-client-owner-" + System.nanoTime());
        owner.setNamesrvAddr(namesrv);
        owner.setInstanceName("pop-client-" + System.nanoTime());
        owner.start();
        api = owner.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
        this.brokerName = brokerName;
        this.brokerAddress = brokerAddress;
    }

    PopResult pop(String group, String topic, int queueId, int max, long invisibleMillis, long pollMillis,
            String expType, String exp) throws Exception {
        return pop(group, topic, queueId, max, invisibleMillis, pollMillis, expType, exp, false);
    }

    PopResult pop(String group, String topic, int queueId, int max, long invisibleMillis, long pollMillis,
            String expType, String exp, boolean order) throws Exception {
        PopMessageRequestHeader h = new PopMessageRequestHeader();
        h.setConsumerGroup(group);
        h.setTopic(topic);
        h.setQueueId(queueId);
        h.setMaxMsgNums(max);
        h.setInvisibleTime(invisibleMillis);
        h.setPollTime(pollMillis);
        h.setBornTime(System.currentTimeMillis());
        h.setInitMode(0);
        h.setExpType(expType);
        h.setExp(exp);
        h.setOrder(order);
        CompletableFuture<PopResult> result = new CompletableFuture<>();
        api.popMessageAsync(brokerName, brokerAddress, h, pollMillis + 5_000, new PopCallback() {
            @Override
            public void onSuccess(PopResult popResult) {
                result.complete(popResult);
            }

            @Override
            public void onException(Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(pollMillis + 10_000, TimeUnit.MILLISECONDS);
    }

    PopResult pop(String group, String topic, int max, long invisibleMillis) throws Exception {
        return pop(group, topic, -1, max, invisibleMillis, 0, "TAG", "*");
    }

    AckStatus ack(String group, MessageExt m) throws Exception {
        return ack(ackHeader(group, m)).getStatus();
    }

    /** The ack of a popped message, as the official push consumer builds it from the message's receipt handle. */
    AckMessageRequestHeader ackHeader(String group, MessageExt m) {
        AckMessageRequestHeader h = new AckMessageRequestHeader();
        h.setConsumerGroup(group);
        h.setTopic(m.getTopic());
        h.setQueueId(m.getQueueId());
        h.setOffset(m.getQueueOffset());
        h.setExtraInfo(m.getProperty("POP_CK"));
        return h;
    }

    AckResult ack(AckMessageRequestHeader h) throws Exception {
        CompletableFuture<AckResult> result = new CompletableFuture<>();
        api.ackMessageAsync(brokerAddress, 5_000, callback(result), h);
        return result.get(10, TimeUnit.SECONDS);
    }

    AckResult changeInvisibleTime(String group, MessageExt m, long invisibleMillis) throws Exception {
        ChangeInvisibleTimeRequestHeader h = new ChangeInvisibleTimeRequestHeader();
        h.setConsumerGroup(group);
        h.setTopic(m.getTopic());
        h.setQueueId(m.getQueueId());
        h.setOffset(m.getQueueOffset());
        h.setExtraInfo(m.getProperty("POP_CK"));
        h.setInvisibleTime(invisibleMillis);
        CompletableFuture<AckResult> result = new CompletableFuture<>();
        api.changeInvisibleTimeAsync(brokerName, brokerAddress, h, 5_000, callback(result));
        return result.get(10, TimeUnit.SECONDS);
    }

    AckResult batchAck(String group, String topic, java.util.List<String> extraInfos) throws Exception {
        CompletableFuture<AckResult> result = new CompletableFuture<>();
        api.batchAckMessageAsync(brokerAddress, 5_000, callback(result), topic, group, extraInfos);
        return result.get(10, TimeUnit.SECONDS);
    }

    /** GET_CONSUME_STATS of {@code group} (null topic: every topic the broker has progress of it on). */
    ConsumeStats consumeStats(String group, String topic) throws Exception {
        return api.getConsumeStats(brokerAddress, group, topic, 5_000);
    }

    /** Any request through the official client's remoting layer (JSON header, as the client sends POP codes). */
    org.apache.rocketmq.remoting.protocol.RemotingCommand invoke(int code,
            org.apache.rocketmq.remoting.CommandCustomHeader header, long timeoutMillis) throws Exception {
        return api.getRemotingClient().invokeSync(brokerAddress,
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(code, header), timeoutMillis);
    }

    private static AckCallback callback(CompletableFuture<AckResult> result) {
        return new AckCallback() {
            @Override
            public void onSuccess(AckResult ackResult) {
                result.complete(ackResult);
            }

            @Override
            public void onException(Throwable e) {
                result.completeExceptionally(e);
            }
        };
    }

    @Override
    public void close() {
        owner.shutdown();
    }

    static boolean ok(AckResult r) {
        return r.getStatus() == AckStatus.OK;
    }
}
