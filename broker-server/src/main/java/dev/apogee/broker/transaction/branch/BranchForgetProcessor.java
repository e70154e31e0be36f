package dev.apogee.broker.transaction.branch;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

/**
 * BRANCH_FORGET (9205): ext {@code branchId}; drops a decided branch's outcome. BRANCH_UNKNOWN for a branch this
 * broker does not know (the usual case: it never decides heuristically). Runs on the transaction executor.
 */
final class BranchForgetProcessor implements RequestProcessor {
    private final BranchCoordinator coordinator;

    BranchForgetProcessor(BranchCoordinator coordinator) {
        this.coordinator = coordinator;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String branchId = BranchRequests.branchId(request);
        return branchId == null ? BranchRequests.invalidId(request)
                : BranchRequests.respond(request, coordinator.forget(branchId));
    }
}
