package dev.apogee.benchmarks.pop;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Drains a pre-filled backlog with the official {@code DefaultMQPushConsumer} in POP mode
 * ({@code setClientRebalance(false)}: the broker's {@code QUERY_ASSIGNMENT} answers POP, the client pops from every
 * queue and acks each message). Prints one {@code RESULT {json}} line with the keys of the shared load tool's consume
 * mode ({@code consume_msgs_per_s} = distinct messages from the first to the last delivery) plus
 * {@code distinct_msgs} / {@code redelivered}. Exits 0 when every expected message arrived, 2 when not (the row then
 * reports what did). Bounded by {@code --seconds} and {@code --idle} seconds without progress.
 */
public final class PopDrainBench {
    private PopDrainBench() {
    }

    public static void main(String[] args) throws Exception {
        PopDrainOptions o = PopDrainOptions.parse(args);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("label", o.label());
        result.put("mode", "pop-consume");
        result.put("namesrv", o.namesrv());
        result.put("topic", o.topic());
        result.put("loadavg_before", Files.readString(Path.of("/proc/loadavg")).trim());
        result.put("started_at", Instant.now().toString());
        List<String> brokers = PopModeSwitch.toPop(o.namesrv(), o.topic(), o.group());
        result.put("pop_brokers", String.join(" ", brokers));
        DrainTally tally = new DrainTally();
        CpuWatch watch = new CpuWatch(o.watch());
        watch.start();
        long t0 = System.nanoTime();
        DefaultMQPushConsumer consumer = start(o, tally);
        try {
            awaitDrained(o, tally, t0);
        } finally {
            watch.stop(result);
            report(o, tally, t0, result);
            consumer.shutdown();
        }
        print(result);
        System.out.flush();
        // the official client leaves non-daemon threads behind: end the JVM here
        Runtime.getRuntime().halt(tally.distinct() >= o.messages() ? 0 : 2);
    }

    private static DefaultMQPushConsumer start(PopDrainOptions o, DrainTally tally) throws Exception {
        DefaultMQPushConsumer c = new DefaultMQPushConsumer(o.group());
        c.setNamesrvAddr(o.namesrv());
        c.setInstanceName("pop-bench-c-" + ProcessHandle.current().pid());
        c.setVipChannelEnabled(false);
        c.setClientRebalance(false); // the broker assigns; with the group in POP mode the client pops
        c.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET); // a new POP group starts at the backlog
        c.setConsumeThreadMin(o.consumeThreads());
        c.setConsumeThreadMax(o.consumeThreads());
        c.setPopBatchNums(o.popBatch());
        c.setPopInvisibleTime(o.invisibleMillis());
        c.subscribe(o.topic(), "*");
        c.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            tally.record(messages);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        c.start();
        return c;
    }

    private static void awaitDrained(PopDrainOptions o, DrainTally tally, long t0) throws InterruptedException {
        long deadline = t0 + TimeUnit.SECONDS.toNanos(o.seconds());
        long idle = TimeUnit.SECONDS.toNanos(o.idleSeconds());
        long seen = -1;
        long progressAt = System.nanoTime();
        while (tally.distinct() < o.messages() && System.nanoTime() < deadline) {
            Thread.sleep(50);
            long n = tally.deliveries();
            if (n != seen) {
                seen = n;
                progressAt = System.nanoTime();
            } else if (n > 0 && System.nanoTime() - progressAt > idle) {
                return;
            }
        }
    }

    private static void report(PopDrainOptions o, DrainTally tally, long t0, Map<String, Object> result) {
        long distinct = tally.distinct();
        long first = tally.firstNanos();
        long last = tally.lastNanos();
        result.put("consumed", tally.deliveries());
        result.put("distinct_msgs", distinct);
        result.put("expected_msgs", o.messages());
        result.put("redelivered", tally.deliveries() - distinct);
        result.put("consumer_group", o.group());
        result.put("consume_threads", o.consumeThreads());
        result.put("pop_batch", o.popBatch());
        result.put("invisible_ms", o.invisibleMillis());
        result.put("time_to_first_msg_s", first == 0 ? "n/a" : f3((first - t0) / 1e9));
        if (distinct > 0 && last > first) {
            double fromFirst = (last - first) / 1e9;
            double fromStart = (last - t0) / 1e9;
            result.put("drain_s_from_first_msg", f3(fromFirst));
            result.put("consume_msgs_per_s", CpuWatch.f1(distinct / fromFirst));
            result.put("consume_MiB_per_s", f3(tally.bytes() / fromFirst / (1024 * 1024)));
            result.put("consume_msgs_per_s_incl_startup", CpuWatch.f1(distinct / fromStart));
        }
        if (distinct < o.messages()) {
            result.put("error", "drained " + distinct + " of " + o.messages());
        }
    }

    private static String f3(double d) {
        return String.format(Locale.ROOT, "%.3f", d);
    }

    private static void print(Map<String, Object> result) {
        StringBuilder json = new StringBuilder("{");
        for (Map.Entry<String, Object> e : result.entrySet()) {
            if (json.length() > 1) {
                json.append(',');
            }
            Object v = e.getValue();
            json.append('"').append(e.getKey()).append("\":");
            if (v instanceof Number) {
                json.append(v);
            } else {
                json.append('"').append(String.valueOf(v).replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
            }
            System.out.printf(Locale.ROOT, "  %-28s %s%n", e.getKey(), v);
        }
        System.out.println("RESULT " + json.append('}'));
    }
}
