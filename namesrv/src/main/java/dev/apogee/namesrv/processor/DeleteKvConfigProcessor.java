package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.kv.KvConfigStore;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

/** 102 DELETE_KV_CONFIG; deleting an absent key succeeds. */
final class DeleteKvConfigProcessor implements RequestProcessor {
    private final KvConfigStore kv;

    DeleteKvConfigProcessor(KvConfigStore kv) {
        this.kv = kv;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields header = request.header();
        kv.delete(header.requireString("namespace"), header.requireString("key"));
        return Responses.success(request);
    }
}
