package dev.apogee.standalone;

import dev.apogee.client.ClientConfig;
import dev.apogee.remoting.acl.AclRequestSigner;
import dev.apogee.client.MQClientException;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.consumer.PullConsumerConfig;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.SendResult;
import dev.apogee.client.producer.SendStatus;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Produces N messages with the native client's {@link Producer}, then consumes them back with a {@link PullConsumer}
 * (subscribe mode, group {@code apogee-demo}), printing what it did:
 * {@code Demo [-n namesrvAddr] [-t topic] [-m count] [-g group] [-w waitSeconds]}.
 * Each run tags its messages with a run id (the message key prefix), so re-runs against the same topic only count
 * their own messages. Exit codes: 0 when every sent message came back, 1 otherwise, 2 on bad arguments.
 */
public final class Demo {
    static {
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "apogee-demo-logback.xml");
        }
    }

    private Demo() {
    }

    public static void main(String[] args) throws InterruptedException {
        String namesrv = System.getenv().getOrDefault("NAMESRV_ADDR", "127.0.0.1:9876");
        String topic = "DemoTopic";
        String group = "apogee-demo";
        int count = 100;
        int waitSeconds = 30;
        String accessKey = System.getenv("APOGEE_ACCESS_KEY");
        String secretKey = System.getenv("APOGEE_SECRET_KEY");
        try {
            for (int i = 0; i < args.length; i++) {
                String option = args[i];
                switch (option) {
                    case "-n" -> namesrv = value(args, ++i, option);
                    case "-t" -> topic = value(args, ++i, option);
                    case "-m" -> count = number(value(args, ++i, option), option);
                    case "-g" -> group = value(args, ++i, option);
                    case "-w" -> waitSeconds = number(value(args, ++i, option), option);
                    case "-a" -> accessKey = value(args, ++i, option);
                    case "-s" -> secretKey = value(args, ++i, option);
                    default -> throw new IllegalArgumentException("unknown option '" + option + "'");
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("apogee-demo: " + e.getMessage() + "; see apogee-demo --help");
            System.exit(2);
            return;
        }
        ClientConfig clientConfig = new ClientConfig().setNamesrvAddress(namesrv)
                .setInstanceName("apogee-demo-" + ProcessHandle.current().pid());
        if (accessKey != null && !accessKey.isEmpty()) { // a broker with ACL (bin/apogee-standalone --acl)
            clientConfig.setRequestSigner(new AclRequestSigner(accessKey, secretKey));
        }
        try {
            System.exit(run(clientConfig, topic, group, count, waitSeconds) ? 0 : 1);
        } catch (MQClientException e) {
            System.out.println("FAILED: " + e.getMessage());
            System.exit(1);
        }
    }

    private static String value(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new IllegalArgumentException("option " + option + " needs a value");
        }
        return args[index];
    }

    private static int number(String value, String option) {
        try {
            int number = Integer.parseInt(value.trim());
            if (number >= 1) {
                return number;
            }
        } catch (NumberFormatException e) {
            // refused below, with the value
        }
        throw new IllegalArgumentException("bad value '" + value + "' for " + option + " (allowed: an integer >= 1)");
    }

    static boolean run(ClientConfig clientConfig, String topic, String group, int count, int waitSeconds)
            throws MQClientException, InterruptedException {
        String runId = Long.toString(System.currentTimeMillis(), 36);
        System.out.printf("apogee-demo: namesrv %s, topic %s, %d messages, run %s%n",
                clientConfig.getNamesrvAddress(), topic, count, runId);
        Producer producer = new Producer(new ProducerConfig("apogee-demo-producer").setClientConfig(clientConfig));
        producer.start();
        Map<Integer, Integer> perQueue = new TreeMap<>();
        long t0 = System.nanoTime();
        try {
            for (int i = 0; i < count; i++) {
                Message message = new Message(topic, "demo", runId + "-" + i,
                        ("hello " + i + " from run " + runId).getBytes(StandardCharsets.UTF_8));
                SendResult result = producer.send(message);
                if (result.status() != SendStatus.SEND_OK) {
                    System.out.println("FAILED: send " + i + " answered " + result.status());
                    return false;
                }
                perQueue.merge(result.messageQueue().queueId(), 1, Integer::sum);
                if (i == 0) {
                    System.out.printf("  first send: msgId %s, offsetMsgId %s, queue %d, queueOffset %d%n",
                            result.msgId(), result.offsetMsgId(), result.messageQueue().queueId(),
                            result.queueOffset());
                }
            }
        } finally {
            producer.shutdown();
        }
        System.out.printf("sent %d messages in %d ms (messages per queue %s)%n", count, millisSince(t0), perQueue);
        return consume(clientConfig, topic, group, runId, count, waitSeconds);
    }

    private static boolean consume(ClientConfig clientConfig, String topic, String group, String runId, int count,
                                   int waitSeconds) throws MQClientException, InterruptedException {
        PullConsumer consumer = new PullConsumer(new PullConsumerConfig(group).setClientConfig(clientConfig)
                .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET));
        Set<String> received = new HashSet<>();
        int duplicates = 0;
        long t0 = System.nanoTime();
        long deadline = t0 + TimeUnit.SECONDS.toNanos(waitSeconds);
        consumer.subscribe(topic, "*");
        consumer.start();
        try {
            while (received.size() < count && System.nanoTime() < deadline) {
                for (MessageExt message : consumer.poll(500)) {
                    String key = message.getKeys();
                    if (key != null && key.startsWith(runId + "-") && !received.add(key)) {
                        duplicates++;
                    }
                }
            }
            consumer.commitSync();
        } finally {
            consumer.shutdown();
        }
        boolean ok = received.size() == count;
        System.out.printf("received %d/%d messages back in %d ms with group %s (%d duplicates)%n", received.size(),
                count, millisSince(t0), group, duplicates);
        System.out.println(ok ? "OK" : "FAILED: " + (count - received.size()) + " messages not received within "
                + waitSeconds + " s");
        return ok;
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }
}
