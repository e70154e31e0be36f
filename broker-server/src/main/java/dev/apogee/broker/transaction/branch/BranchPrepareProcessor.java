package dev.apogee.broker.transaction.branch;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BranchBody;
import io.netty.channel.Channel;

/**
 * BRANCH_PREPARE (9201): ext {@code branchId}, {@code onePhase}, {@code producerGroup}; body {@link BranchBody}.
 * SUCCESS once the branch record is on disk (and, one-phase, materialized). Runs on the transaction executor.
 */
final class BranchPrepareProcessor implements RequestProcessor {
    private final BranchCoordinator coordinator;

    BranchPrepareProcessor(BranchCoordinator coordinator) {
        this.coordinator = coordinator;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String branchId = BranchRequests.branchId(request);
        if (branchId == null) {
            return BranchRequests.invalidId(request);
        }
        BranchBody body;
        try {
            body = BranchRequests.body(request);
        } catch (RuntimeException e) {
            return RemotingCommand.createResponse(request, ResponseCode.BRANCH_INVALID,
                    "malformed branch body: " + e.getMessage());
        }
        boolean onePhase = Boolean.parseBoolean(request.extField("onePhase"));
        String producerGroup = request.extField("producerGroup");
        return BranchRequests.respond(request, coordinator.prepare(branchId, producerGroup, body, onePhase));
    }
}
