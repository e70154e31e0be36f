package dev.apogee.broker.transaction;

import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.netty.RemotingResponder;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.MessageStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.record.SysFlag;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * END_TRANSACTION (37): commit (8) or roll back (12) a half message; 0 (unknown) leaves it for the check service.
 * The half record is found by its commit-log offset and must belong to the requesting producer group (604
 * otherwise). Usually oneway; when a response is expected it is sent once the decision is stored. Runs on the
 * transaction executor.
 */
public final class EndTransactionProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(EndTransactionProcessor.class);

    private final MessageStore store;
    private final TransactionDecisions decisions;

    EndTransactionProcessor(MessageStore store, TransactionDecisions decisions) {
        this.store = store;
        this.decisions = decisions;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields h = request.header();
        String producerGroup = h.requireString("producerGroup");
        long commitLogOffset = h.requireLong("commitLogOffset");
        long tranStateTableOffset = h.requireLong("tranStateTableOffset");
        int decision = h.requireInt("commitOrRollback");
        if (decision == SysFlag.TRANSACTION_NOT_TYPE) {
            LOG.info("producer group {} left half message {} undecided (state unknown); it will be checked back",
                    producerGroup, commitLogOffset);
            return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
        }
        Optional<ByteBuffer> record = store.lookMessageByOffset(commitLogOffset);
        if (record.isEmpty()) {
            return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                    "find prepared transaction message failed: no record at commit-log offset " + commitLogOffset);
        }
        StoredMessage half = StoredMessage.read(record.get());
        RemotingCommand refusal = check(request, half, producerGroup, tranStateTableOffset);
        if (refusal != null) {
            return refusal;
        }
        if (decision != SysFlag.TRANSACTION_COMMIT_TYPE && decision != SysFlag.TRANSACTION_ROLLBACK_TYPE) {
            return RemotingCommand.createResponse(request, ResponseCode.INVALID_PARAMETER,
                    "commitOrRollback must be 0, 8 or 12, got " + decision);
        }
        CompletableFuture<PutResult> done = decisions.decide(half, decision == SysFlag.TRANSACTION_COMMIT_TYPE);
        done.whenComplete((result, error) -> RemotingResponder.respond(channel, request,
                RemotingCommand.createResponse(request, error == null && (result == null || result.isOk())
                        ? ResponseCode.SUCCESS : ResponseCode.SYSTEM_ERROR, error == null ? null : error.toString())));
        return null;
    }

    private static RemotingCommand check(RemotingCommand request, StoredMessage half, String producerGroup,
            long tranStateTableOffset) {
        if (!TopicValidator.TRANS_HALF_TOPIC.equals(half.topic())) {
            return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                    "the message at this commit-log offset is not a half message (topic " + half.topic() + ")");
        }
        if (!producerGroup.equals(half.property(MessageProperties.PGROUP))) {
            return RemotingCommand.createResponse(request, ResponseCode.ILLEGAL_OPERATION,
                    "the producer group " + producerGroup + " does not own this half message");
        }
        if (half.queueOffset() != tranStateTableOffset) {
            return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                    "tranStateTableOffset " + tranStateTableOffset + " does not match the half message ("
                            + half.queueOffset() + ")");
        }
        return null;
    }
}
