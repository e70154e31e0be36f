package dev.apogee.broker.send;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.record.PropertiesCodec;
import io.netty.channel.Channel;

import java.util.ArrayList;
import java.util.List;

/**
 * SEND_BATCH_MESSAGE (320): many messages of one topic into one queue in one append, with consecutive queue
 * offsets; each keeps its own properties (its own UNIQ_KEY). Runs on the send executor, a oneway batch to a known
 * topic on its connection's event loop (while its lane is idle).
 */
public final class SendBatchMessageProcessor implements RequestProcessor {
    private final SendValidator validator;
    private final MessageAppender appender;

    public SendBatchMessageProcessor(BrokerConfig config, TopicConfigTable topics, MessageAppender appender) {
        this.validator = new SendValidator(config, topics);
        this.appender = appender;
    }

    @Override
    public boolean processesOnEventLoop(Channel channel, RemotingCommand request) {
        return validator.cheapOnEventLoop(request, false);
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        SendRequestHeader header = SendRequestHeader.decode(request);
        if (TopicValidator.isRetryTopic(header.topic())) {
            throw new RemotingCommandException(ResponseCode.MESSAGE_ILLEGAL,
                    "batch messages cannot be sent to retry topic " + header.topic());
        }
        TopicConfig topic = validator.validate(header);
        int queueId = SendMessageProcessor.chooseQueue(header.queueId(), topic);
        List<BatchBodyDecoder.Entry> entries = BatchBodyDecoder.decode(request.body());
        List<MessageToStore> batch = new ArrayList<>(entries.size());
        for (BatchBodyDecoder.Entry entry : entries) {
            if (PropertiesCodec.get(entry.properties(), "DELAY") != null) {
                throw new RemotingCommandException(ResponseCode.MESSAGE_ILLEGAL,
                        "batch messages cannot carry a DELAY level");
            }
            MessageToStore message = new MessageToStore()
                    .topic(header.topic())
                    .queueId(queueId)
                    .flag(entry.flag())
                    .body(entry.body())
                    .properties(entry.properties())
                    .sysFlag(header.sysFlag())
                    .bornTimestamp(header.bornTimestamp())
                    .bornHost(MessageAppender.bornHost(channel))
                    .storeHost(appender.storeHost())
                    .reconsumeTimes(header.reconsumeTimes());
            appender.ensureUniqueKey(message);
            batch.add(message);
        }
        String wrapperKey = PropertiesCodec.get(header.properties(), "UNIQ_KEY");
        appender.appendBatchAndRespond(channel, request, batch, queueId, wrapperKey, header.topic());
        return null;
    }
}
