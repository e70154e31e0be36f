package dev.apogee.standalone;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.config.ConfigLoader;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.remoting.metrics.ServerMetrics;
import dev.apogee.remoting.config.StartupRefusal;
import dev.apogee.remoting.netty.RemotingBindException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * A name server and a broker in one JVM, both on 127.0.0.1, for development, demos and benchmarks:
 * {@code Standalone [-d dataDir] [-p namesrvPort] [-b brokerPort] [-f ASYNC_FLUSH|SYNC_FLUSH] [-c broker.conf]}.
 *
 * <p>Defaults: namesrv 127.0.0.1:9876, broker 127.0.0.1:10911, data under {@code ./data} ({@code namesrv/} holds the
 * KV file, {@code broker/} the store). Precedence: defaults, then the environment ({@code APOGEE_DATA_DIR},
 * {@code APOGEE_NAMESRV_PORT}, {@code APOGEE_BROKER_PORT}, {@code APOGEE_FLUSH_DISK_TYPE}), then the options.
 * {@code -c} adds broker settings (e.g. {@code mappedFileSizeCommitLog}); the ports, the namesrv address and the store
 * directory always come from the options above.
 *
 * <p>Exit codes: 0 after a signal-initiated shutdown, 1 when a port is in use, the store is locked, the {@code -c}
 * file is bad or unreadable or startup fails, 2 on bad arguments. Every refusal is one {@code apogee-standalone: …}
 * line on stderr, its details go to the log file ({@link StartupRefusal}).
 */
public final class Standalone {
    static {
        // the namesrv and broker jars each carry a logback.xml; pick ours unless the operator chose one
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "apogee-standalone-logback.xml");
        }
    }

    private static final Logger LOG = LoggerFactory.getLogger(Standalone.class);
    private static final StartupRefusal REFUSAL = new StartupRefusal("apogee-standalone");
    static final String USAGE = "usage: apogee-standalone [-d dataDir] [-p namesrvPort] [-b brokerPort]"
            + " [-f ASYNC_FLUSH|SYNC_FLUSH] [-c broker.conf] [--acl] [--console-port PORT | --no-console]";

    private final NameServer namesrv;
    private final Broker broker;
    /** One {@code /metrics} endpoint for both servers of the process (the {@code node_type} label tells them apart). */
    private final ServerMetrics metrics;

    private Standalone(NameServer namesrv, Broker broker, ServerMetrics metrics) {
        this.namesrv = namesrv;
        this.broker = broker;
        this.metrics = metrics;
    }

    /**
     * Starts the name server, then the broker registered with it. On failure whatever started is stopped again.
     *
     * @throws RemotingBindException when either port is taken (message: "port … is already in use on …")
     */
    public static Standalone start(StandaloneOptions options) throws IOException, RemotingBindException {
        Path data = options.dataDir().toAbsolutePath();
        Files.createDirectories(data);
        ServerMetrics metrics = new ServerMetrics();
        NameServer namesrv = new NameServer(new NamesrvConfig()
                .setListenPort(options.namesrvPort())
                .setBindAddress(StandaloneOptions.HOST)
                .setKvConfigPath(data.resolve("namesrv").resolve("kvConfig.json")), metrics);
        namesrv.start();
        BrokerConfig config;
        try {
            config = options.brokerConfig(data.resolve("broker"), "127.0.0.1:" + namesrv.port());
        } catch (IOException | RuntimeException e) {
            namesrv.shutdown();
            throw e;
        }
        Broker broker = new Broker(config, metrics);
        try {
            broker.start();
            serveMetrics(metrics, config, options);
        } catch (IOException | RemotingBindException | RuntimeException e) {
            broker.shutdown();
            namesrv.shutdown();
            metrics.close();
            throw e;
        }
        return new Standalone(namesrv, broker, metrics);
    }

    /**
     * Serves both servers' metrics on {@code HOST:metricsPort} (on by default here). When the default port is taken
     * (another standalone server or broker on this machine) the server still starts, without {@code /metrics}, and
     * says so: a development server should not refuse to start over it. A port or switch set in the {@code -c} file
     * is the operator's choice: there a taken port refuses the start.
     */
    private static void serveMetrics(ServerMetrics metrics, BrokerConfig config, StandaloneOptions options)
            throws IOException, RemotingBindException {
        if (!config.servesMetrics()) {
            return;
        }
        try {
            metrics.serve(StandaloneOptions.HOST, config.getMetricsPort());
        } catch (RemotingBindException e) {
            if (options.setsMetrics()) {
                throw e;
            }
            LOG.warn("STANDALONE-METRICS-OFF {}: serving no /metrics (set metricsPort in the -c file)",
                    e.getMessage());
        }
    }

    /** The port both servers' metrics are served on, or -1 when none. */
    public int metricsPort() {
        return metrics.port();
    }

    public int namesrvPort() {
        return namesrv.port();
    }

    public int brokerPort() {
        return broker.port();
    }

    /** The web console's port, or -1 without console ({@code --no-console}). */
    public int consolePort() {
        return broker.consolePort();
    }

    /** Stops the broker (unregistering it from the name server), then the name server. */
    public void shutdown() {
        broker.shutdown();
        namesrv.shutdown();
        metrics.close();
    }

    public static void main(String[] args) {
        long began = System.nanoTime();
        StandaloneOptions options;
        try {
            options = StandaloneOptions.parse(args, System.getenv());
            if (options.brokerConfFile() != null) {
                // fail on a bad key before anything binds
                options.brokerConfig(Path.of("unused"), "unused");
            }
        } catch (StandaloneOptions.HelpRequested e) {
            System.out.println(USAGE);
            return;
        } catch (StandaloneOptions.UsageException e) {
            REFUSAL.exit(2, "STANDALONE-START-FAILED", e.getMessage(), null);
            return;
        } catch (IllegalArgumentException e) {
            REFUSAL.exit(1, "STANDALONE-START-FAILED", "bad configuration: " + confFile(args) + ": " + e.getMessage(),
                    null);
            return;
        } catch (IOException e) {
            REFUSAL.exit(1, "STANDALONE-START-FAILED", StartupRefusal.unreadable(confFile(args), e), e);
            return;
        }
        Standalone standalone;
        try {
            standalone = start(options);
        } catch (RemotingBindException | IOException e) {
            // a port in use, a locked store: the operator's problem, stated in one line
            REFUSAL.exit(1, "STANDALONE-START-FAILED", "cannot start: " + e.getMessage(), e);
            return;
        } catch (RuntimeException e) {
            REFUSAL.exit(1, "STANDALONE-START-FAILED", "failed to start: " + e.getMessage() + "; "
                    + StartupRefusal.logHint("standalone.log"), e);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            LOG.info("STANDALONE-STOPPING shutdown signal received");
            standalone.shutdown();
            LOG.info("STANDALONE-STOPPED");
            stopped.countDown();
        }, "standalone-shutdown-hook"));
        LOG.info("STANDALONE-STARTED namesrv {}:{}, broker {}:{} ({}), console {}, data {} in {} ms, pid {}",
                StandaloneOptions.HOST, standalone.namesrvPort(), StandaloneOptions.HOST, standalone.brokerPort(),
                standalone.broker.durability(), standalone.consolePort() < 0 ? "off"
                        : "http://" + StandaloneOptions.HOST + ":" + standalone.consolePort() + "/",
                options.dataDir().toAbsolutePath(),
                (System.nanoTime() - began) / 1_000_000, ProcessHandle.current().pid());
        while (true) {
            try {
                stopped.await();
                return;
            } catch (InterruptedException e) {
                // keep serving: only the shutdown hook ends the process
            }
        }
    }

    /** The {@code -c} file (only a file can make parsing fail with a bad setting or an I/O error). */
    private static Path confFile(String[] args) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("-c")) {
                return Path.of(args[i + 1]);
            }
        }
        return null;
    }

    /** Broker settings file applied before the standalone options; visible for {@link StandaloneOptions}. */
    static BrokerConfig loadBrokerConf(Path file, BrokerConfig config) throws IOException {
        return ConfigLoader.apply(ConfigLoader.read(file), config);
    }
}
