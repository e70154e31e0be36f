package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.namesrv.kv.KvConfigStore;
import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RequestCode;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;

/**
 * The name server's request table: request code → processor, and which executor runs it. Route lookups from
 * clients (105) get their own executor so that they never queue behind broker registrations; everything else shares
 * the default executor. Codes not listed are answered REQUEST_CODE_NOT_SUPPORTED by the transport.
 */
public final class NamesrvProcessors {
    private final Map<Integer, RequestProcessor> defaultTable = new LinkedHashMap<>();
    private final Map<Integer, RequestProcessor> routeQueryTable = new LinkedHashMap<>();

    public NamesrvProcessors(RouteInfoTable routes, KvConfigStore kv, NamesrvConfig config) {
        routeQueryTable.put(RequestCode.GET_ROUTEINFO_BY_TOPIC, new GetRouteInfoProcessor(routes, kv, config));

        defaultTable.put(RequestCode.REGISTER_BROKER, new RegisterBrokerProcessor(routes, kv, config));
        defaultTable.put(RequestCode.UNREGISTER_BROKER, new UnregisterBrokerProcessor(routes));
        defaultTable.put(RequestCode.BROKER_HEARTBEAT, new BrokerHeartbeatProcessor(routes));
        defaultTable.put(RequestCode.QUERY_DATA_VERSION, new QueryDataVersionProcessor(routes));
        defaultTable.put(RequestCode.GET_BROKER_CLUSTER_INFO, new GetBrokerClusterInfoProcessor(routes));
        defaultTable.put(RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, new GetAllTopicListProcessor(routes, config));
        defaultTable.put(RequestCode.GET_TOPICS_BY_CLUSTER, new GetTopicsByClusterProcessor(routes, config));
        defaultTable.put(RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_NS, new GetSystemTopicListProcessor(routes));
        defaultTable.put(RequestCode.DELETE_TOPIC_IN_NAMESRV, new DeleteTopicProcessor(routes));
        defaultTable.put(RequestCode.REGISTER_TOPIC_IN_NAMESRV, new RegisterTopicProcessor(routes));
        defaultTable.put(RequestCode.WIPE_WRITE_PERM_OF_BROKER, new WipeWritePermProcessor(routes));
        defaultTable.put(RequestCode.ADD_WRITE_PERM_OF_BROKER, new AddWritePermProcessor(routes));
        defaultTable.put(RequestCode.PUT_KV_CONFIG, new PutKvConfigProcessor(kv));
        defaultTable.put(RequestCode.GET_KV_CONFIG, new GetKvConfigProcessor(kv));
        defaultTable.put(RequestCode.DELETE_KV_CONFIG, new DeleteKvConfigProcessor(kv));
        defaultTable.put(RequestCode.GET_KVLIST_BY_NAMESPACE, new GetKvListByNamespaceProcessor(kv));
        defaultTable.put(RequestCode.GET_NAMESRV_CONFIG, new GetNamesrvConfigProcessor(config));
        defaultTable.put(RequestCode.UPDATE_NAMESRV_CONFIG, new UpdateNamesrvConfigProcessor(config));
    }

    /** Registers every processor on {@code server}. */
    public void registerOn(NettyRemotingServer server, ExecutorService defaultExecutor,
                           ExecutorService routeQueryExecutor) {
        defaultTable.forEach((code, processor) -> server.registerProcessor(code, processor, defaultExecutor));
        routeQueryTable.forEach((code, processor) -> server.registerProcessor(code, processor, routeQueryExecutor));
    }
}
