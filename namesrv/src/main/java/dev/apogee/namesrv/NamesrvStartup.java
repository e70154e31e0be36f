package dev.apogee.namesrv;

import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.namesrv.config.NamesrvConfigProperties;
import dev.apogee.remoting.netty.RemotingBindException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * {@code bin/mqnamesrv} entry point. Usage: {@code NamesrvStartup [-c conf/namesrv.conf] [-p port]}.
 * Precedence: defaults, then the config file, then {@code -Dapogee.namesrv.port}, then {@code -p}.
 * Exit codes: 0 after a normal shutdown (signal), 1 when the port is in use or the configuration is bad, 2 on bad
 * arguments.
 */
public final class NamesrvStartup {
    private static final Logger LOG = LoggerFactory.getLogger(NamesrvStartup.class);
    static final String PORT_PROPERTY = "apogee.namesrv.port";

    private NamesrvStartup() {
    }

    public static void main(String[] args) {
        NamesrvConfig config;
        try {
            config = parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("mqnamesrv: " + e.getMessage());
            System.err.println("usage: mqnamesrv [-c config-file] [-p port]");
            System.exit(2);
            return;
        } catch (IOException e) {
            System.err.println("mqnamesrv: cannot read config file: " + e.getMessage());
            LOG.error("NAMESRV-CONFIG-FAIL cannot read config file", e);
            System.exit(1);
            return;
        }
        NameServer nameServer = new NameServer(config);
        try {
            nameServer.start();
        } catch (RemotingBindException e) {
            LOG.error("NAMESRV-START-FAIL name server failed to start: {}", e.getMessage());
            System.err.println("mqnamesrv: " + e.getMessage());
            System.exit(1);
            return;
        } catch (IOException | RuntimeException e) {
            LOG.error("NAMESRV-START-FAIL name server failed to start", e);
            System.err.println("mqnamesrv: failed to start: " + e);
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            nameServer.shutdown();
            stopped.countDown();
        }, "namesrv-shutdown-hook"));
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

    /** Builds the configuration from the command line; visible for tests. */
    static NamesrvConfig parse(String[] args) throws IOException {
        NamesrvConfig config = new NamesrvConfig();
        String file = null;
        String port = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "-c" -> file = valueOf(args, ++i, arg);
                case "-p" -> port = valueOf(args, ++i, arg);
                default -> throw new IllegalArgumentException("unknown argument '" + arg + "'");
            }
        }
        if (file != null) {
            NamesrvConfigProperties.load(Path.of(file), config);
        }
        String systemPort = System.getProperty(PORT_PROPERTY);
        if (systemPort != null) {
            config.setListenPort(parsePort(systemPort, "-D" + PORT_PROPERTY));
        }
        if (port != null) {
            config.setListenPort(parsePort(port, "-p"));
        }
        return config;
    }

    private static String valueOf(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new IllegalArgumentException("option " + option + " needs a value");
        }
        return args[index];
    }

    private static int parsePort(String value, String option) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " expects a port number, got '" + value + "'");
        }
    }
}
