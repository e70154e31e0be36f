package dev.apogee.client.consumer;

import dev.apogee.client.MQBrokerException;
import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageDecoder;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.message.PropertiesCodec;
import dev.apogee.client.route.RouteTable;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseBodyDecoder;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.SubscriptionData;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * PULL_MESSAGE / LITE_PULL_MESSAGE (section 2.5): builds the request with its sysFlag bits, and turns the response
 * into a {@link PullResult}: records decoded (bodies inflated), re-filtered by tag, stamped with the queue's broker
 * name and the MIN/MAX_OFFSET properties, and flagged {@linkplain MessageExt#isRedelivered() redelivered} below the
 * broker's {@code redeliveredBelow} field.
 */
public final class PullApi {
    static final int FLAG_COMMIT_OFFSET = 1;
    static final int FLAG_SUSPEND = 2;
    static final int FLAG_SUBSCRIPTION = 4;
    static final int FLAG_LITE = 16;
    /** Apogee broker extension: the group was handed the messages below this queue offset before. */
    static final String REDELIVERED_BELOW = "redeliveredBelow";
    /**
     * Bytes per lite pull response (the broker always returns at least one message, whatever its size): large
     * batches of small messages, without a batch of large ones becoming one huge response (Artemis's consumer
     * window is 1 MiB too).
     */
    static final int LITE_MAX_BYTES = 1 << 20;

    /**
     * Decodes a pull response's records straight from the received frame, on the event loop that read it (see
     * {@link ResponseBodyDecoder}): each body is copied once, from the frame into its message.
     */
    private static final ResponseBodyDecoder DECODE_RECORDS = body -> MessageDecoder.decodeAll(body, true);

    private final Rpc rpc;
    private final RouteTable routes;

    public PullApi(Rpc rpc, RouteTable routes) {
        this.rpc = rpc;
        this.routes = routes;
    }

    public CompletableFuture<PullResult> pull(PullArgs args) {
        return pull(args, false);
    }

    /**
     * Pulls; with {@code inline} the result (decoded messages included) completes on the remoting thread that read
     * the answer instead of the callback executor, one thread hand-off less per delivery: for a caller whose
     * continuation only queues the messages and issues the next pull, never blocking.
     */
    public CompletableFuture<PullResult> pull(PullArgs args, boolean inline) {
        String address = routes.address(args.queue().brokerName(), 0);
        RemotingCommand request = request(args).responseBodyDecoder(DECODE_RECORDS);
        return rpc.callAsync(address, request, args.timeoutMillis(), inline)
                .thenApply(response -> result(response, args, address));
    }

    static RemotingCommand request(PullArgs args) {
        int sysFlag = FLAG_SUSPEND;
        if (args.commitOffset() > 0) {
            sysFlag |= FLAG_COMMIT_OFFSET;
        }
        if (args.withSubscription()) {
            sysFlag |= FLAG_SUBSCRIPTION;
        }
        if (args.lite()) {
            sysFlag |= FLAG_LITE;
        }
        RemotingCommand request = RemotingCommand.createRequest(args.lite() ? RequestCode.LITE_PULL_MESSAGE
                : RequestCode.PULL_MESSAGE);
        MessageQueue queue = args.queue();
        request.putExtField("consumerGroup", args.group());
        request.putExtField("topic", queue.topic());
        request.putExtField("queueId", String.valueOf(queue.queueId()));
        request.putExtField("queueOffset", String.valueOf(args.offset()));
        request.putExtField("maxMsgNums", String.valueOf(args.maxMessages()));
        request.putExtField("sysFlag", String.valueOf(sysFlag));
        request.putExtField("commitOffset", String.valueOf(Math.max(0, args.commitOffset())));
        request.putExtField("suspendTimeoutMillis", String.valueOf(args.suspendMillis()));
        SubscriptionData subscription = args.subscription();
        request.putExtField("subVersion", String.valueOf(args.withSubscription() ? 0 : subscription.getSubVersion()));
        if (args.withSubscription()) {
            request.putExtField("subscription", subscription.getSubString());
        }
        request.putExtField("expressionType", subscription.getExpressionType());
        request.putExtField("maxMsgBytes", String.valueOf(args.lite() ? LITE_MAX_BYTES : 262_144));
        request.putExtField("bname", queue.brokerName());
        return request;
    }

    static PullResult result(RemotingCommand response, PullArgs args, String address) {
        PullStatus status = switch (response.code()) {
            case ResponseCode.SUCCESS -> PullStatus.FOUND;
            case ResponseCode.PULL_NOT_FOUND -> PullStatus.NO_NEW_MSG;
            case ResponseCode.PULL_RETRY_IMMEDIATELY -> PullStatus.NO_MATCHED_MSG;
            case ResponseCode.PULL_OFFSET_MOVED -> PullStatus.OFFSET_ILLEGAL;
            default -> throw new java.util.concurrent.CompletionException(
                    new MQBrokerException(response.code(), response.remark(), address));
        };
        HeaderFields header = response.header();
        long next = header.requireLong("nextBeginOffset");
        long min = header.requireLong("minOffset");
        long max = header.requireLong("maxOffset");
        List<MessageExt> messages = List.of();
        List<MessageExt> decoded = status == PullStatus.FOUND ? records(response) : null;
        if (decoded != null) {
            messages = filter(decoded, args, min, max, header.optionalLong(REDELIVERED_BELOW, Long.MIN_VALUE));
        }
        return new PullResult(status, next, min, max, messages);
    }

    /** The response's records: decoded on arrival ({@link #DECODE_RECORDS}), or from its body; null without one. */
    @SuppressWarnings("unchecked")
    private static List<MessageExt> records(RemotingCommand response) {
        if (response.decodedBody() instanceof List<?> decoded) {
            return (List<MessageExt>) decoded;
        }
        byte[] body = response.body();
        return body == null ? null : MessageDecoder.decodeAll(ByteBuffer.wrap(body), true);
    }

    private static List<MessageExt> filter(List<MessageExt> decoded, PullArgs args, long min, long max,
            long redeliveredBelow) {
        SubscriptionData subscription = args.subscription();
        boolean byTag = ExpressionType.isTagType(subscription.getExpressionType())
                && !subscription.getTagsSet().isEmpty();
        List<MessageExt> kept = new ArrayList<>(decoded.size());
        // the MIN/MAX_OFFSET properties, appended encoded so that no message's properties get decoded here
        String offsets = MessageConst.MIN_OFFSET + PropertiesCodec.NAME_VALUE_SEPARATOR + min
                + PropertiesCodec.PROPERTY_SEPARATOR + MessageConst.MAX_OFFSET + PropertiesCodec.NAME_VALUE_SEPARATOR
                + max + PropertiesCodec.PROPERTY_SEPARATOR;
        for (MessageExt message : decoded) {
            if (byTag && (message.getTags() == null || !subscription.getTagsSet().contains(message.getTags()))) {
                continue;
            }
            message.setBrokerName(args.queue().brokerName());
            message.setQueueId(args.queue().queueId());
            message.appendEncodedProperties(offsets);
            message.setRedelivered(message.getQueueOffset() < redeliveredBelow);
            kept.add(message);
        }
        return kept;
    }

    /** The error of a failed pull future, unwrapped. */
    static Throwable cause(Throwable error) {
        Throwable cause = error;
        while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    static boolean isFlowControl(Throwable error) {
        return cause(error) instanceof MQClientException e && e.responseCode() == ResponseCode.FLOW_CONTROL;
    }
}
