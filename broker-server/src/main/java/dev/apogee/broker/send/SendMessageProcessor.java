package dev.apogee.broker.send;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.transaction.HalfMessages;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageToStore;
import io.netty.channel.Channel;

import java.nio.ByteBuffer;
import java.util.concurrent.ThreadLocalRandom;

/**
 * SEND_MESSAGE (10) and SEND_MESSAGE_V2 (310): validate, redirect (retry → DLQ, delay → schedule topic), store,
 * and answer when stored. Runs on the send executor, a oneway send to a known topic on its connection's event loop
 * (while its lane is idle).
 */
public final class SendMessageProcessor implements RequestProcessor {
    private final SendValidator validator;
    private final MessageRedirect redirect;
    private final MessageAppender appender;

    public SendMessageProcessor(BrokerConfig config, TopicConfigTable topics,
            MessageRedirect redirect, MessageAppender appender) {
        this.validator = new SendValidator(config, topics);
        this.redirect = redirect;
        this.appender = appender;
    }

    @Override
    public boolean processesOnEventLoop(Channel channel, RemotingCommand request) {
        return validator.cheapOnEventLoop(request, !request.isOneway() && appender.answeredPutIsCheap());
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        SendRequestHeader header = SendRequestHeader.decode(request);
        TopicConfig topic = validator.validate(header);
        byte[] body = request.body() == null ? new byte[0] : request.body();
        int queueId = chooseQueue(header.queueId(), topic);
        MessageToStore message = new MessageToStore()
                .topic(header.topic())
                .queueId(queueId)
                .flag(header.flag())
                .body(ByteBuffer.wrap(body))
                .properties(header.properties())
                .sysFlag(header.sysFlag())
                .bornTimestamp(header.bornTimestamp())
                .bornHost(MessageAppender.bornHost(channel))
                .storeHost(appender.storeHost())
                .reconsumeTimes(header.reconsumeTimes());
        String uniqueKey = appender.ensureUniqueKey(message);
        if (HalfMessages.isPrepared(header.sysFlag())) {
            HalfMessages.toHalf(message, uniqueKey);
        } else {
            redirect.apply(message, header.maxReconsumeTimes());
        }
        appender.appendAndRespond(channel, request, message, queueId, uniqueKey, header.topic());
        return null;
    }

    static int chooseQueue(int requested, TopicConfig topic) {
        if (requested >= 0) {
            return requested;
        }
        return ThreadLocalRandom.current().nextInt(Math.max(1, topic.getWriteQueueNums()));
    }
}
