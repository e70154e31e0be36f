package dev.apogee.benchmarks.remoting;

import dev.apogee.remoting.codec.RemotingCommandCodec;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Encoding one frame of a send request (the 14 header fields of a 5.3.3 producer's send, binary header, a body of
 * the given size) into a pooled buffer and releasing it: ours ({@link RemotingCommandCodec#encode}) against the
 * official {@code RemotingCommand.fastEncodeHeader} plus body write that the official client's encoder does, in the
 * same JVM, alternating slice by slice. One thread; nanoseconds per frame, median of the slices.
 *
 * <pre>
 * usage: FrameEncodeBench [bodyBytes=1024] [secondsPerSlice=1] [slices=8]
 * </pre>
 */
public final class FrameEncodeBench {
    private static final String[] SEND_FIELDS = {"producerGroup", "topic", "defaultTopic", "defaultTopicQueueNums",
            "queueId", "sysFlag", "bornTimestamp", "flag", "properties", "reconsumeTimes", "unitMode", "batch",
            "maxReconsumeTimes", "bname"};

    private FrameEncodeBench() {
    }

    public static void main(String[] args) {
        int bodyBytes = args.length > 0 ? Integer.parseInt(args[0]) : 1024;
        double secondsPerSlice = args.length > 1 ? Double.parseDouble(args[1]) : 1;
        int slices = args.length > 2 ? Integer.parseInt(args[2]) : 8;
        HashMap<String, String> fields = new HashMap<>();
        for (int i = 0; i < SEND_FIELDS.length; i++) {
            fields.put(SEND_FIELDS[i], SEND_FIELDS[i].equals("properties")
                    ? "UNIQ_KEY\u0001AC1100020001B4AAC2E4318B2FC10000\u0002WAIT\u0001true\u0002__JMS_BODY\u0001bytes\u0002"
                    : "value-" + i * 12_345);
        }
        byte[] body = new byte[bodyBytes];
        long sink = 0;
        double[] ours = new double[slices];
        double[] official = new double[slices];
        long sliceNanos = (long) (secondsPerSlice * 1e9);
        for (int slice = -1; slice < slices; slice++) { // slice -1 warms both up and is not counted
            for (int turn = 0; turn < 2; turn++) {
                boolean oursTurn = (turn == 0) == (slice % 2 == 0);
                long frames = 0;
                long start = System.nanoTime();
                long end = start + sliceNanos;
                long now;
                do {
                    for (int i = 0; i < 1_000; i++) {
                        sink += oursTurn ? encodeOurs(fields, body) : encodeOfficial(fields, body);
                    }
                    frames += 1_000;
                } while ((now = System.nanoTime()) < end);
                if (slice >= 0) {
                    (oursTurn ? ours : official)[slice] = (now - start) / (double) frames;
                }
            }
        }
        double oursMedian = median(ours);
        double officialMedian = median(official);
        System.out.printf(Locale.ROOT, "FrameEncodeBench: send request, 14 header fields, %d B body, %d slices of "
                + "%.1f s, %s%n", bodyBytes, slices, secondsPerSlice, Runtime.version());
        System.out.printf(Locale.ROOT, "ours     %8.0f ns/frame (slices %s)%n", oursMedian, Arrays.toString(round(ours)));
        System.out.printf(Locale.ROOT, "official %8.0f ns/frame (slices %s)%n", officialMedian,
                Arrays.toString(round(official)));
        System.out.printf(Locale.ROOT, "ratio official/ours: %.2fx (sink %d)%n", officialMedian / oursMedian,
                sink % 10);
    }

    private static int encodeOurs(Map<String, String> fields, byte[] body) {
        RemotingCommand command = RemotingCommand.createRequest(310).serializeType(SerializeType.ROCKETMQ)
                .extFields(fields).body(body);
        ByteBuf frame = RemotingCommandCodec.encode(command, PooledByteBufAllocator.DEFAULT);
        int length = frame.readableBytes();
        frame.release();
        return length;
    }

    private static int encodeOfficial(HashMap<String, String> fields, byte[] body) {
        var command = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(310, null);
        command.setSerializeTypeCurrentRPC(org.apache.rocketmq.remoting.protocol.SerializeType.ROCKETMQ);
        command.setExtFields(fields);
        command.setBody(body);
        ByteBuf frame = PooledByteBufAllocator.DEFAULT.ioBuffer();
        command.fastEncodeHeader(frame);
        frame.writeBytes(body);
        int length = frame.readableBytes();
        frame.release();
        return length;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static long[] round(double[] values) {
        return Arrays.stream(values).mapToLong(Math::round).toArray();
    }
}
