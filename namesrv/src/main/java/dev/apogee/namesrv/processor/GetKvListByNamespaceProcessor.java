package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.kv.KvConfigStore;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.KVTable;
import io.netty.channel.Channel;

import java.util.Map;

/** 219 GET_KVLIST_BY_NAMESPACE: KVTable body, or 22 QUERY_NOT_FOUND for an empty namespace. */
final class GetKvListByNamespaceProcessor implements RequestProcessor {
    private final KvConfigStore kv;

    GetKvListByNamespaceProcessor(KvConfigStore kv) {
        this.kv = kv;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String namespace = request.header().requireString("namespace");
        Map<String, String> table = kv.list(namespace);
        if (table.isEmpty()) {
            return Responses.error(request, ResponseCode.QUERY_NOT_FOUND, "No config item, Namespace: " + namespace);
        }
        KVTable kvTable = new KVTable();
        kvTable.setTable(table);
        return Responses.success(request, kvTable.encode());
    }
}
