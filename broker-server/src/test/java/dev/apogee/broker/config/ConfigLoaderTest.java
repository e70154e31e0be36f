package dev.apogee.broker.config;

import dev.apogee.remoting.config.InvalidSettingException;
import dev.apogee.remoting.config.SettingRule;
import dev.apogee.remoting.config.UnknownSettingException;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The typed binding of {@code broker.conf} onto {@link BrokerConfig}: every value checked by its setting's rule. */
class ConfigLoaderTest {
    private static Properties of(String key, String value) {
        Properties properties = new Properties();
        properties.setProperty(key, value);
        return properties;
    }

    private static String refusal(String key, String value) {
        BrokerConfig config = new BrokerConfig();
        return assertThrows(IllegalArgumentException.class, () -> ConfigLoader.apply(of(key, value), config))
                .getMessage();
    }

    @Test
    void aMisspeltFlushModeIsRefusedNotReadAsAsync() {
        assertEquals("bad value 'SYNC' for flushDiskType (allowed: ASYNC_FLUSH, SYNC_FLUSH)",
                refusal("flushDiskType", "SYNC"));
        BrokerConfig config = ConfigLoader.apply(of("flushDiskType", "SYNC_FLUSH"), new BrokerConfig());
        assertTrue(config.isSyncFlush());
    }

    @Test
    void portsNumbersAndChoicesAreCheckedWithOneLineNamingKeyValueAndAllowed() {
        assertEquals("bad value '99999' for listenPort (allowed: an integer from 0 to 65535)",
                refusal("listenPort", "99999"));
        assertEquals("bad value 'ten' for sendMessageThreadPoolNums (allowed: an integer >= 1)",
                refusal("sendMessageThreadPoolNums", "ten"));
        assertEquals("bad value '-500' for flushIntervalCommitLog (allowed: a whole number >= 1)",
                refusal("flushIntervalCommitLog", "-500"));
        assertEquals("bad value '-1' for commitLogStagingBytes (allowed: an integer >= 0)",
                refusal("commitLogStagingBytes", "-1"));
        assertEquals("bad value '101' for diskMaxUsedSpaceRatio (allowed: an integer from 1 to 100)",
                refusal("diskMaxUsedSpaceRatio", "101"));
        assertEquals("bad value 'on' for aclEnable (allowed: true or false)", refusal("aclEnable", "on"));
        assertEquals("bad value 'strict' for tlsMode (allowed: disabled, permissive, enforcing (any case))",
                refusal("tlsMode", "strict"));
        assertEquals("bad value '25' for deleteWhen (allowed: hours of the day 00-23, separated by ';' (04 or 04;16))",
                refusal("deleteWhen", "25"));
        assertTrue(refusal("messageDelayLevel", "1s 5x").startsWith("bad value '1s 5x' for messageDelayLevel"));
        assertEquals("bad value '2147483648' for mappedFileSizeCommitLog (allowed: a whole number from 4096 to "
                + "2147483647)", refusal("mappedFileSizeCommitLog", "2147483648"));
    }

    @Test
    void everyNumericSettingRefusesNegativesAndNonNumbers() {
        List<String> numeric = new ArrayList<>();
        for (Map.Entry<String, Method> setter : ConfigLoader.setters(BrokerConfig.class).entrySet()) {
            Class<?> type = setter.getValue().getParameterTypes()[0];
            if (type == int.class || type == long.class) {
                numeric.add(setter.getKey());
                String key = setter.getKey();
                assertTrue(refusal(key, "-1").startsWith("bad value '-1' for " + key + " (allowed: "), key);
                assertTrue(refusal(key, "1O").startsWith("bad value '1O' for " + key + " (allowed: "), key);
            }
        }
        assertTrue(numeric.contains("listenPort") && numeric.size() > 30, numeric.toString());
    }

    @Test
    void everyDefaultIsAllowedByItsOwnRule() throws Exception {
        BrokerConfig defaults = new BrokerConfig();
        Properties properties = new Properties();
        for (String key : ConfigLoader.setters(BrokerConfig.class).keySet()) {
            Object value = getter(key).invoke(defaults);
            if (value != null) {
                properties.setProperty(key, String.valueOf(value));
            }
        }
        BrokerConfig reloaded = ConfigLoader.apply(properties, new BrokerConfig());
        for (String key : properties.stringPropertyNames()) {
            assertEquals(properties.getProperty(key), String.valueOf(getter(key).invoke(reloaded)), key);
        }
    }

    /** The shipped file, commented-out lines included: whatever it tells operators to write must load. */
    @Test
    void everyLineOfTheShippedBrokerConfLoads() throws Exception {
        Path file = Path.of("..", "conf", "broker.conf");
        Pattern setting = Pattern.compile("^#?([A-Za-z][A-Za-z0-9]*)=(.*)$");
        Properties properties = new Properties();
        for (String line : Files.readAllLines(file)) {
            Matcher matcher = setting.matcher(line);
            if (matcher.matches()) {
                properties.setProperty(matcher.group(1), matcher.group(2));
            }
        }
        assertTrue(properties.size() > 50, properties.keySet().toString());
        ConfigLoader.apply(properties, new BrokerConfig());
    }

    @Test
    void aRefusedValueLeavesEveryOtherSettingUnchanged() {
        Properties properties = of("listenPort", "1234");
        properties.setProperty("flushDiskType", "SYNC");
        BrokerConfig config = new BrokerConfig();
        assertThrows(InvalidSettingException.class, () -> ConfigLoader.apply(properties, config));
        assertEquals(10911, config.getListenPort());
    }

    @Test
    void anUnknownKeyIsRefusedWithTheLikelyMeaning() {
        UnknownSettingException e = assertThrows(UnknownSettingException.class,
                () -> ConfigLoader.apply(of("flushDiskTyp", "SYNC_FLUSH"), new BrokerConfig()));
        assertEquals("unknown configuration key 'flushDiskTyp' (did you mean flushDiskType?)", e.getMessage());
    }

    /** A bean as another feature adds settings to: no annotation, the rules of the types still apply. */
    public static final class NewSettings {
        private int metricsPort = 5557;
        private long scrapeIntervalMillis = 1000;
        private TimeUnit unit = TimeUnit.SECONDS;

        public void setMetricsPort(int v) { metricsPort = v; }
        public void setScrapeIntervalMillis(long v) { scrapeIntervalMillis = v; }
        public void setUnit(TimeUnit v) { unit = v; }
    }

    @Test
    void settingsAddedWithoutAnnotationsAreValidatedByTypeAndName() {
        NewSettings bean = new NewSettings();
        assertEquals("bad value '70000' for metricsPort (allowed: an integer from 0 to 65535)",
                assertThrows(InvalidSettingException.class,
                        () -> ConfigLoader.apply(of("metricsPort", "70000"), bean)).getMessage());
        assertEquals("bad value '-1' for scrapeIntervalMillis (allowed: a whole number >= 0)",
                assertThrows(InvalidSettingException.class,
                        () -> ConfigLoader.apply(of("scrapeIntervalMillis", "-1"), bean)).getMessage());
        assertThrows(InvalidSettingException.class, () -> ConfigLoader.apply(of("unit", "SECS"), bean));
        ConfigLoader.apply(of("unit", "MINUTES"), bean);
        ConfigLoader.apply(of("metricsPort", "9100"), bean);
        assertEquals(TimeUnit.MINUTES, bean.unit);
        assertEquals(9100, bean.metricsPort);
        assertEquals(1000, bean.scrapeIntervalMillis);
    }

    @Test
    void theRuleOfAKeyDescribesWhatIsAllowed() {
        SettingRule rule = ConfigLoader.rule(BrokerConfig.class, "flushDiskType");
        assertEquals("ASYNC_FLUSH, SYNC_FLUSH", rule.allowed());
        assertFalse(ConfigLoader.setters(BrokerConfig.class).containsKey("class"));
    }

    private static Method getter(String key) throws NoSuchMethodException {
        String suffix = Character.toUpperCase(key.charAt(0)) + key.substring(1);
        try {
            return BrokerConfig.class.getMethod("get" + suffix);
        } catch (NoSuchMethodException e) {
            return BrokerConfig.class.getMethod("is" + suffix);
        }
    }
}
