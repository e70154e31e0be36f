package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.send.BatchBodyDecoder;
import dev.apogee.broker.transaction.HalfMessages;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.record.PropertiesCodec;
import io.netty.channel.Channel;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * BRANCH_COMMIT_LOCAL (9206): a whole one-phase branch in one request — ext {@code branchId}, {@code producerGroup},
 * {@code acks} (a {@link BranchBody} JSON with acks only); body the messages in the SEND_BATCH_MESSAGE encoding, each
 * naming its destination in REAL_TOPIC / REAL_QID and carrying its UNIQ_KEY (an empty body: acks only). The
 * messages are stored as halves of the branch in one append, then the branch is committed as a one-phase
 * BRANCH_PREPARE would commit it (one durable record whose flush also covers the halves, then materialization).
 * Answers SUCCESS once committed; a repeated request of a branch already committed answers SUCCESS without storing
 * anything again. Runs on the transaction executor.
 */
final class BranchLocalCommitProcessor implements RequestProcessor {
    private final BranchCoordinator coordinator;
    private final HalfTargets targets;
    private final InetSocketAddress storeHost;
    private final LongSupplier clock;

    BranchLocalCommitProcessor(BranchCoordinator coordinator, HalfTargets targets, InetSocketAddress storeHost,
            LongSupplier clock) {
        this.coordinator = coordinator;
        this.targets = targets;
        this.storeHost = storeHost;
        this.clock = clock;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String branchId = BranchRequests.branchId(request);
        if (branchId == null) {
            return BranchRequests.invalidId(request);
        }
        String producerGroup = request.extField("producerGroup");
        List<BranchBody.Ack> acks;
        List<MessageToStore> halves;
        try {
            String ackJson = request.extField("acks");
            acks = ackJson == null || ackJson.isEmpty() ? List.of()
                    : BranchBody.decode(ackJson.getBytes(StandardCharsets.UTF_8)).acks();
            halves = halves(channel, branchId, producerGroup, request.body());
        } catch (RemotingCommandException e) {
            // refused as a send would be; as a branch it is refused (nothing stored), not worth a retry
            return RemotingCommand.createResponse(request, ResponseCode.BRANCH_INVALID, e.getMessage() + " (code "
                    + e.responseCode() + ")");
        } catch (RuntimeException e) {
            return RemotingCommand.createResponse(request, ResponseCode.BRANCH_INVALID,
                    "malformed local commit: " + e.getMessage());
        }
        return BranchRequests.respond(request, coordinator.commitLocal(branchId, producerGroup, halves, acks));
    }

    /** The request's messages in their half form, each checked like a send; throws when one is refused. */
    private List<MessageToStore> halves(Channel channel, String branchId, String producerGroup, byte[] body) {
        if (body == null || body.length == 0) {
            return List.of();
        }
        List<BatchBodyDecoder.Entry> entries = BatchBodyDecoder.decode(body);
        List<MessageToStore> halves = new ArrayList<>(entries.size());
        InetSocketAddress bornHost = channel.remoteAddress() instanceof InetSocketAddress a ? a
                : new InetSocketAddress("127.0.0.1", 0);
        long now = clock.getAsLong();
        for (BatchBodyDecoder.Entry entry : entries) {
            Map<String, String> properties = PropertiesCodec.decode(entry.properties());
            String topic = properties.get(MessageProperties.REAL_TOPIC);
            int queueId = queueId(properties.get(MessageProperties.REAL_QID));
            targets.check(topic, queueId);
            String uniqueKey = properties.get(MessageProperties.UNIQ_KEY);
            if (uniqueKey == null || uniqueKey.isEmpty()) {
                throw new RemotingCommandException(ResponseCode.BRANCH_INVALID, "a message of branch " + branchId
                        + " has no UNIQ_KEY");
            }
            properties.put(HalfMessages.BRANCH_ID, branchId);
            properties.put(MessageProperties.TRAN_MSG, "true");
            if (producerGroup != null) {
                properties.put(MessageProperties.PGROUP, producerGroup);
            }
            // the decision record's flush covers the halves (appended before it): no flush of their own
            properties.put(MessageProperties.WAIT, "false");
            MessageToStore half = new MessageToStore()
                    .topic(topic)
                    .queueId(queueId)
                    .flag(entry.flag())
                    .body(entry.body())
                    .bornTimestamp(now)
                    .bornHost(bornHost)
                    .storeHost(storeHost);
            // no TRANSACTION_ID: it would repeat UNIQ_KEY, which names the transaction without it (transactionId)
            HalfMessages.toHalf(half, properties, null);
            halves.add(half);
        }
        return halves;
    }

    private static int queueId(String value) {
        try {
            return value == null ? -1 : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
