package dev.apogee.broker.pop;

import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.netty.RemotingResponder;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BatchAck;
import dev.apogee.remoting.protocol.body.BatchAckMessageRequestBody;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * BATCH_ACK_MESSAGE (200151): every message of the body ({@link BatchAckMessageRequestBody}: per group-queue a start offset and a bit set of offsets after it) is acked as ACK_MESSAGE would; the
 * answer (SUCCESS) waits until all of them are durable, SYSTEM_ERROR if one could not be stored. A malformed body,
 * an unknown topic or a queue out of range refuses the whole batch before anything is acked; offsets outside their
 * queue are skipped, as the official broker does.
 */
final class BatchAckMessageProcessor implements RequestProcessor {
    private final PopChecks checks;
    private final PopService pops;
    private final MessageStore store;

    BatchAckMessageProcessor(PopChecks checks, PopService pops, MessageStore store) {
        this.checks = checks;
        this.pops = pops;
        this.store = store;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        BatchAckMessageRequestBody body;
        try {
            body = BatchAckMessageRequestBody.decode(request.body());
        } catch (JsonException | IllegalArgumentException e) {
            return RemotingCommand.createResponse(request, ResponseCode.INVALID_PARAMETER,
                    "malformed BatchAckMessageRequestBody: " + e.getMessage());
        }
        for (BatchAck ack : (body.acks() == null ? java.util.List.<BatchAck>of() : body.acks())) {
            if (ack == null || ack.consumerGroup() == null || ack.topic() == null || ack.startOffset() < 0
                    || ack.bitSet() == null) {
                return RemotingCommand.createResponse(request, ResponseCode.INVALID_PARAMETER,
                        "a batch ack needs c (group), t (topic), so (start offset) and b (bit set)");
            }
            TopicConfig topic = checks.knownTopic(ack.topic());
            checks.queueInRange(topic, ack.queueId(), false, ResponseCode.MESSAGE_ILLEGAL);
        }
        List<CompletableFuture<Boolean>> all = new ArrayList<>();
        for (BatchAck ack : (body.acks() == null ? java.util.List.<BatchAck>of() : body.acks())) {
            long min = store.getMinOffsetInQueue(ack.topic(), ack.queueId());
            long max = store.getMaxOffsetInQueue(ack.topic(), ack.queueId());
            for (int i = ack.bitSet().nextSetBit(0); i >= 0; i = ack.bitSet().nextSetBit(i + 1)) {
                long offset = ack.startOffset() + i;
                if (offset >= min && offset <= max) {
                    all.add(pops.ack(ack.consumerGroup(), ack.topic(), ack.queueId(), offset));
                }
            }
        }
        CompletableFuture.allOf(all.toArray(new CompletableFuture[0])).whenComplete((v, e) -> {
            boolean ok = e == null && all.stream().allMatch(f -> Boolean.TRUE.equals(f.join()));
            RemotingResponder.respond(channel, request, ok
                    ? RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null)
                    : RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR, "storing an ack failed"));
        });
        return null;
    }
}
