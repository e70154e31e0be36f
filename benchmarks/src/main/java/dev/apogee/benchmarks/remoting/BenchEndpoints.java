package dev.apogee.benchmarks.remoting;

import dev.apogee.remoting.netty.NettyClientConfig;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.NettyServerConfig;
import dev.apogee.remoting.netty.RemotingExecutors;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.ChannelHandlerContext;
import org.apache.rocketmq.remoting.netty.NettyRequestProcessor;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Our server and client and the official 5.3.3 ones, each with its default settings, the servers answering the
 * same small echo on the same number of processor threads, and the four client→server round trips between them.
 */
final class BenchEndpoints implements AutoCloseable {
    static final int CODE = 1000;
    static final int PROCESSOR_THREADS = 8;
    private static final long TIMEOUT_MILLIS = 5_000;
    private static final byte[] BODY = "0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private final ExecutorService ourExecutor = RemotingExecutors.bounded("bench-ours", PROCESSOR_THREADS, 100_000);
    private final ExecutorService officialExecutor = new ThreadPoolExecutor(PROCESSOR_THREADS, PROCESSOR_THREADS, 60,
            TimeUnit.SECONDS, new ArrayBlockingQueue<>(100_000));
    private final NettyRemotingServer ourServer;
    private final org.apache.rocketmq.remoting.netty.NettyRemotingServer officialServer;
    private final NettyRemotingClient ourClient;
    private final org.apache.rocketmq.remoting.netty.NettyRemotingClient officialClient;
    private final String ourAddress;
    private final String officialAddress;

    BenchEndpoints(boolean ourEpoll) throws Exception {
        ourServer = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1").setUseEpoll(ourEpoll));
        ourServer.registerProcessor(CODE, (channel, request) -> {
            RemotingCommand response = RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
            response.putExtField("queueId", request.extField("queueId"));
            response.putExtField("queueOffset", "123456789");
            return response;
        }, ourExecutor);
        ourServer.start();
        ourAddress = "127.0.0.1:" + ourServer.localPort();

        var serverConfig = new org.apache.rocketmq.remoting.netty.NettyServerConfig();
        serverConfig.setBindAddress("127.0.0.1");
        serverConfig.setListenPort(0);
        officialServer = new org.apache.rocketmq.remoting.netty.NettyRemotingServer(serverConfig);
        officialServer.registerProcessor(CODE, new NettyRequestProcessor() {
            @Override
            public org.apache.rocketmq.remoting.protocol.RemotingCommand processRequest(ChannelHandlerContext ctx,
                    org.apache.rocketmq.remoting.protocol.RemotingCommand request) {
                var response = org.apache.rocketmq.remoting.protocol.RemotingCommand.createResponseCommand(0, null);
                response.addExtField("queueId", request.getExtFields().get("queueId"));
                response.addExtField("queueOffset", "123456789");
                return response;
            }

            @Override
            public boolean rejectRequest() {
                return false;
            }
        }, officialExecutor);
        officialServer.start();
        officialAddress = "127.0.0.1:" + officialServer.localListenPort();

        ourClient = new NettyRemotingClient(new NettyClientConfig().setUseEpoll(ourEpoll));
        ourClient.start();
        officialClient = new org.apache.rocketmq.remoting.netty.NettyRemotingClient(
                new org.apache.rocketmq.remoting.netty.NettyClientConfig());
        officialClient.start();
    }

    /** Pairs in the order printed; the first is ours end to end, the second official end to end. */
    static final String[] PAIRS = {"ours -> ours", "official -> official", "ours -> official", "official -> ours"};

    RoundTrip roundTrip(String pair) {
        return switch (pair) {
            case "ours -> ours" -> () -> ours(ourAddress);
            case "official -> official" -> () -> official(officialAddress);
            case "ours -> official" -> () -> ours(officialAddress);
            case "official -> ours" -> () -> official(ourAddress);
            default -> throw new IllegalArgumentException(pair);
        };
    }

    private void ours(String address) throws Exception {
        RemotingCommand request = RemotingCommand.createRequest(CODE)
                .putExtField("topic", "BenchTopic").putExtField("queueId", "3").putExtField("bname", "broker-a")
                .body(BODY);
        RemotingCommand response = ourClient.invokeSync(address, request, TIMEOUT_MILLIS);
        if (response.code() != ResponseCode.SUCCESS || !"3".equals(response.extField("queueId"))) {
            throw new IllegalStateException("bad response " + response);
        }
    }

    private void official(String address) throws Exception {
        var request = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(CODE, null);
        request.addExtField("topic", "BenchTopic");
        request.addExtField("queueId", "3");
        request.addExtField("bname", "broker-a");
        request.setBody(BODY);
        var response = officialClient.invokeSync(address, request, TIMEOUT_MILLIS);
        if (response.getCode() != 0 || !"3".equals(response.getExtFields().get("queueId"))) {
            throw new IllegalStateException("bad response " + response);
        }
    }

    @Override
    public void close() {
        officialClient.shutdown();
        ourClient.shutdown();
        officialServer.shutdown();
        ourServer.shutdown();
        ourExecutor.shutdownNow();
        officialExecutor.shutdownNow();
    }
}
