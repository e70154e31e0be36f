package dev.apogee.client.producer;

import dev.apogee.client.MQClientException;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageDecoder;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.message.OffsetMessageId;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;

/**
 * Transactional messages (section 5.8): the message is stored as a half message, the local transaction runs, and
 * END_TRANSACTION (oneway) commits or rolls it back; undecided ones are resolved by the broker's check-backs,
 * answered through {@link TransactionListener#checkLocalTransaction}.
 */
public final class TransactionProducer extends Producer {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionProducer.class);

    private final TransactionListener listener;

    public TransactionProducer(ProducerConfig config, TransactionListener listener) {
        super(config);
        this.listener = listener;
    }

    /** Sends {@code message} as a half message, runs the local transaction, reports its outcome to the broker. */
    public TransactionSendResult sendInTransaction(Message message, Object arg)
            throws MQClientException, InterruptedException {
        message.clearProperty(MessageConst.DELAY);
        message.putProperty(MessageConst.TRAN_MSG, "true");
        message.putProperty(MessageConst.PGROUP, group());
        SendResult half = send(message);
        LocalTransactionState state = LocalTransactionState.ROLLBACK_MESSAGE;
        String remark = null;
        if (half.status() == SendStatus.SEND_OK) {
            try {
                state = listener.executeLocalTransaction(message, arg);
                if (state == null) {
                    state = LocalTransactionState.UNKNOW;
                }
            } catch (Throwable t) {
                LOG.warn("local transaction of {} threw; leaving it to the check-back", half.msgId(), t);
                state = LocalTransactionState.UNKNOW;
                remark = "executeLocalTransactionBranch exception: " + t;
            }
        }
        RemotingCommand end = endTransaction(message.getTopic(), half.queueOffset(),
                OffsetMessageId.decode(half.offsetMsgId()).commitLogOffset(), state, half.msgId(),
                half.transactionId(), false);
        end.remark(remark);
        String address = running().routes().masterAddress(half.messageQueue().brokerName());
        try {
            running().rpc().oneway(address, end, config().getSendTimeoutMillis());
        } catch (MQClientException e) {
            LOG.warn("END_TRANSACTION for {} failed, the broker will check back: {}", half.msgId(), e.getMessage());
        }
        return new TransactionSendResult(half, state);
    }

    @Override
    public void checkTransactionState(String brokerAddress, RemotingCommand request) {
        MessageExt message = MessageDecoder.decode(ByteBuffer.wrap(request.body()), true);
        if (message == null) {
            return;
        }
        LocalTransactionState state;
        try {
            state = listener.checkLocalTransaction(message);
            if (state == null) {
                state = LocalTransactionState.UNKNOW;
            }
        } catch (Throwable t) {
            LOG.warn("transaction check of {} threw", message.getMsgId(), t);
            state = LocalTransactionState.UNKNOW;
        }
        String uniqKey = message.getProperty(MessageConst.UNIQ_KEY);
        RemotingCommand end = endTransaction(request.extField("topic"),
                request.header().requireLong("tranStateTableOffset"), request.header().requireLong("commitLogOffset"),
                state, uniqKey != null ? uniqKey : request.extField("msgId"), request.extField("transactionId"), true);
        try {
            running().rpc().oneway(brokerAddress, end, 3_000);
        } catch (MQClientException e) {
            LOG.warn("answering the transaction check of {} failed: {}", message.getMsgId(), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private RemotingCommand endTransaction(String topic, long queueOffset, long commitLogOffset,
            LocalTransactionState state, String msgId, String transactionId, boolean fromCheck) {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.END_TRANSACTION);
        request.putExtField("producerGroup", group());
        request.putExtField("tranStateTableOffset", String.valueOf(queueOffset));
        request.putExtField("commitLogOffset", String.valueOf(commitLogOffset));
        request.putExtField("commitOrRollback", String.valueOf(state.code()));
        request.putExtField("fromTransactionCheck", String.valueOf(fromCheck));
        request.putExtField("msgId", msgId);
        if (transactionId != null) {
            request.putExtField("transactionId", transactionId);
        }
        if (topic != null) {
            request.putExtField("topic", topic);
        }
        return request;
    }
}
