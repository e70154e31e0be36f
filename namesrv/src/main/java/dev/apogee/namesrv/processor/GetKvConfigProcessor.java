package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.kv.KvConfigStore;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;

/** 101 GET_KV_CONFIG: header {@code value}, or 22 QUERY_NOT_FOUND. */
final class GetKvConfigProcessor implements RequestProcessor {
    private final KvConfigStore kv;

    GetKvConfigProcessor(KvConfigStore kv) {
        this.kv = kv;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields header = request.header();
        String namespace = header.requireString("namespace");
        String key = header.requireString("key");
        String value = kv.get(namespace, key);
        if (value == null) {
            return Responses.error(request, ResponseCode.QUERY_NOT_FOUND,
                    "No config item, Namespace: " + namespace + " Key: " + key);
        }
        return Responses.success(request).putExtField("value", value);
    }
}
