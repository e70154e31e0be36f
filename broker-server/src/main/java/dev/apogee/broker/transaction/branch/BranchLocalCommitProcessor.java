package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.send.BatchBodyDecoder;
import dev.apogee.broker.send.MessageRedirect;
import dev.apogee.broker.transaction.HalfMessages;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.record.PropertiesCodec;
import dev.apogee.store.record.SysFlag;
import io.netty.channel.Channel;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * BRANCH_COMMIT_LOCAL (9206): a whole one-phase branch in one request — ext {@code branchId}, {@code producerGroup},
 * {@code acks} (a {@link BranchBody} JSON with acks and pop acks, no halves); body the messages in the SEND_BATCH_MESSAGE encoding, each
 * naming its destination in REAL_TOPIC / REAL_QID and carrying its UNIQ_KEY (an empty body: acks only). Each message
 * is checked like a send and stored straight into its topic and queue (committed transactional messages, as a
 * committed half's copy would be: TRAN_MSG and PGROUP set, a delayed one routed like a delayed send), in one atomic
 * append with the branch's decision record ({@link BranchCoordinator#commitLocal}). Answers SUCCESS once that is
 * durable; a repeated request of a branch already committed answers SUCCESS without storing anything again. Runs on
 * the transaction executor.
 */
final class BranchLocalCommitProcessor implements RequestProcessor {
    private final BranchCoordinator coordinator;
    private final HalfTargets targets;
    private final InetSocketAddress storeHost;
    private final LongSupplier clock;
    private final MessageRedirect redirect;

    BranchLocalCommitProcessor(BranchCoordinator coordinator, HalfTargets targets, InetSocketAddress storeHost,
            LongSupplier clock, MessageRedirect redirect) {
        this.coordinator = coordinator;
        this.targets = targets;
        this.storeHost = storeHost;
        this.clock = clock;
        this.redirect = redirect;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String branchId = BranchRequests.branchId(request);
        if (branchId == null) {
            return BranchRequests.invalidId(request);
        }
        String producerGroup = request.extField("producerGroup");
        BranchBody acks;
        List<MessageToStore> messages;
        try {
            String ackJson = request.extField("acks");
            acks = ackJson == null || ackJson.isEmpty() ? BranchRecord.EMPTY
                    : BranchBody.decode(ackJson.getBytes(StandardCharsets.UTF_8));
            messages = messages(channel, branchId, producerGroup, request.body());
        } catch (RemotingCommandException e) {
            // refused as a send would be; as a branch it is refused (nothing stored), not worth a retry
            return RemotingCommand.createResponse(request, ResponseCode.BRANCH_INVALID, e.getMessage() + " (code "
                    + e.responseCode() + ")");
        } catch (RuntimeException e) {
            return RemotingCommand.createResponse(request, ResponseCode.BRANCH_INVALID,
                    "malformed local commit: " + e.getMessage());
        }
        return BranchRequests.respond(request, coordinator.commitLocal(branchId, producerGroup, messages, acks));
    }

    /**
     * The request's messages as they are stored (in their real topics, as committed transactional messages), each
     * checked like a send; throws when one is refused. Works on the properties string, without a map per message.
     */
    private List<MessageToStore> messages(Channel channel, String branchId, String producerGroup, byte[] body) {
        if (body == null || body.length == 0) {
            return List.of();
        }
        List<BatchBodyDecoder.Entry> entries = BatchBodyDecoder.decode(body);
        List<MessageToStore> messages = new ArrayList<>(entries.size());
        InetSocketAddress bornHost = channel.remoteAddress() instanceof InetSocketAddress a ? a
                : new InetSocketAddress("127.0.0.1", 0);
        long now = clock.getAsLong();
        String committedMarks = MessageProperties.TRAN_MSG + PropertiesCodec.NAME_VALUE_SEPARATOR + "true"
                + PropertiesCodec.PROPERTY_SEPARATOR + (producerGroup == null || producerGroup.isEmpty() ? ""
                : MessageProperties.PGROUP + PropertiesCodec.NAME_VALUE_SEPARATOR + producerGroup
                        + PropertiesCodec.PROPERTY_SEPARATOR);
        for (BatchBodyDecoder.Entry entry : entries) {
            String properties = entry.properties();
            String topic = PropertiesCodec.get(properties, MessageProperties.REAL_TOPIC);
            int queueId = queueId(PropertiesCodec.get(properties, MessageProperties.REAL_QID));
            targets.check(topic, queueId);
            String uniqueKey = PropertiesCodec.get(properties, MessageProperties.UNIQ_KEY);
            if (uniqueKey == null || uniqueKey.isEmpty()) {
                throw new RemotingCommandException(ResponseCode.BRANCH_INVALID, "a message of branch " + branchId
                        + " has no UNIQ_KEY");
            }
            MessageToStore message = new MessageToStore()
                    .topic(topic)
                    .queueId(queueId)
                    .flag(entry.flag())
                    .body(entry.body())
                    .properties(PropertiesCodec.without(properties, MessageProperties.REAL_TOPIC,
                            MessageProperties.REAL_QID, MessageProperties.TRAN_MSG, MessageProperties.PGROUP,
                            MessageProperties.WAIT, HalfMessages.BRANCH_ID) + committedMarks)
                    .sysFlag(SysFlag.TRANSACTION_COMMIT_TYPE)
                    .bornTimestamp(now)
                    .bornHost(bornHost)
                    .storeHost(storeHost);
            Materializer.route(message, redirect);
            messages.add(message);
        }
        return messages;
    }

    private static int queueId(String value) {
        try {
            return value == null ? -1 : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
