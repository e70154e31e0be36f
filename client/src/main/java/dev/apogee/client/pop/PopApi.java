package dev.apogee.client.pop;

import dev.apogee.client.MQBrokerException;
import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.client.message.MessageDecoder;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.route.RouteTable;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BatchAck;
import dev.apogee.remoting.protocol.body.BatchAckMessageRequestBody;
import dev.apogee.remoting.protocol.pop.AckMessageRequestHeader;
import dev.apogee.remoting.protocol.pop.ChangeInvisibleTimeRequestHeader;
import dev.apogee.remoting.protocol.pop.ChangeInvisibleTimeResponseHeader;
import dev.apogee.remoting.protocol.pop.PopInfoCodec;
import dev.apogee.remoting.protocol.pop.PopMessageRequestHeader;
import dev.apogee.remoting.protocol.pop.PopMessageResponseHeader;
import dev.apogee.remoting.protocol.pop.PopTopics;
import dev.apogee.remoting.protocol.pop.ReceiptHandle;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.LongSupplier;

/**
 * POP_MESSAGE, ACK_MESSAGE / BATCH_ACK_MESSAGE and CHANGE_MESSAGE_INVISIBLETIME over the shared {@link Rpc}: builds
 * the requests from {@code remoting.protocol.pop} and turns a pop response into {@link PoppedMessage}s with their
 * receipt handles (built from the response's offset strings, as the official client does). Stateless, thread-safe;
 * futures complete on remoting callback threads.
 */
public final class PopApi {
    /** The official broker pops at most 32 messages per request. */
    public static final int MAX_MESSAGES = 32;
    /** Below this the broker-side revive granularity makes invisibility meaningless. */
    public static final long MIN_INVISIBLE_MILLIS = 1_000;
    /** The longest invisible time a broker accepts (12 h, Apogee and Apache alike). */
    public static final long MAX_INVISIBLE_MILLIS = 12L * 3600 * 1000;

    /** Message property holding a receipt handle the broker built itself. */
    static final String POP_CK = "POP_CK";

    private final Rpc rpc;
    private final RouteTable routes;
    private final long rpcTimeoutMillis;
    private final LongSupplier clock;

    public PopApi(Rpc rpc, RouteTable routes, long rpcTimeoutMillis, LongSupplier clock) {
        this.rpc = rpc;
        this.routes = routes;
        this.rpcTimeoutMillis = rpcTimeoutMillis;
        this.clock = clock;
    }

    /** Pops; the future fails with {@link MQClientException} / {@link MQBrokerException} after the poll time plus the RPC timeout at the latest. */
    public CompletableFuture<PopResult> pop(PopRequest request) {
        Selector selector = request.selector();
        PopMessageRequestHeader header = new PopMessageRequestHeader(request.group(), request.topic(),
                request.queueId(), request.maxMessages(), request.invisibleMillis(), request.pollMillis(),
                clock.getAsLong(), PopMessageRequestHeader.INIT_MODE_MIN, selector.expressionType(),
                selector.expression(), request.order(), null, request.brokerName());
        String address = routes.masterAddress(request.brokerName());
        long localPopTime = clock.getAsLong();
        return rpc.callAsync(address, RemotingCommand.createRequest(RequestCode.POP_MESSAGE, header),
                request.pollMillis() + rpcTimeoutMillis)
                .thenApply(response -> result(response, request, address, localPopTime));
    }

    private PopResult result(RemotingCommand response, PopRequest request, String address, long localPopTime) {
        switch (response.code()) {
            case ResponseCode.SUCCESS:
                break;
            case ResponseCode.PULL_NOT_FOUND, ResponseCode.POLLING_TIMEOUT, ResponseCode.POLLING_FULL:
                return PopResult.EMPTY;
            default:
                throw new CompletionException(new MQBrokerException(response.code(), response.remark(), address));
        }
        PopMessageResponseHeader header = PopMessageResponseHeader.read(response.header());
        byte[] body = response.body();
        List<MessageExt> decoded = body == null ? List.of() : MessageDecoder.decodeAll(ByteBuffer.wrap(body), true);
        Map<String, Long> startOffsets = PopInfoCodec.parseStartOffsets(header.startOffsetInfo());
        Map<String, Integer> orderCounts = PopInfoCodec.parseOrderCounts(header.orderCountInfo());
        List<PoppedMessage> messages = new ArrayList<>(decoded.size());
        for (MessageExt message : decoded) {
            String poppedFrom = message.getTopic();
            String key = PopInfoCodec.key(poppedFrom, message.getQueueId());
            ReceiptHandle handle = handle(message, header, startOffsets.get(key), request, address);
            if (request.order()) {
                Integer count = orderCounts.get(PopInfoCodec.offsetKey(poppedFrom, message.getQueueId(),
                        message.getQueueOffset()));
                if (count == null) {
                    count = orderCounts.get(key);
                }
                if (count != null) {
                    message.setReconsumeTimes(count);
                }
            }
            if (poppedFrom.startsWith(PopTopics.RETRY_PREFIX)) {
                message.setTopic(request.topic());
            }
            message.setBrokerName(request.brokerName());
            messages.add(new PoppedMessage(message, request.group(), request.topic(), handle, localPopTime));
        }
        return new PopResult(messages.isEmpty() ? PopStatus.NO_NEW_MSG : PopStatus.FOUND, messages,
                header.restNum());
    }

    /**
     * A message from the group's retry topic comes back (by default on Apache RocketMQ) renamed to the subscribed
     * topic with its receipt handle in the {@code POP_CK} property, as the retry marker of the response's keys no
     * longer matches its topic; any other message's handle is built from the response's start offsets.
     */
    private static ReceiptHandle handle(MessageExt message, PopMessageResponseHeader header, Long ckOffset,
                                        PopRequest request, String address) {
        String brokerBuilt = message.getProperty(POP_CK);
        if (brokerBuilt != null) {
            return ReceiptHandle.parse(brokerBuilt);
        }
        if (ckOffset == null) {
            throw new CompletionException(new MQClientException(MQClientException.ILLEGAL_STATE,
                    "pop response from " + address + " has no start offset for queue " + message.getQueueId()
                            + " of " + message.getTopic() + " (startOffsetInfo '" + header.startOffsetInfo() + "')"));
        }
        return ReceiptHandle.of(ckOffset, header.popTime(), header.invisibleTime(), header.reviveQid(),
                message.getTopic(), request.brokerName(), message.getQueueId(), message.getQueueOffset());
    }

    /** Acks one message with ACK_MESSAGE; completes with null (the handle is spent). */
    CompletableFuture<ReceiptHandle> ack(String group, String topic, ReceiptHandle handle) {
        AckMessageRequestHeader header = AckMessageRequestHeader.of(group, topic, handle);
        String address = routes.masterAddress(handle.brokerName());
        return rpc.callAsync(address, RemotingCommand.createRequest(RequestCode.ACK_MESSAGE, header),
                rpcTimeoutMillis).thenApply(response -> {
                    requireSuccess(response, address);
                    return null;
                });
    }

    /**
     * Acks messages of one broker with one BATCH_ACK_MESSAGE: one {@link BatchAck} per pop checkpoint (same retry
     * marker, queue, checkpoint offset and pop time), a bit per message offset from the checkpoint start.
     */
    CompletableFuture<Void> batchAck(String brokerName, String group, String topic, List<ReceiptHandle> handles) {
        Map<String, BatchAck> checkpoints = new LinkedHashMap<>();
        for (ReceiptHandle handle : handles) {
            String key = handle.retry() + '@' + handle.queueId() + '@' + handle.ckQueueOffset() + '@'
                    + handle.popTime();
            BatchAck ack = checkpoints.computeIfAbsent(key, k -> new BatchAck(group, handle.realTopic(topic, group),
                    handle.retry(), handle.ckQueueOffset(), handle.queueId(), handle.reviveQid(), handle.popTime(),
                    handle.invisibleTime(), new BitSet()));
            ack.bitSet().set((int) (handle.queueOffset() - handle.ckQueueOffset()));
        }
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.BATCH_ACK_MESSAGE)
                .body(new BatchAckMessageRequestBody(brokerName, new ArrayList<>(checkpoints.values())).encode());
        request.extFields(new java.util.HashMap<>());
        String address = routes.masterAddress(brokerName);
        return rpc.callAsync(address, request, rpcTimeoutMillis).thenAccept(response -> requireSuccess(response,
                address));
    }

    /** Changes the invisible time; completes with the new handle. */
    CompletableFuture<ReceiptHandle> changeInvisibleTime(String group, String topic, ReceiptHandle handle,
                                                         long invisibleMillis) {
        return change(ChangeInvisibleTimeRequestHeader.of(group, topic, handle, invisibleMillis));
    }

    /**
     * Gives the message back at once as never delivered (Apogee extension: its reconsume count stays; an Apache
     * broker ignores the flag and counts a delivery).
     */
    CompletableFuture<ReceiptHandle> releaseUndelivered(String group, String topic, ReceiptHandle handle) {
        return change(ChangeInvisibleTimeRequestHeader.releaseUndelivered(group, topic, handle));
    }

    private CompletableFuture<ReceiptHandle> change(ChangeInvisibleTimeRequestHeader header) {
        String address = routes.masterAddress(ReceiptHandle.parse(header.extraInfo()).brokerName());
        return rpc.callAsync(address, RemotingCommand.createRequest(RequestCode.CHANGE_MESSAGE_INVISIBLETIME,
                header), rpcTimeoutMillis).thenApply(response -> {
                    requireSuccess(response, address);
                    return header.renewed(ChangeInvisibleTimeResponseHeader.read(response.header()));
                });
    }

    private static void requireSuccess(RemotingCommand response, String address) {
        if (response.code() != ResponseCode.SUCCESS) {
            throw new CompletionException(new MQBrokerException(response.code(), response.remark(), address));
        }
    }

    long now() {
        return clock.getAsLong();
    }
}
