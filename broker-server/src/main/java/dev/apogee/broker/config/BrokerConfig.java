package dev.apogee.broker.config;

import dev.apogee.remoting.config.Matches;
import dev.apogee.remoting.config.OneOf;
import dev.apogee.remoting.config.Range;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Broker settings, named like Apache RocketMQ's {@code broker.conf} keys so operators can reuse their files.
 * A plain bean: filled once by {@link ConfigLoader} (or by tests) before the broker starts, read-only afterwards
 * (except what UPDATE_BROKER_CONFIG changes, through the same loader).
 *
 * <p>Every field is a setting named like its setter. What a value may be comes from the field's type and the
 * {@link Range}, {@link OneOf} or {@link Matches} on it ({@link dev.apogee.remoting.config.SettingRule}); without
 * an annotation a number must be {@code >= 0} and an {@code int} named {@code *Port} must be {@code 0..65535}.
 */
public final class BrokerConfig {
    private String brokerClusterName = "DefaultCluster";
    private String brokerName = "broker-a";
    private long brokerId = 0;
    private String brokerIP1 = "127.0.0.1";
    private String bindAddress = "0.0.0.0";
    private int listenPort = 10911;
    private String namesrvAddr = "127.0.0.1:9876";
    private String storePathRootDir = Paths.get(System.getProperty("user.home"), "apogee", "store").toString();
    @OneOf({"ASYNC_FLUSH", "SYNC_FLUSH"})
    private String flushDiskType = "ASYNC_FLUSH";
    @Range(min = 4096, max = Integer.MAX_VALUE)
    private long mappedFileSizeCommitLog = 1024L * 1024 * 1024;
    @Range(min = 20)
    private int mappedFileSizeConsumeQueue = 300_000 * 20;
    @Range(min = 1024)
    private int maxMessageSize = 4 * 1024 * 1024;
    private boolean autoCreateTopicEnable = true;
    private boolean autoCreateSubscriptionGroup = true;
    @Range(min = 1)
    private int defaultTopicQueueNums = 8;
    @Range(min = 0, max = 7)
    private int brokerPermission = 6;
    private boolean enablePropertyFilter = true;
    private boolean longPollingEnable = true;
    @Range(min = 1)
    private long shortPollingTimeMills = 1000;
    @Range(min = 1)
    private int sendMessageThreadPoolNums = 4;
    @Range(min = 1)
    private int pullMessageThreadPoolNums = 8;
    @Range(min = 1)
    private int adminBrokerThreadPoolNums = 4;
    @Range(min = 1)
    private int clientManageThreadPoolNums = 4;
    @Range(min = 1)
    private int sendThreadPoolQueueCapacity = 10_000;
    @Range(min = 1)
    private int pullThreadPoolQueueCapacity = 100_000;
    @Range(min = 1)
    private int serverWorkerThreads = 3;
    @Range(min = 1)
    private long registerBrokerIntervalMillis = 30_000;
    @Range(min = 1)
    private long registerBrokerTimeoutMillis = 6_000;
    @Range(min = 1)
    private long channelExpiredTimeoutMillis = 120_000;
    @Range(min = 1)
    private long flushConsumerOffsetIntervalMillis = 5_000;
    @Range(min = 1)
    private long syncFlushTimeoutMillis = 5_000;
    /** ASYNC_FLUSH (RocketMQ's names): flush period, least dirty 4 KiB pages per flush, flush-anyway period. */
    @Range(min = 1)
    private long flushIntervalCommitLog = 500;
    private int flushCommitLogLeastPages = 4;
    @Range(min = 1)
    private long flushCommitLogThoroughInterval = 10_000;
    @Matches(regex = "\\s*\\d+[smhd](\\s+\\d+[smhd])*\\s*",
            description = "delays separated by spaces, each a number with unit s, m, h or d (1s 5s 1m 2h)")
    private String messageDelayLevel = "1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m 30m 1h 2h";
    private int fileReservedTime = 72;
    @Matches(regex = "\\s*([01]?\\d|2[0-3])\\s*(;\\s*([01]?\\d|2[0-3])\\s*)*",
            description = "hours of the day 00-23, separated by ';' (04 or 04;16)")
    private String deleteWhen = "04";
    @Range(min = 1, max = 100)
    private int diskMaxUsedSpaceRatio = 75;
    /**
     * RocketMQ's name: percent of the disk used above which sends are refused (SERVICE_NOT_AVAILABLE, remark
     * {@code [DISK_FULL]}) until usage falls below it again; an ENOSPC from the file system refuses them too.
     */
    @Range(min = 1, max = 100)
    private int diskSpaceWarningLevelRatio = 95;
    /** RocketMQ's name: how often the disk is checked (and expired files deleted); also how soon sends resume. */
    @Range(min = 1)
    private long cleanResourceInterval = 10_000;
    private boolean messageIndexEnable = true;
    @Range(min = 1)
    private int maxHashSlotNum = 5_000_000;
    @Range(min = 1)
    private int maxIndexNum = 20_000_000;
    private long transactionTimeOut = 6_000;
    @Range(min = 1)
    private long transactionCheckInterval = 30_000;
    @Range(min = 1)
    private int transactionCheckMax = 15;
    /** Halves of a branch not prepared within this time (from the first half) are rolled back; Apogee-only. */
    @Range(min = 1)
    private long branchTimeoutMillis = 60_000;
    /** Branch prepare/commit threads: each waits for its record's flush, so more threads share one fsync. */
    @Range(min = 1)
    private int branchThreadPoolNums = 16;
    @Range(min = 1)
    private long timerMaxDelaySec = 3L * 24 * 3600;
    private boolean transientStorePoolEnable = false;
    /** RocketMQ's name; on here by default (off in RocketMQ): recovery then also detects a damaged record header. */
    private boolean enabledAppendPropCRC = true;
    @Range(min = 1)
    private int transientStorePoolSize = 2;
    /** SYNC_FLUSH staging ring bytes (store's commitLogStagingBytes); 0 = every append writes its own bytes. */
    private int commitLogStagingBytes = 4 << 20;
    /**
     * RocketMQ's name: zero-fill (paced) each next commit-log file ahead of need. Only under SYNC_FLUSH, where it
     * keeps block allocation out of the fsyncs; on here by default (off in RocketMQ).
     */
    private boolean warmMapedFileEnable = true;
    private boolean traceOn = true;
    private String regionId = "DefaultRegion";
    private boolean aclEnable = false;
    private String aclConfigFile = "";
    @Range(min = 1)
    private long aclReloadIntervalMillis = 5_000;
    private boolean tlsEnable = false;
    @OneOf(value = {"disabled", "permissive", "enforcing"}, ignoreCase = true)
    private String tlsMode = "permissive";
    private String tlsServerCertPath;
    private String tlsServerKeyPath;
    private String tlsServerKeyStorePath;
    private String tlsServerKeyPasswordFile;
    private String tlsServerTrustCertPath;
    private boolean tlsServerNeedClientAuth = false;
    /** The web console ({@code dev.apogee.broker.console}): off for a plain broker, on in standalone mode. */
    private boolean consoleEnable = false;
    private int consolePort = 8082;
    /**
     * Serve Prometheus metrics on {@code http://bindAddress:metricsPort/metrics} (README "Metrics"). Off for an
     * embedded broker; the shipped {@code conf/broker.conf} and the standalone server turn it on.
     */
    private boolean metricsEnable = false;
    /** Port of the metrics endpoint: Apache RocketMQ's {@code metricsPromExporterPort} default; 0 = no endpoint. */
    private int metricsPort = 5557;

    /** Namesrv addresses, split on ';' as RocketMQ does. */
    public List<String> namesrvAddressList() {
        List<String> addresses = new ArrayList<>();
        if (namesrvAddr != null) {
            for (String address : namesrvAddr.split(";")) {
                if (!address.isBlank()) {
                    addresses.add(address.trim());
                }
            }
        }
        return addresses;
    }

    /** The address clients use: {@code brokerIP1:listenPort}. */
    public String brokerAddress() {
        return brokerIP1 + ":" + listenPort;
    }

    public Path storeRoot() {
        return Paths.get(storePathRootDir);
    }

    public Path configDir() {
        return storeRoot().resolve("config");
    }

    /** The ACL file: {@code aclConfigFile}, or {@code plain_acl.yml} in {@link #configDir()} when that is blank. */
    public Path aclConfigPath() {
        return aclConfigFile == null || aclConfigFile.isBlank() ? configDir().resolve("plain_acl.yml")
                : Paths.get(aclConfigFile);
    }

    public boolean isSyncFlush() {
        return "SYNC_FLUSH".equalsIgnoreCase(flushDiskType);
    }

    public String getBrokerClusterName() { return brokerClusterName; }
    public void setBrokerClusterName(String v) { brokerClusterName = v; }
    public String getBrokerName() { return brokerName; }
    public void setBrokerName(String v) { brokerName = v; }
    public long getBrokerId() { return brokerId; }
    public void setBrokerId(long v) { brokerId = v; }
    public String getBrokerIP1() { return brokerIP1; }
    public void setBrokerIP1(String v) { brokerIP1 = v; }
    public String getBindAddress() { return bindAddress; }
    public void setBindAddress(String v) { bindAddress = v; }
    public int getListenPort() { return listenPort; }
    public void setListenPort(int v) { listenPort = v; }
    public String getNamesrvAddr() { return namesrvAddr; }
    public void setNamesrvAddr(String v) { namesrvAddr = v; }
    public String getStorePathRootDir() { return storePathRootDir; }
    public void setStorePathRootDir(String v) { storePathRootDir = v; }
    public String getFlushDiskType() { return flushDiskType; }
    public void setFlushDiskType(String v) { flushDiskType = v; }
    public long getMappedFileSizeCommitLog() { return mappedFileSizeCommitLog; }
    public void setMappedFileSizeCommitLog(long v) { mappedFileSizeCommitLog = v; }
    public int getMappedFileSizeConsumeQueue() { return mappedFileSizeConsumeQueue; }
    public void setMappedFileSizeConsumeQueue(int v) { mappedFileSizeConsumeQueue = v; }
    public int getMaxMessageSize() { return maxMessageSize; }
    public void setMaxMessageSize(int v) { maxMessageSize = v; }
    public boolean isAutoCreateTopicEnable() { return autoCreateTopicEnable; }
    public void setAutoCreateTopicEnable(boolean v) { autoCreateTopicEnable = v; }
    public boolean isAutoCreateSubscriptionGroup() { return autoCreateSubscriptionGroup; }
    public void setAutoCreateSubscriptionGroup(boolean v) { autoCreateSubscriptionGroup = v; }
    public int getDefaultTopicQueueNums() { return defaultTopicQueueNums; }
    public void setDefaultTopicQueueNums(int v) { defaultTopicQueueNums = v; }
    public int getBrokerPermission() { return brokerPermission; }
    public void setBrokerPermission(int v) { brokerPermission = v; }
    public boolean isEnablePropertyFilter() { return enablePropertyFilter; }
    public void setEnablePropertyFilter(boolean v) { enablePropertyFilter = v; }
    public boolean isLongPollingEnable() { return longPollingEnable; }
    public void setLongPollingEnable(boolean v) { longPollingEnable = v; }
    public long getShortPollingTimeMills() { return shortPollingTimeMills; }
    public void setShortPollingTimeMills(long v) { shortPollingTimeMills = v; }
    public int getSendMessageThreadPoolNums() { return sendMessageThreadPoolNums; }
    public void setSendMessageThreadPoolNums(int v) { sendMessageThreadPoolNums = v; }
    public int getPullMessageThreadPoolNums() { return pullMessageThreadPoolNums; }
    public void setPullMessageThreadPoolNums(int v) { pullMessageThreadPoolNums = v; }
    public int getAdminBrokerThreadPoolNums() { return adminBrokerThreadPoolNums; }
    public void setAdminBrokerThreadPoolNums(int v) { adminBrokerThreadPoolNums = v; }
    public int getClientManageThreadPoolNums() { return clientManageThreadPoolNums; }
    public void setClientManageThreadPoolNums(int v) { clientManageThreadPoolNums = v; }
    public int getSendThreadPoolQueueCapacity() { return sendThreadPoolQueueCapacity; }
    public void setSendThreadPoolQueueCapacity(int v) { sendThreadPoolQueueCapacity = v; }
    public int getPullThreadPoolQueueCapacity() { return pullThreadPoolQueueCapacity; }
    public void setPullThreadPoolQueueCapacity(int v) { pullThreadPoolQueueCapacity = v; }
    public int getServerWorkerThreads() { return serverWorkerThreads; }
    public void setServerWorkerThreads(int v) { serverWorkerThreads = v; }
    public long getRegisterBrokerIntervalMillis() { return registerBrokerIntervalMillis; }
    public void setRegisterBrokerIntervalMillis(long v) { registerBrokerIntervalMillis = v; }
    public long getRegisterBrokerTimeoutMillis() { return registerBrokerTimeoutMillis; }
    public void setRegisterBrokerTimeoutMillis(long v) { registerBrokerTimeoutMillis = v; }
    public long getChannelExpiredTimeoutMillis() { return channelExpiredTimeoutMillis; }
    public void setChannelExpiredTimeoutMillis(long v) { channelExpiredTimeoutMillis = v; }
    public long getFlushConsumerOffsetIntervalMillis() { return flushConsumerOffsetIntervalMillis; }
    public void setFlushConsumerOffsetIntervalMillis(long v) { flushConsumerOffsetIntervalMillis = v; }
    public long getFlushIntervalCommitLog() { return flushIntervalCommitLog; }
    public void setFlushIntervalCommitLog(long v) { flushIntervalCommitLog = v; }
    public int getFlushCommitLogLeastPages() { return flushCommitLogLeastPages; }
    public void setFlushCommitLogLeastPages(int v) { flushCommitLogLeastPages = v; }
    public long getFlushCommitLogThoroughInterval() { return flushCommitLogThoroughInterval; }
    public void setFlushCommitLogThoroughInterval(long v) { flushCommitLogThoroughInterval = v; }
    public long getSyncFlushTimeoutMillis() { return syncFlushTimeoutMillis; }
    public void setSyncFlushTimeoutMillis(long v) { syncFlushTimeoutMillis = v; }
    public String getMessageDelayLevel() { return messageDelayLevel; }
    public void setMessageDelayLevel(String v) { messageDelayLevel = v; }
    public int getFileReservedTime() { return fileReservedTime; }
    public void setFileReservedTime(int v) { fileReservedTime = v; }
    public String getDeleteWhen() { return deleteWhen; }
    public void setDeleteWhen(String v) { deleteWhen = v; }
    public int getDiskMaxUsedSpaceRatio() { return diskMaxUsedSpaceRatio; }
    public void setDiskMaxUsedSpaceRatio(int v) { diskMaxUsedSpaceRatio = v; }
    public int getDiskSpaceWarningLevelRatio() { return diskSpaceWarningLevelRatio; }
    public void setDiskSpaceWarningLevelRatio(int v) { diskSpaceWarningLevelRatio = v; }
    public long getCleanResourceInterval() { return cleanResourceInterval; }
    public void setCleanResourceInterval(long v) { cleanResourceInterval = v; }
    public boolean isMessageIndexEnable() { return messageIndexEnable; }
    public void setMessageIndexEnable(boolean v) { messageIndexEnable = v; }
    public int getMaxHashSlotNum() { return maxHashSlotNum; }
    public void setMaxHashSlotNum(int v) { maxHashSlotNum = v; }
    public int getMaxIndexNum() { return maxIndexNum; }
    public void setMaxIndexNum(int v) { maxIndexNum = v; }
    public long getTransactionTimeOut() { return transactionTimeOut; }
    public void setTransactionTimeOut(long v) { transactionTimeOut = v; }
    public long getTransactionCheckInterval() { return transactionCheckInterval; }
    public void setTransactionCheckInterval(long v) { transactionCheckInterval = v; }
    public int getTransactionCheckMax() { return transactionCheckMax; }
    public void setTransactionCheckMax(int v) { transactionCheckMax = v; }
    public long getBranchTimeoutMillis() { return branchTimeoutMillis; }
    public void setBranchTimeoutMillis(long v) { branchTimeoutMillis = v; }
    public int getBranchThreadPoolNums() { return branchThreadPoolNums; }
    public void setBranchThreadPoolNums(int v) { branchThreadPoolNums = v; }
    /** Off-heap write buffers (one commit-log file each): about twice the SYNC_FLUSH rate; costs direct memory. */
    public boolean isEnabledAppendPropCRC() { return enabledAppendPropCRC; }
    public void setEnabledAppendPropCRC(boolean v) { enabledAppendPropCRC = v; }
    public boolean isTransientStorePoolEnable() { return transientStorePoolEnable; }
    public void setTransientStorePoolEnable(boolean v) { transientStorePoolEnable = v; }
    public int getCommitLogStagingBytes() { return commitLogStagingBytes; }
    public void setCommitLogStagingBytes(int v) { commitLogStagingBytes = v; }
    public boolean isWarmMapedFileEnable() { return warmMapedFileEnable; }
    public void setWarmMapedFileEnable(boolean v) { warmMapedFileEnable = v; }
    public int getTransientStorePoolSize() { return transientStorePoolSize; }
    public void setTransientStorePoolSize(int v) { transientStorePoolSize = v; }
    public long getTimerMaxDelaySec() { return timerMaxDelaySec; }
    public void setTimerMaxDelaySec(long v) { timerMaxDelaySec = v; }
    public boolean isTraceOn() { return traceOn; }
    public void setTraceOn(boolean v) { traceOn = v; }
    public String getRegionId() { return regionId; }
    public void setRegionId(String v) { regionId = v; }
    /** Access control (RocketMQ ACL 1.0 signatures, {@code dev.apogee.broker.acl}); off by default. */
    public boolean isAclEnable() { return aclEnable; }
    public void setAclEnable(boolean v) { aclEnable = v; }
    public String getAclConfigFile() { return aclConfigFile; }
    public void setAclConfigFile(String v) { aclConfigFile = v; }
    public long getAclReloadIntervalMillis() { return aclReloadIntervalMillis; }
    public void setAclReloadIntervalMillis(long v) { aclReloadIntervalMillis = v; }
    /** TLS of the remoting port; {@code tlsMode} permissive (TLS and plaintext) or enforcing (TLS only). */
    public boolean isTlsEnable() { return tlsEnable; }
    public void setTlsEnable(boolean v) { tlsEnable = v; }
    public String getTlsMode() { return tlsMode; }
    public void setTlsMode(String v) { tlsMode = v; }
    public String getTlsServerCertPath() { return tlsServerCertPath; }
    public void setTlsServerCertPath(String v) { tlsServerCertPath = v; }
    public String getTlsServerKeyPath() { return tlsServerKeyPath; }
    public void setTlsServerKeyPath(String v) { tlsServerKeyPath = v; }
    public String getTlsServerKeyStorePath() { return tlsServerKeyStorePath; }
    public void setTlsServerKeyStorePath(String v) { tlsServerKeyStorePath = v; }
    /**
     * A file holding the password of the PEM key or PKCS12 store. A file, not the password itself, because every
     * setting here is readable over GET_BROKER_CONFIG.
     */
    public String getTlsServerKeyPasswordFile() { return tlsServerKeyPasswordFile; }
    public void setTlsServerKeyPasswordFile(String v) { tlsServerKeyPasswordFile = v; }
    public String getTlsServerTrustCertPath() { return tlsServerTrustCertPath; }
    public void setTlsServerTrustCertPath(String v) { tlsServerTrustCertPath = v; }
    public boolean isTlsServerNeedClientAuth() { return tlsServerNeedClientAuth; }
    public void setTlsServerNeedClientAuth(boolean v) { tlsServerNeedClientAuth = v; }
    /**
     * The web console on {@code bindAddress:consolePort} (HTTP; 0 = any free port): cluster, topics, groups, JMS
     * destinations, message lookup, DLQ re-send, connections, rates. Behind the ACL's admin accounts when
     * {@code aclEnable}.
     */
    public boolean isConsoleEnable() { return consoleEnable; }
    public void setConsoleEnable(boolean v) { consoleEnable = v; }
    public int getConsolePort() { return consolePort; }
    public void setConsolePort(int v) {
        if (v < 0 || v > 65535) {
            throw new IllegalArgumentException("consolePort must be 0..65535, got " + v);
        }
        consolePort = v;
    }

    public boolean isMetricsEnable() { return metricsEnable; }
    public void setMetricsEnable(boolean v) { metricsEnable = v; }
    public int getMetricsPort() { return metricsPort; }

    public void setMetricsPort(int v) {
        if (v < 0 || v > 65535) {
            throw new IllegalArgumentException("metricsPort must be 0..65535 (0 = no metrics endpoint), got " + v);
        }
        metricsPort = v;
    }

    /** Whether the broker serves {@code /metrics}: {@code metricsEnable} and a port other than 0. */
    public boolean servesMetrics() {
        return metricsEnable && metricsPort != 0;
    }
}
