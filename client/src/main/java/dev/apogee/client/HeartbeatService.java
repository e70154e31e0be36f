package dev.apogee.client;

import dev.apogee.client.route.RouteTable;
import dev.apogee.remoting.netty.NamedThreadFactory;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.HeartbeatData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Sends HEART_BEAT with every producer group and consumer group (with subscriptions) of the instance to every
 * known broker: every {@code intervalMillis} (official 30 s, first after 1 s), on demand (consumer start,
 * assignment change) and when a connection to a broker opens. Remembers each broker's protocol version.
 */
public final class HeartbeatService {
    private static final Logger LOG = LoggerFactory.getLogger(HeartbeatService.class);

    private final Rpc rpc;
    private final RouteTable routes;
    private final Supplier<HeartbeatData> data;
    private final long intervalMillis;
    private final long timeoutMillis;
    private final ScheduledExecutorService thread;
    private final Map<String, Integer> brokerVersions = new ConcurrentHashMap<>();

    public HeartbeatService(Rpc rpc, RouteTable routes, Supplier<HeartbeatData> data, long intervalMillis,
            long timeoutMillis, String threadPrefix) {
        this.rpc = rpc;
        this.routes = routes;
        this.data = data;
        this.intervalMillis = intervalMillis;
        this.timeoutMillis = timeoutMillis;
        this.thread = Executors.newSingleThreadScheduledExecutor(
                new NamedThreadFactory(threadPrefix + "-heartbeat", true));
    }

    public void start() {
        thread.scheduleWithFixedDelay(this::sendToAllSafely, 1000, intervalMillis, TimeUnit.MILLISECONDS);
    }

    /** Sends a heartbeat to every known broker now, on the caller's thread. */
    public synchronized void sendToAll() throws InterruptedException {
        HeartbeatData heartbeat = data.get();
        if (heartbeat.getProducerDataSet().isEmpty() && heartbeat.getConsumerDataSet().isEmpty()) {
            return;
        }
        byte[] body = heartbeat.encode();
        for (String address : routes.allBrokerAddresses()) {
            send(address, body);
        }
    }

    /** Queues a heartbeat to every broker on the service thread. */
    public void triggerAll() {
        submit(this::sendToAllSafely);
    }

    /** Queues a heartbeat to one broker (e.g. just connected) on the service thread. */
    public void triggerOne(String address) {
        submit(() -> {
            try {
                send(address, data.get().encode());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** The protocol version a broker answered its last heartbeat with, or -1. */
    public int brokerVersion(String address) {
        return brokerVersions.getOrDefault(address, -1);
    }

    private void submit(Runnable task) {
        try {
            thread.execute(task);
        } catch (RejectedExecutionException e) {
            LOG.debug("heartbeat service is shut down");
        }
    }

    private void sendToAllSafely() {
        try {
            sendToAll();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            LOG.warn("heartbeat round failed", t);
        }
    }

    private void send(String address, byte[] body) throws InterruptedException {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.HEART_BEAT).body(body);
        request.extFields(new java.util.HashMap<>());
        try {
            RemotingCommand response = rpc.call(address, request, timeoutMillis);
            if (response.code() == ResponseCode.SUCCESS) {
                brokerVersions.put(address, response.version());
            } else {
                LOG.warn("heartbeat to {} answered {} {}", address, response.code(), response.remark());
            }
        } catch (MQClientException e) {
            LOG.warn("heartbeat to {} failed: {}", address, e.getMessage());
        }
    }

    public void shutdown() throws InterruptedException {
        thread.shutdownNow();
        thread.awaitTermination(5, TimeUnit.SECONDS);
    }
}
