package dev.apogee.client.offset;

import dev.apogee.client.MQBrokerException;
import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.client.route.RouteTable;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Broker offset calls (section 2.5): consumer offsets, min/max queue offsets, search by timestamp. */
public final class OffsetApi implements StartOffset.QueueOffsets {
    /** {@link #queryConsumerOffset} result when the broker has no offset for the group (QUERY_NOT_FOUND). */
    public static final long NOT_FOUND = -1;
    private static final long OFFSET_TIMEOUT_MILLIS = 5_000;

    private final Rpc rpc;
    private final RouteTable routes;

    public OffsetApi(Rpc rpc, RouteTable routes) {
        this.rpc = rpc;
        this.routes = routes;
    }

    /** The committed offset of {@code group} on {@code queue}, or {@link #NOT_FOUND}. */
    public long queryConsumerOffset(String group, MessageQueue queue) throws MQClientException, InterruptedException {
        RemotingCommand request = queueRequest(RequestCode.QUERY_CONSUMER_OFFSET, queue);
        request.putExtField("consumerGroup", group);
        RemotingCommand response = rpc.call(address(queue), request, OFFSET_TIMEOUT_MILLIS);
        if (response.code() == ResponseCode.QUERY_NOT_FOUND) {
            return NOT_FOUND;
        }
        return offsetOf(response, queue);
    }

    /** Commits {@code offset} (the next offset to consume); oneway like the official periodic commit. */
    public void updateConsumerOffset(String group, MessageQueue queue, long offset, boolean oneway)
            throws MQClientException, InterruptedException {
        RemotingCommand request = queueRequest(RequestCode.UPDATE_CONSUMER_OFFSET, queue);
        request.putExtField("consumerGroup", group);
        request.putExtField("commitOffset", String.valueOf(offset));
        if (oneway) {
            rpc.oneway(address(queue), request, OFFSET_TIMEOUT_MILLIS);
        } else {
            rpc.callOk(address(queue), request, OFFSET_TIMEOUT_MILLIS);
        }
    }

    /**
     * Commits {@code offset} without blocking: the future completes when the broker has stored it (SUCCESS), or
     * fails with an {@link MQClientException}/{@link MQBrokerException}. Commits on one connection are applied by the
     * broker in the order they were sent, so a later commit supersedes an earlier one.
     */
    public CompletableFuture<Void> updateConsumerOffsetAsync(String group, MessageQueue queue,
            long offset) {
        RemotingCommand request = queueRequest(RequestCode.UPDATE_CONSUMER_OFFSET, queue);
        request.putExtField("consumerGroup", group);
        request.putExtField("commitOffset", String.valueOf(offset));
        String target;
        try {
            target = address(queue);
        } catch (MQClientException e) {
            return CompletableFuture.failedFuture(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(e);
        }
        return rpc.callAsync(target, request, OFFSET_TIMEOUT_MILLIS).thenApply(response -> {
            if (response.code() != ResponseCode.SUCCESS) {
                throw new CompletionException(new MQBrokerException(response.code(),
                        response.remark(), queue.brokerName()));
            }
            return null;
        });
    }

    /** The next offset to be written in {@code queue} (= its message count so far). */
    @Override
    public long maxOffset(MessageQueue queue) throws MQClientException, InterruptedException {
        RemotingCommand request = queueRequest(RequestCode.GET_MAX_OFFSET, queue);
        request.putExtField("committed", "true");
        return offsetOf(rpc.callOk(address(queue), request, OFFSET_TIMEOUT_MILLIS), queue);
    }

    public long minOffset(MessageQueue queue) throws MQClientException, InterruptedException {
        return offsetOf(rpc.callOk(address(queue), queueRequest(RequestCode.GET_MIN_OFFSET, queue),
                OFFSET_TIMEOUT_MILLIS), queue);
    }

    /** The offset of the first message stored at or after {@code timestamp}. */
    @Override
    public long searchOffset(MessageQueue queue, long timestamp) throws MQClientException, InterruptedException {
        RemotingCommand request = queueRequest(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, queue);
        request.putExtField("timestamp", String.valueOf(timestamp));
        request.putExtField("boundaryType", "LOWER");
        return offsetOf(rpc.callOk(address(queue), request, OFFSET_TIMEOUT_MILLIS), queue);
    }

    private RemotingCommand queueRequest(int code, MessageQueue queue) {
        RemotingCommand request = RemotingCommand.createRequest(code);
        request.putExtField("topic", queue.topic());
        request.putExtField("queueId", String.valueOf(queue.queueId()));
        request.putExtField("bname", queue.brokerName());
        return request;
    }

    private String address(MessageQueue queue) throws MQClientException, InterruptedException {
        String address = routes.masterAddress(queue.brokerName());
        if (address == null) {
            routes.refresh(queue.topic());
            address = routes.masterAddress(queue.brokerName());
        }
        if (address == null) {
            throw new MQClientException(MQClientException.BROKER_NOT_EXIST_EXCEPTION,
                    "the broker " + queue.brokerName() + " is not known");
        }
        return address;
    }

    private static long offsetOf(RemotingCommand response, MessageQueue queue) throws MQBrokerException {
        if (response.code() != ResponseCode.SUCCESS) {
            throw new MQBrokerException(response.code(), response.remark(), queue.brokerName());
        }
        try {
            return response.header().requireLong("offset");
        } catch (RuntimeException e) {
            throw new MQBrokerException(ResponseCode.SYSTEM_ERROR, "offset response without offset: "
                    + e.getMessage(), queue.brokerName());
        }
    }
}
