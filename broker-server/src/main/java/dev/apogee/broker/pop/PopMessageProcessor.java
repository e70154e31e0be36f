package dev.apogee.broker.pop;

import dev.apogee.remoting.netty.RemotingResponder;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageFilter;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.LongSupplier;

/**
 * POP_MESSAGE (200050): checks as the official broker does, pops from {@link PopService}, and when nothing is there
 * holds the request ({@link PopLongPolling}) for its {@code pollTime}; a woken pop is re-run on the pop executor and
 * held again if another consumer took the message first. Answers SUCCESS with the records (the same encoding pull
 * answers use) and the receipt-handle fields, POLLING_TIMEOUT (210) when nothing came, POLLING_FULL (209) when too
 * many pops are held.
 */
final class PopMessageProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(PopMessageProcessor.class);

    private final PopChecks checks;
    private final PopService pops;
    private final PopLongPolling polling;
    private final ExecutorService executor;
    private final LongSupplier clock;

    PopMessageProcessor(PopChecks checks, PopService pops, PopLongPolling polling, ExecutorService executor,
            LongSupplier clock) {
        this.checks = checks;
        this.pops = pops;
        this.polling = polling;
        this.executor = executor;
        this.clock = clock;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        return pop(channel, request, clock.getAsLong() + pollTime(request), true);
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
        PopRequestHeader h = PopRequestHeader.decode(request);
        long now = clock.getAsLong();
        if (arriving && h.timedOutBeforeArrival(now)) {
            return RemotingCommand.createResponse(request, PopCodes.POLLING_TIMEOUT,
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
                filter, selectorKey, h.initMode() == 0, h.order());
        long eventsBefore = polling.events(h.topic());
        PopBatch batch = pops.pop(q, topic.getReadQueueNums());
        if (!batch.isEmpty()) {
            return found(request, batch, h.order());
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
                return empty(request, PopCodes.POLLING_FULL, "POLLING_FULL", batch, h.order());
            }
            if (polling.events(h.topic()) != eventsBefore) {
                polling.wake(h.topic()); // something arrived while this pop looked: look again
            }
            return null;
        }
        return empty(request, PopCodes.POLLING_TIMEOUT, "NO_MESSAGE_IN_QUEUE", batch, h.order());
    }

    /** A held pop released: answered empty when its time is over, else re-run (and held again if still empty). */
    private void resume(HeldPop held, boolean timedOut) {
        Runnable run = () -> RemotingResponder.respond(held.channel, held.request, rerun(held, timedOut));
        try {
            executor.execute(run);
        } catch (RejectedExecutionException e) {
            RemotingResponder.respond(held.channel, held.request, RemotingCommand.createResponse(held.request,
                    ResponseCode.SYSTEM_BUSY, "[OVERLOAD]system busy, start flow control"));
        }
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
        putTimes(response, batch, order);
        response.putExtField("startOffsetInfo", PopResponseFields.startOffsetInfo(batch.messages()));
        response.putExtField("msgOffsetInfo", PopResponseFields.msgOffsetInfo(batch.messages()));
        if (order) {
            response.putExtField("orderCountInfo", PopResponseFields.orderCountInfo(batch.messages()));
        }
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
        putTimes(response, batch, order);
        return response;
    }

    /** reviveQid 999 marks an orderly pop's receipt handles, as the official broker does. */
    private static void putTimes(RemotingCommand response, PopBatch batch, boolean order) {
        response.putExtField("popTime", String.valueOf(batch.popTime()));
        response.putExtField("invisibleTime", String.valueOf(batch.invisibleTime()));
        response.putExtField("reviveQid", order ? "999" : "0");
        response.putExtField("restNum", String.valueOf(batch.restNum()));
    }
}
