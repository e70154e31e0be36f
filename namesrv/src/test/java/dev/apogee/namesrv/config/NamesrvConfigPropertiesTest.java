package dev.apogee.namesrv.config;

import org.junit.jupiter.api.Test;
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
    void loadsFileWithPlaceholdersAndIgnoresUnknownKeys() throws Exception {
        Path file = dir.resolve("namesrv.conf");
        Files.writeString(file, """
                # comment
                listenPort=19876
                kvConfigPath=${user.home}/x/kv.json
                scanNotActiveBrokerInterval=1000
                brokerChannelExpiredTime=30000
                orderMessageEnable=true
                rocketmqHome=/opt/rocketmq
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
    void textFormRoundTrips() throws Exception {
        NamesrvConfig config = new NamesrvConfig().setListenPort(1234).setOrderMessageEnable(true);
        Path file = dir.resolve("dump.conf");
        Files.writeString(file, NamesrvConfigProperties.toText(config));

        NamesrvConfig loaded = NamesrvConfigProperties.load(file, new NamesrvConfig());
        assertEquals(NamesrvConfigProperties.toText(config), NamesrvConfigProperties.toText(loaded));
    }
}
