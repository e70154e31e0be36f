package dev.apogee.broker.transaction.branch;

import dev.apogee.remoting.protocol.ResponseCode;

/** The answer to a branch request: a response code and, for refusals, why. */
record Outcome(int code, String remark) {
    static final Outcome OK = new Outcome(ResponseCode.SUCCESS, null);

    static Outcome of(int code, String remark) {
        return new Outcome(code, remark);
    }
}
