package dev.apogee.broker;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.config.ConfigLoader;
import dev.apogee.remoting.config.StartupRefusal;
import dev.apogee.remoting.netty.RemotingBindException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;

/**
 * {@code bin/mqbroker} entry point: {@code BrokerStartup [-c conf/broker.conf] [-n namesrvAddr] [-p listenPort]}.
 * Precedence: {@link BrokerConfig} defaults, then the config file, then {@code -n} / {@code -p}; all of them go
 * through {@link ConfigLoader}, so every value is checked against its setting's rule (an unknown key, a misspelt
 * {@code flushDiskType}, an out-of-range port are refused, never replaced by a default). SIGTERM / Ctrl-C run
 * {@link Broker#shutdown()} from a shutdown hook.
 *
 * <p>Exit codes: 0 after a signal-initiated shutdown; 1 when the port is in use, the store directory is locked by
 * another broker, the configuration is bad or unreadable, or the broker fails to start; 2 on a bad command line.
 * Every refusal is one {@code mqbroker: …} line on stderr; its details go to the log file
 * ({@link StartupRefusal}). The start line ({@code BROKER-STARTED}) states the effective durability settings.
 */
public final class BrokerStartup {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerStartup.class);
    static final String USAGE = "usage: mqbroker [-c config-file] [-n namesrvAddr] [-p listenPort]";
    private static final StartupRefusal REFUSAL = new StartupRefusal("mqbroker");

    private BrokerStartup() {
    }

    public static void main(String[] args) {
        long began = System.nanoTime();
        BrokerConfig config;
        try {
            config = parse(args);
        } catch (HelpRequested e) {
            System.out.println(USAGE);
            return;
        } catch (UsageException e) {
            REFUSAL.exit(2, "BROKER-START-FAILED", e.getMessage(), null);
            return;
        } catch (IllegalArgumentException e) {
            REFUSAL.exit(1, "BROKER-START-FAILED", "bad configuration: " + e.getMessage(), null);
            return;
        } catch (ConfigFileException e) {
            REFUSAL.exit(1, "BROKER-START-FAILED", e.getMessage(), e.getCause());
            return;
        }
        String portProblem = portProblem(config);
        if (portProblem != null) {
            REFUSAL.exit(1, "BROKER-START-FAILED", "cannot start: " + portProblem, null);
            return;
        }
        Broker broker;
        try {
            broker = new Broker(config);
            broker.start();
        } catch (RemotingBindException e) {
            REFUSAL.exit(1, "BROKER-START-FAILED", "cannot start: " + e.getMessage(), e);
            return;
        } catch (IOException e) {
            // a locked store or an unusable store directory: the operator's problem, stated in one line
            REFUSAL.exit(1, "BROKER-START-FAILED", "cannot start: " + e.getMessage(), e);
            return;
        } catch (RuntimeException e) {
            REFUSAL.exit(1, "BROKER-START-FAILED", "failed to start: " + e.getMessage() + "; "
                    + StartupRefusal.logHint("broker.log"), e);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            LOG.info("BROKER-STOPPING shutdown signal received, stopping broker {}", config.getBrokerName());
            broker.shutdown();
            stopped.countDown();
        }, "broker-shutdown-hook"));
        LOG.info("BROKER-STARTED broker {} of cluster {} listening on {} (namesrv {}, {}) in {} ms, pid {}",
                config.getBrokerName(), config.getBrokerClusterName(), config.brokerAddress(),
                config.getNamesrvAddr(), broker.durability(), (System.nanoTime() - began) / 1_000_000,
                ProcessHandle.current().pid());
        awaitUninterruptibly(stopped);
    }

    /**
     * Checks the listen port before the store is opened, so that a second broker started with the same settings
     * reports the port conflict (the usual mistake) rather than the store lock. The bind itself still reports a
     * port taken in between.
     */
    static String portProblem(BrokerConfig config) {
        if (config.getListenPort() == 0) {
            return null;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(config.getBindAddress(), config.getListenPort()));
            return null;
        } catch (BindException e) {
            return "port " + config.getListenPort() + " is already in use on " + config.getBindAddress();
        } catch (IOException e) {
            return "cannot listen on " + config.getBindAddress() + ":" + config.getListenPort() + ": " + e.getMessage();
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        while (true) {
            try {
                latch.await();
                return;
            } catch (InterruptedException e) {
                // keep serving: only the shutdown hook ends the process
            }
        }
    }

    /**
     * Builds the configuration from the command line; visible for tests and for embedding launchers.
     *
     * @throws UsageException           on a malformed command line, including a refused {@code -n}/{@code -p} value
     * @throws IllegalArgumentException on an unknown key or a refused value in the config file (names the file)
     * @throws ConfigFileException      when the config file cannot be read
     */
    static BrokerConfig parse(String[] args) throws ConfigFileException {
        BrokerConfig config = new BrokerConfig();
        String file = null;
        Properties overrides = new Properties();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "-c" -> file = valueOf(args, ++i, arg);
                case "-n" -> overrides.setProperty("namesrvAddr", valueOf(args, ++i, arg));
                case "-p" -> overrides.setProperty("listenPort", valueOf(args, ++i, arg));
                case "-h", "--help" -> throw new HelpRequested();
                default -> throw new UsageException("unknown option '" + arg + "'; see mqbroker --help");
            }
        }
        if (file != null) {
            Path path = Path.of(file);
            Properties settings;
            try {
                settings = ConfigLoader.read(path);
            } catch (IOException e) {
                throw new ConfigFileException(StartupRefusal.unreadable(path, e), e);
            }
            try {
                ConfigLoader.apply(settings, config);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
            }
        }
        try {
            ConfigLoader.apply(overrides, config);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return config;
    }

    private static String valueOf(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new UsageException("option " + option + " needs a value; see mqbroker --help");
        }
        return args[index];
    }

    /** A malformed command line (exit code 2), as opposed to a bad config file (exit code 1). */
    static class UsageException extends IllegalArgumentException {
        UsageException(String message) {
            super(message);
        }
    }

    /** {@code -h} / {@code --help}: the usage line on stdout, exit code 0. */
    static final class HelpRequested extends UsageException {
        HelpRequested() {
            super("help requested");
        }
    }

    /** The config file could not be read (exit code 1); the message names the file and the reason. */
    static final class ConfigFileException extends Exception {
        ConfigFileException(String message, IOException cause) {
            super(message, cause);
        }
    }
}
