package dev.apogee.broker.transaction.branch;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

/**
 * BRANCH_COMMIT (9202): ext {@code branchId}. SUCCESS once the decision is durable and the branch materialized;
 * BRANCH_UNKNOWN / BRANCH_ROLLED_BACK otherwise. Idempotent. Runs on the transaction executor.
 */
final class BranchCommitProcessor implements RequestProcessor {
    private final BranchCoordinator coordinator;

    BranchCommitProcessor(BranchCoordinator coordinator) {
        this.coordinator = coordinator;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String branchId = BranchRequests.branchId(request);
        return branchId == null ? BranchRequests.invalidId(request)
                : BranchRequests.respond(request, coordinator.commit(branchId));
    }
}
