package dev.apogee.broker;

import dev.apogee.broker.acl.AclFileWatchService;
import dev.apogee.broker.client.ClientHousekeepingService;
import dev.apogee.broker.client.ConsumerIdsChangeNotifier;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.client.ProducerRegistry;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.acl.AclConsoleAccess;
import dev.apogee.broker.console.ConsoleServer;
import dev.apogee.broker.console.ConsoleSources;
import dev.apogee.broker.lock.QueueLockTable;
import dev.apogee.broker.metrics.BrokerMetrics;
import dev.apogee.broker.filter.SqlFilterFactory;
import dev.apogee.broker.longpolling.LongPollingHold;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.offset.OffsetPersistService;
import dev.apogee.broker.persist.ConfigFile;
import dev.apogee.broker.pop.Pops;
import dev.apogee.broker.pop.assignment.RequestModeTable;
import dev.apogee.broker.pull.PullChecks;
import dev.apogee.broker.pull.PullMessageProcessor;
import dev.apogee.broker.registration.BrokerRegistrationService;
import dev.apogee.broker.schedule.DelayLevelTable;
import dev.apogee.broker.schedule.ScheduleMessageService;
import dev.apogee.broker.stats.BrokerStats;
import dev.apogee.broker.stats.BrokerStatsService;
import dev.apogee.broker.send.MessageAppender;
import dev.apogee.broker.send.MessageRedirect;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.SystemTopics;
import dev.apogee.broker.timer.TimerRouting;
import dev.apogee.broker.timer.TimerService;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.transaction.TransactionConfig;
import dev.apogee.broker.transaction.Transactions;
import dev.apogee.broker.transaction.branch.Branches;
import dev.apogee.remoting.metrics.ServerMetrics;
import dev.apogee.remoting.netty.NettyClientConfig;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.NettyServerConfig;
import dev.apogee.remoting.netty.RemotingBindException;
import dev.apogee.remoting.tls.TlsConfig;
import dev.apogee.store.FlushMode;
import dev.apogee.store.MessageStore;
import dev.apogee.store.StoreConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.ZoneId;
import java.util.function.LongSupplier;

/**
 * One broker: owns the store, the config tables, the client registries, the background services and the remoting
 * server, and wires the processors to them ({@link ProcessorRegistrations}). Life cycle: {@link #start()} then
 * {@link #shutdown()}, each called once from the controlling thread.
 */
public final class Broker implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Broker.class);

    final BrokerConfig config;
    final LongSupplier clock = System::currentTimeMillis;
    final DelayLevelTable delayLevels;
    final TopicConfigTable topics;
    final SubscriptionGroupTable groups;
    final ConsumerOffsetTable offsets;
    final ConsumerIdsChangeNotifier idsChangeNotifier = new ConsumerIdsChangeNotifier();
    final ConsumerRegistry consumers;
    final ProducerRegistry producers;
    final ClientHousekeepingService housekeeping;
    final BrokerExecutors executors;
    final NettyRemotingClient namesrvClient;
    final BrokerRegistrationService registration;
    final OffsetPersistService offsetPersist;
    MessageStore store;
    NettyRemotingServer server;
    LongPollingHold longPolling;
    MessageRedirect redirect;
    MessageAppender appender;
    PullMessageProcessor pullProcessor;
    SqlFilterFactory propertyFilters;
    Transactions transactions;
    Branches branches;
    TimerService timers;
    ScheduleMessageService schedule;
    final QueueLockTable queueLocks;
    final RequestModeTable requestModes;
    Pops pops;
    AclFileWatchService acl;
    ConsoleServer console;
    BrokerStats stats;
    private BrokerStatsService statsService;
    final BrokerMetrics metrics;
    private volatile boolean started;

    public Broker(BrokerConfig config) {
        this(config, null);
    }

    /**
     * @param sharedMetrics metrics shared with a name server in the same process (the standalone server, which then
     *                      serves them), or null: the broker has its own, served when {@code metricsEnable} is set
     */
    public Broker(BrokerConfig config, ServerMetrics sharedMetrics) {
        this.config = config;
        this.metrics = new BrokerMetrics(config, sharedMetrics);
        this.delayLevels = new DelayLevelTable(config.getMessageDelayLevel());
        this.topics = new TopicConfigTable(configFile("topics.json"));
        this.groups = new SubscriptionGroupTable(configFile("subscriptionGroup.json"),
                config.isAutoCreateSubscriptionGroup());
        this.offsets = new ConsumerOffsetTable(configFile("consumerOffset.json"));
        this.consumers = new ConsumerRegistry(clock, idsChangeNotifier);
        this.producers = new ProducerRegistry(clock);
        this.housekeeping = new ClientHousekeepingService(consumers, producers, config.getChannelExpiredTimeoutMillis());
        this.executors = new BrokerExecutors(config);
        this.namesrvClient = new NettyRemotingClient(new NettyClientConfig().setName("apogee-broker-outapi")
                .setWorkerThreads(1).setCallbackThreads(1));
        this.registration = new BrokerRegistrationService(config, topics, namesrvClient);
        // the store opens in start(): the lambda reads the field when a persist runs
        this.offsetPersist = new OffsetPersistService(offsets, groups, config.getFlushConsumerOffsetIntervalMillis(),
                () -> store.makeReadableDurable());
        this.queueLocks = new QueueLockTable(clock);
        this.requestModes = new RequestModeTable(configFile("messageRequestMode.json"));
        housekeeping.addChannelGoneHook(queueLocks::releaseChannel);
    }

    /** Recovers the store, loads the tables, starts serving and registers with the name servers. */
    public void start() throws IOException, RemotingBindException {
        if (config.getListenPort() == 0) {
            config.setListenPort(FreePort.pick(config.getBindAddress()));
        }
        TlsConfig tls = BrokerTls.of(config);
        metrics.serve(); // first: a taken metrics port refuses the start before the store is opened
        if (config.isAclEnable()) {
            acl = AclFileWatchService.open(config.aclConfigPath(), config.getAclReloadIntervalMillis(), clock);
        }
        store = MessageStore.open(storeConfig());
        stats = new BrokerStats(clock, () -> store.stats().putMessages(), () -> store.stats().getMessages(),
                ZoneId.systemDefault());
        store.addDispatchListener(stats);
        store.setGroupCommitListener(metrics.groupCommit());
        topics.load(new SystemTopics(config, delayLevels.maxLevel()));
        groups.load();
        offsets.load();
        requestModes.load();
        redirect = new MessageRedirect(topics, groups, delayLevels,
                new TimerRouting(clock, config.getTimerMaxDelaySec() * 1000));
        redirect.onDeadLetter(metrics.deadLetters());
        appender = new MessageAppender(store, config,
                new InetSocketAddress(config.getBrokerIP1(), config.getListenPort()));
        appender.sendMeters(metrics.sends());
        propertyFilters = config.isEnablePropertyFilter() ? new SqlFilterFactory() : null;
        pullProcessor = new PullMessageProcessor(config, store, offsets,
                new PullChecks(config, topics, groups, consumers, propertyFilters), clock);
        transactions = new Transactions(new TransactionConfig(config.getTransactionTimeOut(),
                config.getTransactionCheckInterval(), config.getTransactionCheckMax()), store, producers, offsets,
                appender.storeHost(), clock);
        longPolling = new LongPollingHold(pullProcessor::resume, clock);
        pullProcessor.bind(longPolling, executors.pull);
        pullProcessor.countDeliveriesIn(stats);
        pullProcessor.deliveryMeters(metrics.deliveries());
        store.addDispatchListener(longPolling);
        schedule = new ScheduleMessageService(store, delayLevels,
                configFile("delayOffset.json"), appender.storeHost(), clock, 10_000);
        store.addDispatchListener(schedule);
        pops = new Pops(new Pops.Parts(config, store, topics, groups, offsets, redirect, propertyFilters,
                appender.storeHost(), config.configDir(), clock));
        pops.deliveryMeters(metrics.deliveries());
        branches = new Branches(config.getBranchTimeoutMillis(), store, transactions.decisions(), offsets,
                config.configDir().resolve("consumerOffset.json"), redirect, appender.storeHost(), clock,
                topics, config::getBrokerPermission, pops.transactedAcks());
        pullProcessor.suspension(branches.suspension());
        server = new NettyRemotingServer(new NettyServerConfig().setName("apogee-broker")
                .setBindAddress(config.getBindAddress()).setListenPort(config.getListenPort())
                .setWorkerThreads(config.getServerWorkerThreads()).setTls(tls), housekeeping);
        if (acl != null) {
            server.setRequestInterceptor(acl.authorizer());
        }
        server.setRequestObserver(metrics.rpcObserver());
        metrics.watch(store, topics, offsets, pops, consumers);
        idsChangeNotifier.bind(server);
        new ProcessorRegistrations(this).registerAll(server);
        store.start();
        pops.restore(); // the POP state first: the branch log's replay holds and acks popped messages in it
        branches.start(); // replays the branch log before the server accepts requests
        pops.start(); // the expiry thread, once prepared branches hold their popped messages again
        schedule.start();
        timers = new TimerService(store, configFile("timerProgress.json"),
                appender.storeHost(), clock);
        timers.start();
        server.start();
        if (acl != null) {
            acl.start();
        }
        longPolling.start();
        transactions.start(server);
        housekeeping.start();
        statsService = new BrokerStatsService(stats);
        statsService.start();
        offsetPersist.start();
        namesrvClient.start();
        topics.onChange(registration::registerIncrementally);
        registration.start();
        started = true;
        if (config.isConsoleEnable()) {
            try {
                console = ConsoleServer.start(new ConsoleSources(config, store, topics, groups, offsets, consumers,
                        producers, pops, acl == null ? null : new AclConsoleAccess(acl), namesrvClient,
                        appender.storeHost(), clock));
            } catch (RemotingBindException | RuntimeException e) {
                shutdown(); // a broker whose console cannot listen does not start, like one whose port is taken
                throw e;
            }
        }
        LOG.info("broker {} of cluster {} started on {} ({})", config.getBrokerName(),
                config.getBrokerClusterName(), config.brokerAddress(), durability());
    }

    private StoreConfig storeConfig() {
        return StoreConfig.builder(config.storeRoot())
                .commitLogFileSize((int) Math.min(Integer.MAX_VALUE, config.getMappedFileSizeCommitLog()))
                .consumeQueueEntriesPerFile(Math.max(1, config.getMappedFileSizeConsumeQueue() / 20))
                .flushMode(config.isSyncFlush() ? FlushMode.SYNC_FLUSH : FlushMode.ASYNC_FLUSH)
                .syncFlushTimeoutMs(config.getSyncFlushTimeoutMillis())
                .flushIntervalMs(config.getFlushIntervalCommitLog())
                .flushMinDirtyPages(config.getFlushCommitLogLeastPages())
                .flushThoroughIntervalMs(config.getFlushCommitLogThoroughInterval())
                .maxMessageSize(config.getMaxMessageSize())
                .fileReservedHours(config.getFileReservedTime())
                .deleteWhenHour(Integer.parseInt(config.getDeleteWhen().split(";")[0].trim()))
                .diskMaxUsedRatio(percent("diskMaxUsedSpaceRatio", config.getDiskMaxUsedSpaceRatio()))
                .diskFullRatio(percent("diskSpaceWarningLevelRatio", config.getDiskSpaceWarningLevelRatio()))
                .cleanIntervalMs(config.getCleanResourceInterval())
                .messageIndexEnable(config.isMessageIndexEnable())
                .maxHashSlotNum(config.getMaxHashSlotNum())
                .maxIndexNum(config.getMaxIndexNum())
                // Pre-allocated blocks make each SYNC_FLUSH fsync a data-only flush (no extent metadata to write).
                .warmMappedFiles(config.isSyncFlush() && config.isWarmMapedFileEnable())
                .transientStorePoolEnable(config.isTransientStorePoolEnable())
                .transientStorePoolSize(config.getTransientStorePoolSize())
                .recordCrc(config.isEnabledAppendPropCRC())
                .commitLogStagingBytes(config.getCommitLogStagingBytes())
                .build();
    }

    private static double percent(String name, int value) {
        if (value < 1 || value > 100) {
            throw new IllegalArgumentException(name + " must be a percent in [1, 100]: " + value);
        }
        return value / 100.0;
    }

    /** The port the remoting server listens on. */
    public int port() {
        return server.localPort();
    }

    public BrokerConfig config() {
        return config;
    }

    /** The web console's port, or -1 when {@code consoleEnable} is off. */
    public int consolePort() {
        return console == null ? -1 : console.port();
    }

    /** The port this broker serves {@code /metrics} on, or -1 when it serves none (README "Metrics"). */
    public int metricsPort() {
        return metrics.port();
    }

    /** The effective durability settings of the open store ({@link DurabilitySummary}); only after {@link #start()}. */
    public String durability() {
        return DurabilitySummary.of(store.config());
    }

    /** The POP consumption feature (diagnostics and tests). */
    public Pops pops() {
        return pops;
    }

    /** The transactional-message feature (diagnostics and tests). */
    public Transactions transactions() {
        return transactions;
    }

    /** A config file of this broker whose failed fsync fail-stops the store (see {@link ConfigFile}). */
    private ConfigFile configFile(String name) {
        return new ConfigFile(config.configDir().resolve(name), failure -> {
            MessageStore open = store; // null before start(): the write's own exception then stops the start
            if (open != null) {
                open.failStop(failure);
            }
        });
    }

    /**
     * Graceful stop: unregister from name servers, stop accepting, answer held pulls, drain the executors, close
     * connections, persist offsets, flush and close the store.
     */
    public void shutdown() {
        if (!started) {
            metrics.close(); // a start that failed after serving the metrics
            return;
        }
        started = false;
        if (console != null) {
            console.shutdown();
            console = null;
        }
        registration.shutdown();
        server.stopAccepting();
        longPolling.shutdown();
        transactions.shutdown();
        branches.shutdown();
        housekeeping.shutdown();
        statsService.shutdown();
        try {
            executors.shutdown();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        server.shutdown();
        pops.shutdown();
        if (acl != null) {
            acl.shutdown();
        }
        offsetPersist.shutdown();
        schedule.shutdown();
        timers.shutdown();
        store.shutdown();
        namesrvClient.shutdown();
        metrics.close();
        LOG.info("broker {} stopped", config.getBrokerName());
    }

    @Override
    public void close() {
        shutdown();
    }
}
