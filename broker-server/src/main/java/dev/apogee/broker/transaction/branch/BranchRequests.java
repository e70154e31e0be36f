package dev.apogee.broker.transaction.branch;

import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BranchBody;

/** What the branch processors share: reading the branch id and body, and turning an {@link Outcome} into a response. */
final class BranchRequests {
    private BranchRequests() {
    }

    /** The request's well-formed branch id, or null (then {@link #invalidId} is the answer). */
    static String branchId(RemotingCommand request) {
        String id = request.extField("branchId");
        return BranchBody.isValidBranchId(id) ? id : null;
    }

    static RemotingCommand invalidId(RemotingCommand request) {
        return RemotingCommand.createResponse(request, ResponseCode.BRANCH_INVALID, "missing or malformed branchId "
                + "(at most " + BranchBody.MAX_BRANCH_ID_LENGTH + " characters of [A-Za-z0-9:_.-]): "
                + request.extField("branchId"));
    }

    /** The request's body; an absent body is an empty branch. Throws on malformed JSON. */
    static BranchBody body(RemotingCommand request) {
        byte[] body = request.body();
        return body == null || body.length == 0 ? BranchRecord.EMPTY : BranchBody.decode(body);
    }

    static RemotingCommand respond(RemotingCommand request, Outcome outcome) {
        return RemotingCommand.createResponse(request, outcome.code(), outcome.remark());
    }
}
