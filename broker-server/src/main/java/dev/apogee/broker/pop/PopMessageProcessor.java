package dev.apogee.broker.pop;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.pop.PopInfoCodec;
import dev.apogee.remoting.protocol.pop.PopMessageRequestHeader;
import dev.apogee.remoting.protocol.pop.PopMessageResponseHeader;
import dev.apogee.store.MessageFilter;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * POP_MESSAGE (200050): checks as the official broker does, pops from {@link PopService}, and when nothing is there
 * holds the request ({@link PopLongPolling}) for its {@code pollTime}; a woken pop is re-run on the pop executor and
 * held again if another consumer took the message first. Answers SUCCESS with the records (the same encoding pull
 * answers use) and the receipt-handle fields, POLLING_TIMEOUT (210) when nothing came, POLLING_FULL (209) when too
 * many pops are held.
 */
final class PopMessageProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(PopMessageProcessor.class);

    private final PollingParts parts;

    PopMessageProcessor(PollingParts parts) {
        this.parts = parts;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        return pop(channel, request, parts.clock().getAsLong() + pollTime(request), true);
    }

    private static long pollTime(RemotingCommand request) {
        String poll = request.extField("pollTime");
        try {
            return poll == null ? 0 : Math.max(0, Long.parseLong(poll));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private RemotingCommand pop(Channel channel, RemotingCommand request, long holdUntil, boolean arriving) {
        PopMessageRequestHeader h = PopMessageRequestHeader.read(request.header());
        long now = parts.clock().getAsLong();
        PopChecks checks = parts.checks();
        PopLongPolling polling = parts.polling();
        // Apache's rule: a request whose poll time was over (by more than 500 ms) before it arrived is not served
        if (arriving && h.bornTime() > 0 && now - h.bornTime() - h.pollTime() > 500) {
            return RemotingCommand.createResponse(request, ResponseCode.POLLING_TIMEOUT,
                    "the broker pop message is timeout too much");
        }
        TopicConfig topic = checks.readableTopic(h.topic());
        if (h.maxMsgNums() <= 0 || h.maxMsgNums() > PopChecks.MAX_MESSAGES) {
            throw PopChecks.refuse(ResponseCode.INVALID_PARAMETER, "the broker pop message's num " + h.maxMsgNums()
                    + " is out of range [1, " + PopChecks.MAX_MESSAGES + "]");
        }
        PopChecks.invisibleTimeInRange(h.invisibleTime());
        checks.queueInRange(topic, h.queueId(), true, ResponseCode.INVALID_PARAMETER);
        checks.consumingGroup(h.consumerGroup(), true);
        MessageFilter filter = checks.filter(h.topic(), h.expType(), h.exp());
        String selectorKey = ExpressionType.JMS.equals(h.expType()) ? h.exp() : null;
        PopQuery q = new PopQuery(h.consumerGroup(), h.topic(), h.queueId(), h.maxMsgNums(), h.invisibleTime(),
                filter, selectorKey, h.initMode() == PopMessageRequestHeader.INIT_MODE_MIN, h.isOrder());
        long eventsBefore = polling.events(h.topic());
        PopBatch batch = parts.pops().pop(q, topic.getReadQueueNums());
        if (!batch.isEmpty()) {
            return found(request, batch, h.isOrder());
        }
        if (batch.moreToScan() && channel != null) {
            // a selective pop cut its scan short: look further in a new task rather than wait for a new message
            resume(new HeldPop(channel, request, h.topic(), h.consumerGroup(), Math.max(holdUntil, now + 1),
                    this::resume), false);
            return null;
        }
        if (now < holdUntil && channel != null) {
            if (!polling.hold(new HeldPop(channel, request, h.topic(), h.consumerGroup(), holdUntil,
                    this::resume))) {
                return empty(request, ResponseCode.POLLING_FULL, "POLLING_FULL", batch, h.isOrder());
            }
            if (polling.events(h.topic()) != eventsBefore) {
                polling.wake(h.topic()); // something arrived while this pop looked: look again
            }
            return null;
        }
        return empty(request, ResponseCode.POLLING_TIMEOUT, "NO_MESSAGE_IN_QUEUE", batch, h.isOrder());
    }

    /** A held pop released: answered empty when its time is over, else re-run (and held again if still empty). */
    private void resume(HeldPop held, boolean timedOut) {
        held.answerOn(parts.executor(), () -> rerun(held, timedOut));
    }

    private RemotingCommand rerun(HeldPop held, boolean timedOut) {
        try {
            long holdUntil = timedOut || !held.channel.isActive() ? 0 : held.deadline;
            RemotingCommand response = pop(held.channel, held.request, holdUntil, false);
            return response; // null: held again, answered later
        } catch (RemotingCommandException e) {
            return RemotingCommand.createResponse(held.request, e.responseCode(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("re-running a held pop of {} failed", held.topic, e);
            return RemotingCommand.createResponse(held.request, ResponseCode.SYSTEM_ERROR, e.toString());
        }
    }

    private static RemotingCommand found(RemotingCommand request, PopBatch batch, boolean order) {
        RemotingCommand response = RemotingCommand.createResponse(request, ResponseCode.SUCCESS, "FOUND");
        response.writeHeader(header(batch, order, true));
        ByteBuffer[] records = new ByteBuffer[batch.messages().size()];
        for (int i = 0; i < records.length; i++) {
            records[i] = batch.messages().get(i).record();
        }
        response.bodyBuffers(records);
        return response;
    }

    private static RemotingCommand empty(RemotingCommand request, int code, String remark, PopBatch batch,
            boolean order) {
        RemotingCommand response = RemotingCommand.createResponse(request, code, remark);
        response.writeHeader(header(batch, order, false));
        return response;
    }

    /**
     * The fields from which the official client builds each message's receipt handle: per queue its first offset
     * and its offsets in body order, for orderly pops each message's reconsume count, and reviveQid 999 marking an
     * orderly pop's handles, as the official broker answers.
     */
    private static PopMessageResponseHeader header(PopBatch batch, boolean order, boolean found) {
        String startOffsets = null;
        String msgOffsets = null;
        String orderCounts = null;
        if (found) {
            Map<Integer, List<Long>> byQueue = new LinkedHashMap<>();
            StringBuilder counts = new StringBuilder();
            for (PoppedMessage m : batch.messages()) {
                byQueue.computeIfAbsent(m.queueId(), q -> new ArrayList<>()).add(m.queueOffset());
                if (order) {
                    PopInfoCodec.appendOffsetOrderCount(counts, m.topic(), m.queueId(), m.queueOffset(),
                            m.reconsumeTimes());
                }
            }
            StringBuilder start = new StringBuilder();
            StringBuilder offsets = new StringBuilder();
            String topic = batch.messages().get(0).topic();
            for (Map.Entry<Integer, List<Long>> e : byQueue.entrySet()) {
                PopInfoCodec.appendStartOffset(start, topic, e.getKey(), e.getValue().get(0));
                PopInfoCodec.appendMsgOffsets(offsets, topic, e.getKey(), e.getValue());
            }
            startOffsets = start.toString();
            msgOffsets = offsets.toString();
            orderCounts = order ? counts.toString() : null;
        }
        return new PopMessageResponseHeader(batch.popTime(), batch.invisibleTime(), order ? 999 : 0,
                batch.restNum(), startOffsets, msgOffsets, orderCounts);
    }
}
