package dev.apogee.broker.transaction.branch;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BranchIdList;
import io.netty.channel.Channel;

/** BRANCH_RECOVER (9204): the prepared, undecided branches ({@link BranchIdList}). Runs on the transaction executor. */
final class BranchRecoverProcessor implements RequestProcessor {
    private final BranchTable table;

    BranchRecoverProcessor(BranchTable table) {
        this.table = table;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null)
                .body(new BranchIdList(table.preparedIds()).encode());
    }
}
