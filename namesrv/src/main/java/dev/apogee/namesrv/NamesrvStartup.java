package dev.apogee.namesrv;

import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.namesrv.config.NamesrvConfigProperties;
import dev.apogee.remoting.config.StartupRefusal;
import dev.apogee.remoting.netty.RemotingBindException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;

/**
 * {@code bin/mqnamesrv} entry point. Usage: {@code NamesrvStartup [-c conf/namesrv.conf] [-p port]}.
 * Precedence: defaults, then the config file, then {@code -Dapogee.namesrv.port}, then {@code -p}; every value goes
 * through {@link NamesrvConfigProperties}, so an unknown key or a refused value stops the start as it does the
 * broker's.
 *
 * <p>Exit codes: 0 after a normal shutdown (signal); 1 when the port is in use or the configuration is bad or
 * unreadable; 2 on a bad command line. Every refusal is one {@code mqnamesrv: …} line on stderr, its details go to
 * the log file ({@link StartupRefusal}). The start line ({@code NAMESRV-STARTED}) says where the name server keeps
 * its only persistent state, the KV file.
 */
public final class NamesrvStartup {
    private static final Logger LOG = LoggerFactory.getLogger(NamesrvStartup.class);
    static final String PORT_PROPERTY = "apogee.namesrv.port";
    static final String USAGE = "usage: mqnamesrv [-c config-file] [-p port]";
    private static final StartupRefusal REFUSAL = new StartupRefusal("mqnamesrv");

    private NamesrvStartup() {
    }

    public static void main(String[] args) {
        long began = System.nanoTime();
        NamesrvConfig config;
        try {
            config = parse(args);
        } catch (HelpRequested e) {
            System.out.println(USAGE);
            return;
        } catch (UsageException e) {
            REFUSAL.exit(2, "NAMESRV-START-FAIL", e.getMessage(), null);
            return;
        } catch (IllegalArgumentException e) {
            REFUSAL.exit(1, "NAMESRV-START-FAIL", "bad configuration: " + e.getMessage(), null);
            return;
        } catch (ConfigFileException e) {
            REFUSAL.exit(1, "NAMESRV-START-FAIL", e.getMessage(), e.getCause());
            return;
        }
        NameServer nameServer = new NameServer(config);
        try {
            nameServer.start();
        } catch (RemotingBindException e) {
            REFUSAL.exit(1, "NAMESRV-START-FAIL", "cannot start: " + e.getMessage(), e);
            return;
        } catch (IOException | RuntimeException e) {
            REFUSAL.exit(1, "NAMESRV-START-FAIL", "failed to start: " + e.getMessage() + "; "
                    + StartupRefusal.logHint("namesrv.log"), e);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            nameServer.shutdown();
            stopped.countDown();
        }, "namesrv-shutdown-hook"));
        // routes live in memory and are rebuilt from broker registrations; the KV file is the only state on disk
        LOG.info("NAMESRV-STARTED name server listening on {}:{} (kvConfigPath {}, routes in memory) in {} ms, pid {}",
                config.getBindAddress(), nameServer.port(), config.getKvConfigPath().toAbsolutePath(),
                (System.nanoTime() - began) / 1_000_000, ProcessHandle.current().pid());
        // every remoting thread is a daemon: the main thread keeps the JVM alive until a signal arrives
        awaitUninterruptibly(stopped);
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        while (true) {
            try {
                latch.await();
                return;
            } catch (InterruptedException e) {
                // keep serving; only the shutdown hook ends the process
            }
        }
    }

    /**
     * Builds the configuration from the command line; visible for tests.
     *
     * @throws UsageException           on a malformed command line, including a refused {@code -p} value
     * @throws IllegalArgumentException on an unknown key or a refused value in the file or in
     *                                  {@code -Dapogee.namesrv.port}
     * @throws ConfigFileException      when the config file cannot be read
     */
    static NamesrvConfig parse(String[] args) throws ConfigFileException {
        NamesrvConfig config = new NamesrvConfig();
        String file = null;
        String port = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "-c" -> file = valueOf(args, ++i, arg);
                case "-p" -> port = valueOf(args, ++i, arg);
                case "-h", "--help" -> throw new HelpRequested();
                default -> throw new UsageException("unknown option '" + arg + "'; see mqnamesrv --help");
            }
        }
        if (file != null) {
            Path path = Path.of(file);
            try {
                NamesrvConfigProperties.load(path, config);
            } catch (IOException e) {
                throw new ConfigFileException(StartupRefusal.unreadable(path, e), e);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
            }
        }
        String systemPort = System.getProperty(PORT_PROPERTY);
        if (systemPort != null) {
            try {
                setPort(config, systemPort);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("-D" + PORT_PROPERTY + ": " + e.getMessage(), e);
            }
        }
        if (port != null) {
            try {
                setPort(config, port);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        return config;
    }

    private static void setPort(NamesrvConfig config, String port) {
        Properties properties = new Properties();
        properties.setProperty("listenPort", port);
        NamesrvConfigProperties.apply(properties, config, NamesrvConfigProperties.keys());
    }

    private static String valueOf(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new UsageException("option " + option + " needs a value; see mqnamesrv --help");
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
