package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.kv.KvConfigStore;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

/** 100 PUT_KV_CONFIG. */
final class PutKvConfigProcessor implements RequestProcessor {
    private final KvConfigStore kv;

    PutKvConfigProcessor(KvConfigStore kv) {
        this.kv = kv;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields header = request.header();
        kv.put(header.requireString("namespace"), header.requireString("key"), header.requireString("value"));
        return Responses.success(request);
    }
}
