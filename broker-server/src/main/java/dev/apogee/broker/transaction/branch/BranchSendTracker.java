package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.transaction.HalfMessages;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.store.record.PropertiesCodec;
import io.netty.channel.Channel;

/**
 * Wraps the send processor: a send carrying {@value HalfMessages#BRANCH_ID} is remembered with its connection
 * ({@link OpenBranches}) before it is stored, and a malformed branch id is refused (BRANCH_INVALID). Other sends
 * pass through after one substring test of their properties. Runs where the send processor runs.
 */
public final class BranchSendTracker implements RequestProcessor {
    private final RequestProcessor send;
    private final OpenBranches open;

    BranchSendTracker(RequestProcessor send, OpenBranches open) {
        this.send = send;
        this.open = open;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) throws Exception {
        boolean v1 = request.code() == RequestCode.SEND_MESSAGE;
        String properties = request.extField(v1 ? "properties" : "i");
        if (properties != null && properties.contains(HalfMessages.BRANCH_ID) && isHalf(request.extField(v1
                ? "sysFlag" : "f"))) {
            String branchId = PropertiesCodec.get(properties, HalfMessages.BRANCH_ID);
            if (!BranchBody.isValidBranchId(branchId)) {
                return RemotingCommand.createResponse(request, ResponseCode.BRANCH_INVALID,
                        "malformed branch id " + branchId);
            }
            open.sent(branchId, channel);
        }
        return send.processRequest(channel, request);
    }

    private static boolean isHalf(String sysFlag) {
        try {
            return sysFlag != null && HalfMessages.isPrepared(Integer.parseInt(sysFlag));
        } catch (NumberFormatException e) {
            return false; // the send processor refuses it
        }
    }

    @Override
    public boolean processesOnEventLoop(Channel channel, RemotingCommand request) {
        return send.processesOnEventLoop(channel, request); // what this adds is as cheap
    }

    @Override
    public boolean rejectRequest() {
        return send.rejectRequest();
    }
}
