package dev.apogee.broker.pop;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.protocol.body.JsonBody;

import java.util.ArrayList;
import java.util.Base64;
import java.util.BitSet;
import java.util.List;

/**
 * The body of BATCH_ACK_MESSAGE (200151), the official {@code BatchAckMessageRequestBody}:
 * {@code {"brokerName":..,"acks":[{"c":group,"t":topic,"r":retry,"so":startOffset,"q":queueId,"rq":reviveQid,
 * "pt":popTime,"it":invisibleTime,"b":bitSet}]}}, the bit set as fastjson writes a byte array (base64 of
 * {@code BitSet.toByteArray()}); bit i acks offset {@code startOffset + i}. Long member names are accepted too.
 */
record BatchAckBody(String brokerName, List<Ack> acks) {

    /** One group-queue's acks. */
    record Ack(String group, String topic, String retry, long startOffset, int queueId, BitSet bits) {
    }

    static BatchAckBody decode(byte[] body) {
        return JsonBody.decode(body, BatchAckBody::read);
    }

    private static BatchAckBody read(JsonReader r) {
        String brokerName = null;
        List<Ack> acks = new ArrayList<>();
        r.beginObject();
        while (r.hasNext()) {
            switch (r.nextName()) {
                case "brokerName" -> brokerName = r.skipIfNull() ? null : r.nextString();
                case "acks" -> {
                    if (!r.skipIfNull()) {
                        r.beginArray();
                        while (r.hasNext()) {
                            acks.add(readAck(r));
                        }
                        r.endArray();
                    }
                }
                default -> r.skipValue();
            }
        }
        r.endObject();
        return new BatchAckBody(brokerName, acks);
    }

    private static Ack readAck(JsonReader r) {
        String group = null;
        String topic = null;
        String retry = "0";
        long startOffset = -1;
        int queueId = -1;
        BitSet bits = new BitSet();
        r.beginObject();
        while (r.hasNext()) {
            switch (r.nextName()) {
                case "c", "consumerGroup" -> group = r.nextString();
                case "t", "topic" -> topic = r.nextString();
                case "r", "retry" -> retry = r.nextString();
                case "so", "startOffset" -> startOffset = r.nextLong();
                case "q", "queueId" -> queueId = r.nextInt();
                case "b", "bitSet" -> bits = r.skipIfNull() ? new BitSet() : BitSet.valueOf(Base64.getDecoder()
                        .decode(r.nextString()));
                default -> r.skipValue();
            }
        }
        r.endObject();
        return new Ack(group, topic, retry, startOffset, queueId, bits);
    }
}
