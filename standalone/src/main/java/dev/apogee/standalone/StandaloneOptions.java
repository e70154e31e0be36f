package dev.apogee.standalone;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.config.ConfigLoader;
import dev.apogee.remoting.config.SettingRule;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * The command line of {@link Standalone}: defaults, overridden by the environment, overridden by options.
 *
 * @param dataDir        root of {@code namesrv/} and {@code broker/}
 * @param namesrvPort    name server port (0 = any free port)
 * @param brokerPort     broker port (0 = any free port)
 * @param flushDiskType  {@code ASYNC_FLUSH} or {@code SYNC_FLUSH}; null keeps the broker default / {@code -c} file
 * @param brokerConfFile optional broker settings file, or null
 * @param aclFile        {@code --acl}: ACL on, with this {@code plain_acl.yml} unless the {@code -c} file names one;
 *                       null leaves ACL as the {@code -c} file sets it (off by default)
 * @param consolePort    the web console's port on 127.0.0.1 (0 = any free port), or {@link #CONSOLE_OFF}
 */
public record StandaloneOptions(Path dataDir, int namesrvPort, int brokerPort, String flushDiskType,
                                Path brokerConfFile, Path aclFile, int consolePort) {
    /** {@link #consolePort} of a server without web console ({@code --no-console}). */
    public static final int CONSOLE_OFF = -1;
    /** The web console's port when neither {@code --console-port} nor {@code APOGEE_CONSOLE_PORT} says otherwise. */
    public static final String DEFAULT_CONSOLE_PORT = "8082";

    /** Without {@code --acl}; for embedding (tests, examples): no web console. */
    public StandaloneOptions(Path dataDir, int namesrvPort, int brokerPort, String flushDiskType,
                             Path brokerConfFile) {
        this(dataDir, namesrvPort, brokerPort, flushDiskType, brokerConfFile, null, CONSOLE_OFF);
    }

    /** Both servers listen on, and register, the loopback address. */
    public static final String HOST = "127.0.0.1";

    static StandaloneOptions parse(String[] args, Map<String, String> env) {
        String data = env.getOrDefault("APOGEE_DATA_DIR", "data");
        String namesrvPort = env.getOrDefault("APOGEE_NAMESRV_PORT", "9876");
        String brokerPort = env.getOrDefault("APOGEE_BROKER_PORT", "10911");
        String flush = env.get("APOGEE_FLUSH_DISK_TYPE");
        String consolePort = env.getOrDefault("APOGEE_CONSOLE_PORT", DEFAULT_CONSOLE_PORT);
        boolean console = true;
        String conf = null;
        Path acl = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "-d" -> data = valueOf(args, ++i, arg);
                case "-p" -> namesrvPort = valueOf(args, ++i, arg);
                case "-b" -> brokerPort = valueOf(args, ++i, arg);
                case "-f" -> flush = valueOf(args, ++i, arg);
                case "-c" -> conf = valueOf(args, ++i, arg);
                case "--console-port" -> consolePort = valueOf(args, ++i, arg);
                case "--no-console" -> console = false;
                // the shipped conf/plain_acl.yml of the installation the launch script runs from
                case "--acl" -> acl = Path.of(env.getOrDefault("APOGEE_HOME", System.getProperty("apogee.home", ".")),
                        "conf", "plain_acl.yml");
                case "-h", "--help" -> throw new HelpRequested();
                default -> throw new UsageException("unknown option '" + arg + "'; see apogee-standalone --help");
            }
        }
        // -f by the broker's own rule of flushDiskType, the ports by the rule of every *Port setting
        if (flush != null) {
            flush = (String) checked(ConfigLoader.rule(BrokerConfig.class, "flushDiskType"), flush);
        }
        return new StandaloneOptions(Path.of(data), port(namesrvPort, "namesrvPort"), port(brokerPort, "brokerPort"),
                flush, conf == null ? null : Path.of(conf), acl,
                console ? port(consolePort, "consolePort") : CONSOLE_OFF);
    }

    /** The broker's settings: the {@code -c} file if any, then what standalone mode fixes. */
    BrokerConfig brokerConfig(Path storeDir, String namesrvAddress) throws IOException {
        BrokerConfig config = new BrokerConfig();
        config.setMetricsEnable(true); // on by default in standalone mode; the -c file may turn it off
        if (brokerConfFile != null) {
            Standalone.loadBrokerConf(brokerConfFile, config);
        }
        config.setBindAddress(HOST);
        config.setBrokerIP1(HOST);
        config.setListenPort(brokerPort);
        config.setNamesrvAddr(namesrvAddress);
        config.setStorePathRootDir(storeDir.toString());
        if (flushDiskType != null) {
            config.setFlushDiskType(flushDiskType);
        }
        // the console follows the standalone options like the other ports; on loopback, like the whole server
        config.setConsoleEnable(consolePort != CONSOLE_OFF);
        if (consolePort != CONSOLE_OFF) {
            config.setConsolePort(consolePort);
        }
        if (aclFile != null) {
            config.setAclEnable(true);
            if (config.getAclConfigFile() == null || config.getAclConfigFile().isBlank()) {
                config.setAclConfigFile(aclFile.toString());
            }
        }
        return config;
    }

    /** Whether the {@code -c} file sets {@code metricsEnable} or {@code metricsPort} (the operator chose them). */
    boolean setsMetrics() throws IOException {
        if (brokerConfFile == null) {
            return false;
        }
        Properties properties = ConfigLoader.read(brokerConfFile);
        return properties.containsKey("metricsEnable") || properties.containsKey("metricsPort");
    }

    private static int port(String value, String key) {
        return (Integer) checked(SettingRule.of(key, int.class, null), value);
    }

    private static Object checked(SettingRule rule, String value) {
        try {
            return rule.parse(value);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static String valueOf(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new UsageException("option " + option + " needs a value; see apogee-standalone --help");
        }
        return args[index];
    }

    /** A malformed command line (exit code 2). */
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
}
