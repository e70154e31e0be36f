package dev.apogee.remoting.metrics;

import dev.apogee.remoting.netty.RequestObserver;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import io.prometheus.metrics.core.datapoints.DistributionDataPoint;
import io.prometheus.metrics.core.metrics.Histogram;

/**
 * Feeds {@code rocketmq_rpc_latency} (milliseconds, Apache RocketMQ's buckets and labels) for one server: each answered
 * request is one observation under its request and response code. The data point of a (request, response) pair is
 * looked up once and cached, so an observation allocates nothing. Thread-safe.
 */
final class RpcLatency implements RequestObserver {
    /** Apache RocketMQ's bucket bounds for this histogram (le_1_ms … le_3_s, then overflow). */
    static final double[] BUCKETS_MILLIS = {1, 3, 5, 10, 100, 1_000, 3_000};
    private static final CodeNames REQUESTS = new CodeNames(RequestCode.class);
    private static final CodeNames RESPONSES = new CodeNames(ResponseCode.class);
    private static final String PROTOCOL = "remoting";

    private final LongKeyCache<DistributionDataPoint> points;

    RpcLatency(Histogram histogram, String nodeType) {
        this.points = new LongKeyCache<>(1024, key -> histogram.labelValues(nodeType, PROTOCOL,
                REQUESTS.of((int) (key >>> 32)), RESPONSES.of((int) key)));
    }

    @Override
    public void answered(int requestCode, int responseCode, long nanos) {
        points.get(((long) requestCode << 32) | (responseCode & 0xFFFF_FFFFL)).observe(nanos / 1_000_000.0);
    }
}
