package dev.apogee.client.producer;

import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.NettyServerConfig;
import dev.apogee.remoting.netty.RemotingExecutors;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.QueueData;
import dev.apogee.remoting.protocol.body.TopicRouteData;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * In-JVM stand-ins for a name server and two brokers ("a", "b", 2 write queues each), with scriptable send
 * answers, so that producer retry rules can be tested deterministically without the official servers.
 */
final class FakeCluster implements AutoCloseable {
    /** One fake broker: the send requests it got and the response code it gives. */
    static final class FakeBroker {
        final String name;
        final NettyRemotingServer server;
        final List<RemotingCommand> sends = new CopyOnWriteArrayList<>();
        volatile int answer = ResponseCode.SUCCESS;
        private final AtomicInteger offsets = new AtomicInteger();

        FakeBroker(String name, ExecutorService executor) throws Exception {
            this.name = name;
            this.server = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1"));
            server.registerProcessor(RequestCode.SEND_MESSAGE_V2, (channel, request) -> send(request), executor);
            server.registerProcessor(RequestCode.SEND_BATCH_MESSAGE, (channel, request) -> send(request), executor);
            server.registerProcessor(RequestCode.HEART_BEAT, (channel, request) ->
                    RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null), executor);
            server.registerProcessor(RequestCode.UNREGISTER_CLIENT, (channel, request) ->
                    RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null), executor);
            server.start();
        }

        private RemotingCommand send(RemotingCommand request) {
            sends.add(request);
            RemotingCommand response = RemotingCommand.createResponse(request, answer, "scripted " + answer);
            if (answer == ResponseCode.SUCCESS) {
                response.putExtField("msgId", "7F00000100002A9F000000000000000" + (offsets.get() % 10));
                response.putExtField("queueId", request.extField("e"));
                response.putExtField("queueOffset", String.valueOf(offsets.getAndIncrement()));
            }
            return response;
        }

        String address() {
            return "127.0.0.1:" + server.localPort();
        }
    }

    final FakeBroker a;
    final FakeBroker b;
    private final NettyRemotingServer namesrv;
    private final ExecutorService executor = RemotingExecutors.bounded("fake-cluster", 4, 10_000);

    FakeCluster() throws Exception {
        a = new FakeBroker("a", executor);
        b = new FakeBroker("b", executor);
        namesrv = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1"));
        namesrv.registerProcessor(RequestCode.GET_ROUTEINFO_BY_TOPIC, (channel, request) ->
                RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(route().encode(true)),
                executor);
        namesrv.start();
    }

    private TopicRouteData route() {
        TopicRouteData route = new TopicRouteData();
        for (FakeBroker broker : List.of(a, b)) {
            Map<Long, String> addrs = new HashMap<>();
            addrs.put(0L, broker.address());
            route.getBrokerDatas().add(new BrokerData("C", broker.name, addrs));
            route.getQueueDatas().add(new QueueData(broker.name, 2, 2, 6, 0));
        }
        return route;
    }

    String namesrvAddress() {
        return "127.0.0.1:" + namesrv.localPort();
    }

    @Override
    public void close() {
        namesrv.shutdown();
        a.server.shutdown();
        b.server.shutdown();
        executor.shutdownNow();
    }
}
