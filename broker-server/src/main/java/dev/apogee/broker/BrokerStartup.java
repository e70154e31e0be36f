package dev.apogee.broker;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.config.ConfigLoader;
import dev.apogee.remoting.netty.RemotingBindException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * {@code bin/mqbroker} entry point: {@code BrokerStartup [-c conf/broker.conf] [-n namesrvAddr] [-p listenPort]}.
 * Precedence: {@link BrokerConfig} defaults, then the config file (every key must be a known setting), then
 * {@code -n} / {@code -p}. SIGTERM / Ctrl-C run {@link Broker#shutdown()} from a shutdown hook.
 *
 * <p>Exit codes: 0 after a signal-initiated shutdown; 1 when the port is in use, the store directory is locked by
 * another broker, the configuration is bad or the broker fails to start; 2 on bad command-line arguments.
 * Failures print one {@code mqbroker: …} line on stderr (operators read that, not a stack trace) and log the details.
 */
public final class BrokerStartup {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerStartup.class);
    static final String USAGE = "usage: mqbroker [-c config-file] [-n namesrvAddr] [-p listenPort]";

    private BrokerStartup() {
    }

    public static void main(String[] args) {
        long began = System.nanoTime();
        BrokerConfig config;
        try {
            config = parse(args);
        } catch (UsageException e) {
            System.err.println("mqbroker: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        } catch (IllegalArgumentException e) {
            fail("bad configuration: " + e.getMessage(), null);
            return;
        } catch (IOException e) {
            fail("cannot read config file: " + e.getMessage(), null);
            return;
        }
        String portProblem = portProblem(config);
        if (portProblem != null) {
            fail("cannot start: " + portProblem, null);
            return;
        }
        Broker broker = new Broker(config);
        try {
            broker.start();
        } catch (RemotingBindException e) {
            fail("cannot start: " + e.getMessage(), null);
            return;
        } catch (IOException e) {
            // a locked store is an expected operator error: no stack trace for it
            fail("cannot start: " + e.getMessage(), e.getMessage() != null
                    && e.getMessage().startsWith("STORE-LOCKED") ? null : e);
            return;
        } catch (RuntimeException e) {
            fail("failed to start: " + e, e);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            LOG.info("BROKER-STOPPING shutdown signal received, stopping broker {}", config.getBrokerName());
            broker.shutdown();
            stopped.countDown();
        }, "broker-shutdown-hook"));
        LOG.info("BROKER-STARTED broker {} of cluster {} listening on {} (namesrv {}, store {}, {}) in {} ms, pid {}",
                config.getBrokerName(), config.getBrokerClusterName(), config.brokerAddress(),
                config.getNamesrvAddr(), config.storeRoot().toAbsolutePath(), config.getFlushDiskType(),
                (System.nanoTime() - began) / 1_000_000, ProcessHandle.current().pid());
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

    private static void fail(String message, Throwable cause) {
        if (cause != null) {
            LOG.error("BROKER-START-FAILED {}", message, cause);
        } else {
            LOG.error("BROKER-START-FAILED {}", message);
        }
        System.err.println("mqbroker: " + message);
        System.exit(1);
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
     * @throws UsageException           on a malformed command line
     * @throws IllegalArgumentException on an unknown key or a bad value in the config file
     * @throws IOException              when the config file cannot be read
     */
    static BrokerConfig parse(String[] args) throws IOException {
        BrokerConfig config = new BrokerConfig();
        String file = null;
        String namesrv = null;
        String port = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "-c" -> file = valueOf(args, ++i, arg);
                case "-n" -> namesrv = valueOf(args, ++i, arg);
                case "-p" -> port = valueOf(args, ++i, arg);
                case "-h", "--help" -> throw new UsageException("help requested");
                default -> throw new UsageException("unknown argument '" + arg + "'");
            }
        }
        if (file != null) {
            ConfigLoader.apply(ConfigLoader.read(Path.of(file)), config);
        }
        if (namesrv != null) {
            config.setNamesrvAddr(namesrv);
        }
        if (port != null) {
            try {
                config.setListenPort(Integer.parseInt(port.trim()));
            } catch (NumberFormatException e) {
                throw new UsageException("-p expects a port number, got '" + port + "'");
            }
        }
        return config;
    }

    private static String valueOf(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new UsageException("option " + option + " needs a value");
        }
        return args[index];
    }

    /** A malformed command line (exit code 2), as opposed to a bad config file (exit code 1). */
    static final class UsageException extends IllegalArgumentException {
        UsageException(String message) {
            super(message);
        }
    }
}
