package dev.apogee.namesrv.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NamesrvConfigPropertiesTest {
    @TempDir
    Path dir;

    @Test
    void defaultsMatchTheOfficialNameServer() {
        NamesrvConfig config = new NamesrvConfig();
        assertEquals(9876, config.getListenPort());
        assertEquals(5_000, config.getScanNotActiveBrokerIntervalMillis());
        assertEquals(120_000, config.getBrokerChannelExpiredMillis());
        assertFalse(config.isOrderMessageEnable());
        assertTrue(config.isEnableAllTopicList());
    }

    @Test
    void loadsFileWithPlaceholders() throws Exception {
        Path file = dir.resolve("namesrv.conf");
        Files.writeString(file, """
                # comment
                listenPort=19876
                kvConfigPath=${user.home}/x/kv.json
                scanNotActiveBrokerInterval=1000
                brokerChannelExpiredTime=30000
                orderMessageEnable=true
                """);
        NamesrvConfig config = NamesrvConfigProperties.load(file, new NamesrvConfig());

        assertEquals(19876, config.getListenPort());
        assertEquals(Path.of(System.getProperty("user.home"), "x", "kv.json"), config.getKvConfigPath());
        assertEquals(1000, config.getScanNotActiveBrokerIntervalMillis());
        assertEquals(30000, config.getBrokerChannelExpiredMillis());
        assertTrue(config.isOrderMessageEnable());
    }

    @Test
    void badValuesNameTheKeyAndChangeNothing() {
        NamesrvConfig config = new NamesrvConfig();
        Properties properties = new Properties();
        properties.setProperty("enableAllTopicList", "false");
        properties.setProperty("orderMessageEnable", "yes");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NamesrvConfigProperties.apply(properties, config, NamesrvConfigProperties.RUNTIME_KEYS));
        assertTrue(e.getMessage().contains("orderMessageEnable"), e.getMessage());
        assertTrue(config.isEnableAllTopicList(), "nothing applied");

        Properties port = new Properties();
        port.setProperty("listenPort", "1234");
        assertThrows(IllegalArgumentException.class,
                () -> NamesrvConfigProperties.apply(port, config, NamesrvConfigProperties.RUNTIME_KEYS));
    }

    @Test
    void unknownKeysAreRefusedAsTheBrokerRefusesThem() throws Exception {
        Path file = dir.resolve("namesrv.conf");
        Files.writeString(file, "listenPort=19876\nscanNotActiveBrokerIntervall=1000\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NamesrvConfigProperties.load(file, new NamesrvConfig()));
        assertEquals("unknown configuration key 'scanNotActiveBrokerIntervall' (did you mean "
                + "scanNotActiveBrokerInterval?)", e.getMessage());

        Properties runtime = new Properties();
        runtime.setProperty("rocketmqHome", "/opt/rocketmq");
        assertThrows(IllegalArgumentException.class, () -> NamesrvConfigProperties.apply(runtime, new NamesrvConfig(),
                NamesrvConfigProperties.RUNTIME_KEYS));
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', textBlock = """
            listenPort                  | 99999 | an integer from 0 to 65535
            listenPort                  | http  | an integer from 0 to 65535
            scanNotActiveBrokerInterval | 0     | a whole number >= 1
            brokerChannelExpiredTime    | -1    | a whole number >= 1
            serverWorkerThreads         | 0     | an integer >= 1
            requestQueueCapacity        | lots  | an integer >= 1
            enableTopicList             | yes   | true or false
            """)
    void badValuesAreRefusedNamingKeyValueAndWhatIsAllowed(String key, String value, String allowed) {
        Properties properties = new Properties();
        properties.setProperty(key, value);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NamesrvConfigProperties.apply(properties, new NamesrvConfig(), NamesrvConfigProperties.keys()));
        assertEquals("bad value '" + value + "' for " + key + " (allowed: " + allowed + ")", e.getMessage());
    }

    /** The shipped file, commented-out lines included: whatever it tells operators to write must load. */
    @Test
    void everyLineOfTheShippedNamesrvConfLoads() throws Exception {
        Properties properties = new Properties();
        for (String line : Files.readAllLines(Path.of("..", "conf", "namesrv.conf"))) {
            if (line.matches("^#?[A-Za-z][A-Za-z0-9]*=.*$")) {
                String setting = line.startsWith("#") ? line.substring(1) : line;
                properties.setProperty(setting.substring(0, setting.indexOf('=')),
                        setting.substring(setting.indexOf('=') + 1));
            }
        }
        assertTrue(properties.size() >= 13, properties.keySet().toString());
        NamesrvConfigProperties.apply(properties, new NamesrvConfig(), NamesrvConfigProperties.keys());
    }

    @Test
    void textFormRoundTrips() throws Exception {
        NamesrvConfig config = new NamesrvConfig().setListenPort(1234).setOrderMessageEnable(true);
        Path file = dir.resolve("dump.conf");
        Files.writeString(file, NamesrvConfigProperties.toText(config));

        NamesrvConfig loaded = NamesrvConfigProperties.load(file, new NamesrvConfig());
        assertEquals(NamesrvConfigProperties.toText(config), NamesrvConfigProperties.toText(loaded));
    }
}
