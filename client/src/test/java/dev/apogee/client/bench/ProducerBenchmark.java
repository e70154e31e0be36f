package dev.apogee.client.bench;

import dev.apogee.anchor.ApacheRocketMq;
import dev.apogee.client.ClientConfig;
import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import org.apache.rocketmq.client.producer.DefaultMQProducer;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Our producer against the official one, same broker, same run: sync send with 1 and 16 threads, async send
 * (bounded in flight), 1 KiB bodies. Not a JUnit test (numbers need a quiet box):
 *
 * <pre>
 * cd client && mvn -q -o dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test
 * mvn -q -o test-compile
 * java -Xmx512m -cp target/test-classes:target/classes:$(cat /tmp/cp.txt) \
 *     dev.apogee.client.bench.ProducerBenchmark [namesrv ip:port | start] [seconds per case, default 10]
 * </pre>
 * With {@code start} it boots the Apache RocketMQ 5.3.3 anchor itself. Prints msgs/s and ours/official ratios.
 */
public final class ProducerBenchmark {
    private static final byte[] BODY = new byte[1024];

    private ProducerBenchmark() {
    }

    interface Sender {
        void sync(String topic) throws Exception;

        void async(String topic, Runnable done) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        String namesrv = args.length > 0 ? args[0] : "start";
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        ApacheRocketMq servers = null;
        if (namesrv.equals("start")) {
            servers = ApacheRocketMq.start(Files.createTempDirectory("apogee-bench"), "ASYNC_FLUSH");
            namesrv = servers.namesrvAddress();
        }
        try {
            run(namesrv, seconds);
        } finally {
            if (servers != null) {
                servers.close();
            }
        }
    }

    private static void run(String namesrv, int seconds) throws Exception {
        Producer ours = new Producer(new ProducerConfig("benchOurs")
                .setClientConfig(new ClientConfig().setNamesrvAddress(namesrv).setInstanceName("benchOurs")));
        ours.start();
        DefaultMQProducer official = new DefaultMQProducer("benchOfficial");
        official.setNamesrvAddr(namesrv);
        official.setInstanceName("benchOfficial");
        official.start();
        Sender oursSender = new Sender() {
            public void sync(String topic) throws Exception {
                ours.send(new Message(topic, BODY));
            }

            public void async(String topic, Runnable done) {
                ours.sendAsync(new Message(topic, BODY)).whenComplete((r, e) -> done.run());
            }
        };
        Sender officialSender = new Sender() {
            public void sync(String topic) throws Exception {
                official.send(new org.apache.rocketmq.common.message.Message(topic, BODY));
            }

            public void async(String topic, Runnable done) throws Exception {
                official.send(new org.apache.rocketmq.common.message.Message(topic, BODY),
                        new org.apache.rocketmq.client.producer.SendCallback() {
                            public void onSuccess(org.apache.rocketmq.client.producer.SendResult r) {
                                done.run();
                            }

                            public void onException(Throwable e) {
                                done.run();
                            }
                        });
            }
        };
        try {
            oursSender.sync("BenchTopic");
            officialSender.sync("BenchTopic");
            for (String mode : List.of("sync-1", "sync-16", "async")) {
                double theirs = measure(officialSender, mode, seconds);
                double mine = measure(oursSender, mode, seconds);
                System.out.printf("%-8s official %10.0f msg/s   apogee %10.0f msg/s   ratio %.2f%n", mode, theirs,
                        mine, mine / theirs);
            }
        } finally {
            ours.shutdown();
            official.shutdown();
        }
    }

    private static double measure(Sender sender, String mode, int seconds) throws Exception {
        AtomicLong count = new AtomicLong();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        if (mode.equals("async")) {
            Semaphore inFlight = new Semaphore(1024);
            while (System.nanoTime() < end) {
                inFlight.acquire();
                sender.async("BenchTopic", () -> {
                    count.incrementAndGet();
                    inFlight.release();
                });
            }
            inFlight.acquire(1024);
        } else {
            int threads = mode.equals("sync-1") ? 1 : 16;
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Thread worker = new Thread(() -> {
                    while (System.nanoTime() < end) {
                        try {
                            sender.sync("BenchTopic");
                            count.incrementAndGet();
                        } catch (Exception e) {
                            // counted as not sent
                        }
                    }
                });
                worker.start();
                workers.add(worker);
            }
            for (Thread worker : workers) {
                worker.join();
            }
        }
        return count.get() / (double) seconds;
    }
}
