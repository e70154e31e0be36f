package dev.apogee.broker.retry;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.OffsetMessageId;
import dev.apogee.broker.schedule.DelayLevelTable;
import dev.apogee.broker.send.MessageRedirect;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.schedule.RecordCopy;
import dev.apogee.broker.subscription.SubscriptionGroupConfig;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.netty.RemotingResponder;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * CONSUMER_SEND_MSG_BACK (36), as section 2.5 describes the official broker: the consumed message, looked up by its
 * commit-log offset, is copied into {@code %RETRY%<group>} through the schedule topic (delay level
 * {@code 3 + reconsumeTimes} unless the consumer chose one), or into {@code %DLQ%<group>} once
 * {@code reconsumeTimes ≥ maxReconsumeTimes} or when the consumer asked for it. The copy keeps body, flag, born
 * host/time and properties, gains RETRY_TOPIC and ORIGIN_MESSAGE_ID when absent, WAIT=false, and
 * {@code reconsumeTimes + 1}. Runs on the send executor; answers when the store has the copy.
 */
public final class ConsumerSendMsgBackProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(ConsumerSendMsgBackProcessor.class);

    private final MessageStore store;
    private final TopicConfigTable topics;
    private final SubscriptionGroupTable groups;
    private final MessageRedirect redirect;
    private final DelayLevelTable delayLevels;
    private final InetSocketAddress storeHost;

    public ConsumerSendMsgBackProcessor(MessageStore store, TopicConfigTable topics, SubscriptionGroupTable groups,
            MessageRedirect redirect, DelayLevelTable delayLevels, InetSocketAddress storeHost) {
        this.store = store;
        this.topics = topics;
        this.groups = groups;
        this.redirect = redirect;
        this.delayLevels = delayLevels;
        this.storeHost = storeHost;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        SendBackHeader header = SendBackHeader.decode(request);
        SubscriptionGroupConfig group = groups.findOrCreate(header.group());
        if (group == null) {
            throw new RemotingCommandException(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "subscription group [" + header.group() + "] does not exist and auto-creation is off");
        }
        Optional<ByteBuffer> record = lookUp(header.offset());
        if (record.isEmpty()) {
            return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                    "look message by offset failed, " + header.offset());
        }
        StoredMessage original = StoredMessage.read(record.get());
        int max = header.maxReconsumeTimes() != null ? header.maxReconsumeTimes() : group.retryMaxTimes();
        RetryDecision decision = RetryDecision.of(header.delayLevel(), original.reconsumeTimes(), max);
        MessageToStore copy = retryCopy(original, header, group);
        if (decision.deadLetter()) {
            redirect.toDeadLetterQueue(copy, header.group());
        } else {
            redirect.toScheduleTopic(copy, delayLevels.clamp(decision.delayLevel()));
        }
        store.putMessage(copy).whenComplete((result, error) ->
                RemotingResponder.respond(channel, request, response(request, result, error)));
        return null;
    }

    private Optional<ByteBuffer> lookUp(long offset) {
        try {
            return offset < 0 ? Optional.empty() : store.lookMessageByOffset(offset);
        } catch (RuntimeException e) {
            LOG.debug("looking up the record at {} failed", offset, e);
            return Optional.empty();
        }
    }

    private MessageToStore retryCopy(StoredMessage original, SendBackHeader header, SubscriptionGroupConfig group) {
        String retryTopic = TopicValidator.retryTopic(header.group());
        int queues = Math.max(1, group.retryQueueNums());
        TopicConfig retry = topics.createIfAbsent(new TopicConfig(retryTopic, queues, queues,
                PermName.PERM_READ | PermName.PERM_WRITE));
        int queueId = ThreadLocalRandom.current().nextInt(Math.max(1, retry.getWriteQueueNums()));
        Map<String, String> properties = new LinkedHashMap<>(original.properties());
        properties.putIfAbsent(MessageProperties.RETRY_TOPIC, original.topic());
        properties.putIfAbsent(MessageProperties.ORIGIN_MESSAGE_ID, originMessageId(original, header));
        properties.put(MessageProperties.WAIT, "false");
        return RecordCopy.of(original, retryTopic, queueId, properties, original.reconsumeTimes() + 1, storeHost);
    }

    private String originMessageId(StoredMessage original, SendBackHeader header) {
        if (header.originMsgId() != null && !header.originMsgId().isBlank()) {
            return header.originMsgId();
        }
        return OffsetMessageId.encode(storeHost, original.physicalOffset());
    }

    private static RemotingCommand response(RemotingCommand request, PutResult result, Throwable error) {
        if (error != null) {
            LOG.error("storing a retry copy failed", error);
            return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR, "store failed: " + error);
        }
        if (result.status() == PutStatus.PUT_OK || result.status() == PutStatus.FLUSH_DISK_TIMEOUT) {
            return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
        }
        return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                "storing the retry copy failed: " + result.status());
    }
}
