package dev.apogee.broker.console;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.remoting.netty.RemotingBindException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The console's life with the broker: off unless enabled, a taken port fails the start cleanly, stops with it. */
class ConsoleLifecycleTest {
    @TempDir
    Path dir;

    private BrokerConfig config() {
        BrokerConfig config = new BrokerConfig();
        config.setListenPort(0);
        config.setBindAddress("127.0.0.1");
        config.setNamesrvAddr("127.0.0.1:1"); // no name server: registration only logs its failures
        config.setRegisterBrokerTimeoutMillis(200);
        config.setStorePathRootDir(dir.resolve("store").toString());
        config.setMappedFileSizeCommitLog(4 * 1024 * 1024);
        return config;
    }

    @Test
    void offUnlessEnabled() throws Exception {
        assertEquals(false, new BrokerConfig().isConsoleEnable(), "a plain broker opens no console port");
        Broker broker = new Broker(config());
        try {
            broker.start();
            assertEquals(-1, broker.consolePort());
        } finally {
            broker.shutdown();
        }
    }

    @Test
    void aTakenPortFailsTheStartAndReleasesTheStore() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            BrokerConfig config = config();
            config.setConsoleEnable(true);
            config.setConsolePort(taken.getLocalPort());
            Broker broker = new Broker(config);
            RemotingBindException refused = assertThrows(RemotingBindException.class, broker::start);
            assertTrue(refused.getMessage().contains("web console port " + taken.getLocalPort()
                    + " is already in use"), refused.getMessage());
        }
        BrokerConfig again = config();
        again.setConsoleEnable(true);
        again.setConsolePort(0);
        Broker broker = new Broker(again); // the same store: the failed start released its lock
        int port;
        try {
            broker.start();
            port = broker.consolePort();
            assertTrue(port > 0);
            try (Socket ignored = new Socket(InetAddress.getLoopbackAddress(), port)) {
                // listening
            }
        } finally {
            broker.shutdown();
        }
        assertThrows(java.io.IOException.class, () -> new Socket(InetAddress.getLoopbackAddress(), port).close(),
                "the console stops with the broker");
    }
}
