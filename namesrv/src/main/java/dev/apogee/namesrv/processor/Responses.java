package dev.apogee.namesrv.processor;

import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;

/** Response shorthands shared by the processors. */
final class Responses {
    private Responses() {
    }

    static RemotingCommand success(RemotingCommand request) {
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }

    static RemotingCommand success(RemotingCommand request, byte[] body) {
        return success(request).body(body);
    }

    static RemotingCommand error(RemotingCommand request, int code, String remark) {
        return RemotingCommand.createResponse(request, code, remark);
    }
}
