package dev.apogee.broker.console;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.remoting.exception.RemotingException;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.ClusterInfo;
import dev.apogee.store.MessageStore;
import dev.apogee.store.StoreStats;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The overview page: this broker (role, versions, flush mode, disk, store offsets, totals) and the brokers of the
 * cluster as the first name server that answers knows them ({@code GET_BROKER_CLUSTER_INFO}, bounded wait).
 */
final class ClusterView {
    private static final long NAMESRV_TIMEOUT_MILLIS = 2_000;
    private static final String APOGEE_VERSION = versionOf(ClusterView.class.getPackage().getImplementationVersion());

    private final ConsoleSources sources;
    private final long startedMillis;

    ClusterView(ConsoleSources sources) {
        this.sources = sources;
        this.startedMillis = sources.clock().getAsLong();
    }

    Map<String, Object> overview() {
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("broker", broker());
        tree.put("namesrv", sources.config().namesrvAddressList());
        askCluster(tree);
        return tree;
    }

    private Map<String, Object> broker() {
        BrokerConfig config = sources.config();
        MessageStore store = sources.store();
        StoreStats.Snapshot stats = store.stats();
        Map<String, Object> b = new LinkedHashMap<>();
        b.put("cluster", config.getBrokerClusterName());
        b.put("name", config.getBrokerName());
        b.put("brokerId", config.getBrokerId());
        b.put("role", role(config.getBrokerId()));
        b.put("address", config.brokerAddress());
        b.put("version", "Apogee MQ " + APOGEE_VERSION + " (RocketMQ protocol V5_3_3)");
        b.put("java", System.getProperty("java.version"));
        b.put("flushMode", config.getFlushDiskType());
        b.put("storePath", config.storeRoot().toAbsolutePath().toString());
        b.put("writable", store.fsyncFailure() == null && !store.isReadOnly() && !store.isDiskFull());
        b.put("diskFull", store.isDiskFull());
        b.put("fsyncFailure", store.fsyncFailure() == null ? "" : store.fsyncFailure().getMessage());
        b.put("acl", config.isAclEnable());
        b.put("commitLogMinOffset", store.getMinPhyOffset());
        b.put("commitLogMaxOffset", store.getMaxPhyOffset());
        b.put("messagesIn", stats.putMessages());
        b.put("messagesOut", stats.getMessages());
        b.put("consoleStartedAt", startedMillis);
        b.put("disk", disk(config));
        return b;
    }

    private static Map<String, Object> disk(BrokerConfig config) {
        Map<String, Object> disk = new LinkedHashMap<>();
        try {
            FileStore fs = Files.getFileStore(config.storeRoot());
            long total = fs.getTotalSpace();
            long free = fs.getUsableSpace();
            disk.put("totalBytes", total);
            disk.put("freeBytes", free);
            disk.put("usedPercent", total == 0 ? 0.0 : Math.round((total - free) * 1000.0 / total) / 10.0);
            disk.put("refuseSendsAbovePercent", config.getDiskSpaceWarningLevelRatio());
        } catch (IOException e) {
            disk.put("error", e.toString());
        }
        return disk;
    }

    /** Adds {@code cluster} (one row per broker address) or {@code clusterError}. */
    private void askCluster(Map<String, Object> tree) {
        String lastError = "no name server configured";
        for (String namesrv : sources.config().namesrvAddressList()) {
            try {
                RemotingCommand response = sources.namesrvClient().invokeSync(namesrv,
                        RemotingCommand.createRequest(RequestCode.GET_BROKER_CLUSTER_INFO), NAMESRV_TIMEOUT_MILLIS);
                if (response.code() == ResponseCode.SUCCESS && response.body() != null) {
                    tree.put("cluster", rows(ClusterInfo.decode(response.body())));
                    return;
                }
                lastError = namesrv + " answered code " + response.code();
            } catch (RemotingException e) {
                lastError = namesrv + ": " + e.getMessage();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                lastError = "interrupted";
                break;
            }
        }
        tree.put("clusterError", lastError);
    }

    private List<Object> rows(ClusterInfo info) {
        List<Object> rows = new ArrayList<>();
        for (BrokerData data : info.getBrokerAddrTable().values()) {
            data.getBrokerAddrs().forEach((id, address) -> {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("cluster", data.getCluster());
                row.put("brokerName", data.getBrokerName());
                row.put("brokerId", id);
                row.put("role", role(id));
                row.put("address", address);
                row.put("self", address.equals(sources.config().brokerAddress()));
                rows.add(row);
            });
        }
        return rows;
    }

    private static String role(long brokerId) {
        return brokerId == BrokerData.MASTER_ID ? "MASTER" : "SLAVE";
    }

    private static String versionOf(String implementationVersion) {
        return implementationVersion == null ? "development build" : implementationVersion;
    }
}
