package dev.apogee.client.transaction;

import dev.apogee.client.MQBrokerException;
import dev.apogee.client.MQClientException;
import dev.apogee.client.transaction.BranchException.Reason;
import dev.apogee.remoting.protocol.ResponseCode;

/** Translates client and broker failures into {@link BranchException} reasons, in one place. Stateless. */
final class BranchFailures {
    private BranchFailures() {
    }

    static Reason reasonOf(int responseCode) {
        return switch (responseCode) {
            case ResponseCode.BRANCH_UNKNOWN -> Reason.UNKNOWN_BRANCH;
            case ResponseCode.BRANCH_ROLLED_BACK -> Reason.ROLLED_BACK;
            case ResponseCode.BRANCH_COMMITTED -> Reason.COMMITTED;
            case ResponseCode.BRANCH_INVALID, ResponseCode.MESSAGE_ILLEGAL, MQClientException.ILLEGAL_ARGUMENT ->
                    Reason.INVALID;
            case ResponseCode.REQUEST_CODE_NOT_SUPPORTED -> Reason.NOT_SUPPORTED;
            default -> Reason.UNAVAILABLE;
        };
    }

    static BranchException of(String what, MQClientException e) {
        String detail = e instanceof MQBrokerException b ? b.remark() + " (code " + b.responseCode() + ", broker "
                + b.address() + ")" : e.getMessage();
        return new BranchException(reasonOf(e.responseCode()), what + " failed: " + detail, e);
    }

    static BranchException interrupted(String what, InterruptedException e) {
        Thread.currentThread().interrupt();
        return new BranchException(Reason.UNAVAILABLE, what + " was interrupted", e);
    }
}
