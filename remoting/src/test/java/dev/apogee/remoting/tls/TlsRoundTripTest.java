package dev.apogee.remoting.tls;

import dev.apogee.remoting.exception.RemotingException;
import dev.apogee.remoting.netty.NettyClientConfig;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.NettyServerConfig;
import dev.apogee.remoting.netty.RemotingExecutors;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.handler.ssl.SslHandler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TLS on the remoting port with the committed self-signed certificate: our client ↔ our server, permissive mode
 * serving TLS and plaintext on one port, enforcing mode refusing plaintext, PKCS12, peer verification.
 */
class TlsRoundTripTest {
    private static final int ECHO = 100;

    private NettyRemotingServer server;
    private ExecutorService executor;

    @AfterEach
    void stop() throws Exception {
        if (server != null) {
            server.shutdown();
        }
        if (executor != null) {
            executor.shutdownNow();
            executor.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    /** Starts a server whose echo processor reports in the remark whether the connection is encrypted. */
    private String startServer(TlsConfig tls) throws Exception {
        server = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1").setTls(tls));
        executor = RemotingExecutors.bounded("tls-echo", 2, 1000);
        server.registerProcessor(ECHO, (channel, request) -> RemotingCommand.createResponse(request,
                ResponseCode.SUCCESS, channel.pipeline().get(SslHandler.class) != null ? "tls" : "plain")
                .body(request.body()), executor);
        server.start();
        return "127.0.0.1:" + server.localPort();
    }

    private static TlsConfig pemServer(TlsMode mode) {
        return new TlsConfig().setEnabled(true).setMode(mode)
                .setCertPath(TestCertificates.certificate().toString())
                .setKeyPath(TestCertificates.privateKey().toString());
    }

    private static RemotingCommand echo(NettyClientConfig config, String address) throws Exception {
        try (NettyRemotingClient client = new NettyRemotingClient(config.setConnectTimeoutMillis(10_000))) {
            client.start();
            return client.invokeSync(address, RemotingCommand.createRequest(ECHO).body(new byte[] {4, 5, 6}), 15_000);
        }
    }

    private static NettyClientConfig tlsClient() {
        return new NettyClientConfig().setTls(new TlsConfig().setEnabled(true));
    }

    @Test
    void permissiveServesTlsAndPlaintextOnOnePort() throws Exception {
        String address = startServer(pemServer(TlsMode.PERMISSIVE));
        RemotingCommand overTls = echo(tlsClient(), address);
        assertEquals("tls", overTls.remark());
        assertArrayEquals(new byte[] {4, 5, 6}, overTls.body());
        assertEquals("plain", echo(new NettyClientConfig(), address).remark());
    }

    @Test
    void enforcingRefusesPlaintext() throws Exception {
        String address = startServer(pemServer(TlsMode.ENFORCING));
        assertEquals("tls", echo(tlsClient(), address).remark());
        assertThrows(RemotingException.class, () -> echo(new NettyClientConfig(), address));
    }

    @Test
    void officialClientWithTlsAndAclHookIsServedByAnEnforcingServer() throws Exception {
        String address = startServer(pemServer(TlsMode.ENFORCING));
        var config = new org.apache.rocketmq.remoting.netty.NettyClientConfig();
        config.setUseTLS(true); // official defaults: tls.test.mode.enable=true, i.e. any server certificate
        var official = new org.apache.rocketmq.remoting.netty.NettyRemotingClient(config);
        official.registerRPCHook(new org.apache.rocketmq.acl.common.AclClientRPCHook(
                new org.apache.rocketmq.acl.common.SessionCredentials("ak", "sk-secret")));
        official.start();
        try {
            var request = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(ECHO, null);
            request.setBody(new byte[] {7, 7});
            var response = official.invokeSync(address, request, 5000);
            assertEquals("tls", response.getRemark());
            assertArrayEquals(new byte[] {7, 7}, response.getBody());
        } finally {
            official.shutdown();
        }
    }

    @Test
    void pkcs12KeyStore(@TempDir Path dir) throws Exception {
        Path store = TestCertificates.pkcs12(dir, "store-pass");
        String address = startServer(new TlsConfig().setEnabled(true).setMode(TlsMode.ENFORCING)
                .setKeyStorePath(store.toString()).setKeyStorePassword("store-pass"));
        assertEquals("tls", echo(tlsClient(), address).remark());
    }

    @Test
    void clientVerifyingTheServerTrustsOnlyItsTrustBundle() throws Exception {
        String address = startServer(pemServer(TlsMode.ENFORCING));
        NettyClientConfig trusting = new NettyClientConfig().setTls(new TlsConfig().setEnabled(true)
                .setVerifyPeer(true).setTrustCertPath(TestCertificates.certificate().toString()));
        assertEquals("tls", echo(trusting, address).remark());
        // The JDK's default trust store does not know the self-signed certificate: the handshake fails.
        NettyClientConfig strict = new NettyClientConfig().setTls(new TlsConfig().setEnabled(true).setVerifyPeer(true));
        assertThrows(RemotingException.class, () -> echo(strict, address));
    }

    @Test
    void missingFilesFailAtStartNamingTheFile() {
        server = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1").setTls(new TlsConfig()
                .setEnabled(true).setCertPath("/nonexistent/server.crt").setKeyPath("/nonexistent/server.key")));
        IllegalStateException e = assertThrows(IllegalStateException.class, server::start);
        assertTrue(e.getMessage().contains("/nonexistent/server.crt"), e.getMessage());
        server = null;
    }

    @Test
    void disabledModeStaysPlaintext() throws Exception {
        String address = startServer(pemServer(TlsMode.DISABLED));
        assertEquals("plain", echo(new NettyClientConfig(), address).remark());
        assertEquals(TlsMode.ENFORCING, TlsMode.parse(" Enforcing "));
    }
}
