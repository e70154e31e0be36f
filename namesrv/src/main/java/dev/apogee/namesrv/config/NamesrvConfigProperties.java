package dev.apogee.namesrv.config;

import dev.apogee.remoting.config.InvalidSettingException;
import dev.apogee.remoting.config.SettingRule;
import dev.apogee.remoting.config.UnknownSettingException;

import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.AnnotatedElement;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code key=value} form of {@link NamesrvConfig}, as in {@code conf/namesrv.conf}. Values may reference system
 * properties as {@code ${user.home}}. An unknown key or a refused value stops the load with one line naming the key
 * (as the broker's {@code broker.conf}): a misspelt key must not leave its setting silently at the default.
 * Durations are milliseconds.
 */
public final class NamesrvConfigProperties {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]+)}");

    /** Keys UPDATE_NAMESRV_CONFIG may change at runtime; the others need a restart. */
    public static final Set<String> RUNTIME_KEYS = Set.of("orderMessageEnable", "enableAllTopicList",
            "enableTopicList", "returnOrderTopicConfigToBroker");

    private record Key(BiConsumer<NamesrvConfig, String> setter, Function<NamesrvConfig, Object> getter) {
    }

    private static final Map<String, Key> KEYS = new LinkedHashMap<>();

    static {
        KEYS.put("listenPort", new Key((c, v) -> c.setListenPort(Integer.parseInt(v)), NamesrvConfig::getListenPort));
        KEYS.put("bindAddress", new Key(NamesrvConfig::setBindAddress, NamesrvConfig::getBindAddress));
        KEYS.put("kvConfigPath", new Key((c, v) -> c.setKvConfigPath(Path.of(v)), NamesrvConfig::getKvConfigPath));
        KEYS.put("scanNotActiveBrokerInterval", new Key((c, v) -> c.setScanNotActiveBrokerIntervalMillis(
                Long.parseLong(v)), NamesrvConfig::getScanNotActiveBrokerIntervalMillis));
        KEYS.put("brokerChannelExpiredTime", new Key((c, v) -> c.setBrokerChannelExpiredMillis(Long.parseLong(v)),
                NamesrvConfig::getBrokerChannelExpiredMillis));
        KEYS.put("serverWorkerThreads", new Key((c, v) -> c.setServerWorkerThreads(Integer.parseInt(v)),
                NamesrvConfig::getServerWorkerThreads));
        KEYS.put("defaultThreads", new Key((c, v) -> c.setDefaultThreads(Integer.parseInt(v)),
                NamesrvConfig::getDefaultThreads));
        KEYS.put("routeQueryThreads", new Key((c, v) -> c.setRouteQueryThreads(Integer.parseInt(v)),
                NamesrvConfig::getRouteQueryThreads));
        KEYS.put("requestQueueCapacity", new Key((c, v) -> c.setRequestQueueCapacity(Integer.parseInt(v)),
                NamesrvConfig::getRequestQueueCapacity));
        KEYS.put("metricsEnable", new Key((c, v) -> c.setMetricsEnable(parseBoolean(v)),
                NamesrvConfig::isMetricsEnable));
        KEYS.put("metricsPort", new Key((c, v) -> c.setMetricsPort(Integer.parseInt(v)),
                NamesrvConfig::getMetricsPort));
        KEYS.put("orderMessageEnable", new Key((c, v) -> c.setOrderMessageEnable(parseBoolean(v)),
                NamesrvConfig::isOrderMessageEnable));
        KEYS.put("enableAllTopicList", new Key((c, v) -> c.setEnableAllTopicList(parseBoolean(v)),
                NamesrvConfig::isEnableAllTopicList));
        KEYS.put("enableTopicList", new Key((c, v) -> c.setEnableTopicList(parseBoolean(v)),
                NamesrvConfig::isEnableTopicList));
        KEYS.put("returnOrderTopicConfigToBroker", new Key((c, v) -> c.setReturnOrderTopicConfigToBroker(
                parseBoolean(v)), NamesrvConfig::isReturnOrderTopicConfigToBroker));
    }

    private NamesrvConfigProperties() {
    }

    /** Reads {@code file} into {@code config}. */
    public static NamesrvConfig load(Path file, NamesrvConfig config) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        apply(properties, config, KEYS.keySet());
        return config;
    }

    /**
     * Applies {@code properties} to {@code config}, accepting only {@code allowed} keys. Every value is first checked
     * by the {@link SettingRule} of its key (the type of the setting plus the bounds declared on the field of that
     * name in {@link NamesrvConfig}), so a setting added to the table is validated without code here.
     *
     * @throws UnknownSettingException  for a key that is not a name server setting (as the broker does)
     * @throws InvalidSettingException  for a value the setting does not accept
     * @throws IllegalArgumentException for a known key that is not in {@code allowed}
     */
    public static void apply(Properties properties, NamesrvConfig config, Set<String> allowed) {
        Map<Key, String> changes = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            Key key = KEYS.get(name);
            if (key == null) {
                throw new UnknownSettingException(name, KEYS.keySet());
            } else if (!allowed.contains(name)) {
                throw new IllegalArgumentException("setting '" + name + "' cannot be changed at runtime");
            } else {
                changes.put(key, name);
            }
        }
        // check everything on a scratch copy first, so a bad value leaves the real config untouched
        NamesrvConfig scratch = new NamesrvConfig();
        for (boolean dryRun : new boolean[] {true, false}) {
            for (Map.Entry<Key, String> change : changes.entrySet()) {
                String name = change.getValue();
                String value = expand(properties.getProperty(name).trim());
                if (dryRun) {
                    rule(name, change.getKey()).parse(value);
                }
                try {
                    change.getKey().setter().accept(dryRun ? scratch : config, value);
                } catch (RuntimeException e) {
                    // the setter's own check, finer than the rule
                    throw new InvalidSettingException(name, value, String.valueOf(e.getMessage()));
                }
            }
        }
    }

    /** The rule of a setting: the type its getter returns, the annotations on the field of the same name. */
    private static SettingRule rule(String name, Key key) {
        Object defaultValue = key.getter().apply(new NamesrvConfig());
        Class<?> type = defaultValue == null ? String.class
                : defaultValue instanceof Path ? Path.class : defaultValue.getClass();
        AnnotatedElement field;
        try {
            field = NamesrvConfig.class.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            field = null;
        }
        return SettingRule.of(name, type, field);
    }

    /** Every setting as {@code key=value} lines, in a stable order. */
    public static String toText(NamesrvConfig config) {
        StringBuilder text = new StringBuilder();
        KEYS.forEach((name, key) -> text.append(name).append('=').append(key.getter().apply(config)).append('\n'));
        return text.toString();
    }

    static String expand(String value) {
        Matcher matcher = PLACEHOLDER.matcher(value);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            String replacement = System.getProperty(matcher.group(1));
            if (replacement == null) {
                replacement = System.getenv().getOrDefault(matcher.group(1), matcher.group());
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private static boolean parseBoolean(String value) {
        if (!"true".equalsIgnoreCase(value) && !"false".equalsIgnoreCase(value)) {
            throw new IllegalArgumentException("expected true or false");
        }
        return Boolean.parseBoolean(value);
    }

    /** All known keys. */
    public static Set<String> keys() {
        return KEYS.keySet();
    }
}
