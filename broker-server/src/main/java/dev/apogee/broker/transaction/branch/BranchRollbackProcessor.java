package dev.apogee.broker.transaction.branch;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BranchBody;
import io.netty.channel.Channel;

/**
 * BRANCH_ROLLBACK (9203): ext {@code branchId}, optional body naming the halves of a branch never prepared.
 * SUCCESS once the decision is durable and the halves discarded; BRANCH_COMMITTED after a commit. Idempotent; an
 * unknown branch without halves is SUCCESS. Runs on the transaction executor.
 */
final class BranchRollbackProcessor implements RequestProcessor {
    private final BranchCoordinator coordinator;
    private final HalfLookup halves;

    BranchRollbackProcessor(BranchCoordinator coordinator, HalfLookup halves) {
        this.coordinator = coordinator;
        this.halves = halves;
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
        String problem = halves.foreign(branchId, body.halves());
        if (problem != null) {
            return RemotingCommand.createResponse(request, ResponseCode.BRANCH_INVALID, problem);
        }
        return BranchRequests.respond(request, coordinator.rollback(branchId, body.halves()));
    }
}
