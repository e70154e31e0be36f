package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

import java.util.ArrayList;
import java.util.List;

/**
 * Body of BRANCH_PREPARE (9201) and BRANCH_ROLLBACK (9203), and the {@code acks} ext field of BRANCH_COMMIT_LOCAL
 * (9206), Apogee-private:
 * {@code {"halves":[{"commitLogOffset":123,"msgId":"..","transactionId":".."}],
 * "acks":[{"group":"g","topic":"t","queueId":0,"nextOffset":5}],
 * "popAcks":[{"group":"g","topic":"t","queueId":0,"offset":7,"receiptHandle":"0 1700000000000 60000 0 0 b 0 7"}]}};
 * any list may be empty or absent (a body without {@code popAcks} is what brokers before POP acks in branches
 * wrote, and reads the same). Immutable once decoded; missing numeric members read as -1 so that the broker can
 * refuse them.
 */
public final class BranchBody implements JsonBody {
    /** One half message of the branch, stored at {@code commitLogOffset} on the receiving broker. */
    public record Half(long commitLogOffset, String msgId, String transactionId) {
    }

    /** A consumed position: {@code group}'s offset of ({@code topic}, {@code queueId}) becomes {@code nextOffset}. */
    public record Ack(String group, String topic, int queueId, long nextOffset) {
    }

    /**
     * A popped message the branch acknowledges at commit: {@code group}'s message at {@code offset} of ({@code topic},
     * {@code queueId}), popped with {@code receiptHandle} (the pop's {@code extraInfo}, which must name the same queue
     * and offset).
     */
    public record PopAck(String group, String topic, int queueId, long offset, String receiptHandle) {
    }

    /** Branch ids are opaque to the broker but bounded: at most this many characters of {@code [A-Za-z0-9:_.-]}. */
    public static final int MAX_BRANCH_ID_LENGTH = 300;

    private final List<Half> halves;
    private final List<Ack> acks;
    private final List<PopAck> popAcks;

    public BranchBody(List<Half> halves, List<Ack> acks) {
        this(halves, acks, List.of());
    }

    public BranchBody(List<Half> halves, List<Ack> acks, List<PopAck> popAcks) {
        this.halves = List.copyOf(halves);
        this.acks = List.copyOf(acks);
        this.popAcks = List.copyOf(popAcks);
    }

    /** Whether {@code branchId} is a well-formed branch id (see {@link #MAX_BRANCH_ID_LENGTH}). */
    public static boolean isValidBranchId(String branchId) {
        if (branchId == null || branchId.isEmpty() || branchId.length() > MAX_BRANCH_ID_LENGTH) {
            return false;
        }
        for (int i = 0; i < branchId.length(); i++) {
            char c = branchId.charAt(i);
            boolean ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
                    || c == ':' || c == '_' || c == '.' || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    public List<Half> halves() {
        return halves;
    }

    public List<Ack> acks() {
        return acks;
    }

    public List<PopAck> popAcks() {
        return popAcks;
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().name("halves").beginArray();
        for (Half h : halves) {
            writer.beginObject().member("commitLogOffset", h.commitLogOffset()).member("msgId", h.msgId())
                    .member("transactionId", h.transactionId()).endObject();
        }
        writer.endArray().name("acks").beginArray();
        for (Ack a : acks) {
            writer.beginObject().member("group", a.group()).member("topic", a.topic())
                    .member("queueId", a.queueId()).member("nextOffset", a.nextOffset()).endObject();
        }
        writer.endArray();
        if (!popAcks.isEmpty()) {
            // left out when empty: the records of branches without pop acks stay as they were
            writer.name("popAcks").beginArray();
            for (PopAck p : popAcks) {
                writer.beginObject().member("group", p.group()).member("topic", p.topic())
                        .member("queueId", p.queueId()).member("offset", p.offset())
                        .member("receiptHandle", p.receiptHandle()).endObject();
            }
            writer.endArray();
        }
        writer.endObject();
    }

    /** Reads a branch body; JSON null reads as an empty body. */
    public static BranchBody readFrom(JsonReader reader) {
        List<Half> halves = new ArrayList<>();
        List<Ack> acks = new ArrayList<>();
        List<PopAck> popAcks = new ArrayList<>();
        if (reader.skipIfNull()) {
            return new BranchBody(halves, acks);
        }
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "halves" -> halves = BodyCodec.readList(reader, BranchBody::readHalf, halves);
                case "acks" -> acks = BodyCodec.readList(reader, BranchBody::readAck, acks);
                case "popAcks" -> popAcks = BodyCodec.readList(reader, BranchBody::readPopAck, popAcks);
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new BranchBody(halves, acks, popAcks);
    }

    /** Decodes a whole body; throws {@link dev.apogee.remoting.json.JsonException} when it is malformed. */
    public static BranchBody decode(byte[] body) {
        return JsonBody.decode(body, BranchBody::readFrom);
    }

    private static Half readHalf(JsonReader reader) {
        long offset = -1;
        String msgId = null;
        String transactionId = null;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "commitLogOffset" -> offset = reader.nextLong();
                case "msgId" -> msgId = reader.nextString();
                case "transactionId" -> transactionId = reader.nextString();
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new Half(offset, msgId, transactionId);
    }

    private static Ack readAck(JsonReader reader) {
        String group = null;
        String topic = null;
        int queueId = -1;
        long nextOffset = -1;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "group" -> group = reader.nextString();
                case "topic" -> topic = reader.nextString();
                case "queueId" -> queueId = reader.nextInt();
                case "nextOffset" -> nextOffset = reader.nextLong();
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new Ack(group, topic, queueId, nextOffset);
    }

    private static PopAck readPopAck(JsonReader reader) {
        String group = null;
        String topic = null;
        int queueId = -1;
        long offset = -1;
        String receiptHandle = null;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "group" -> group = reader.nextString();
                case "topic" -> topic = reader.nextString();
                case "queueId" -> queueId = reader.nextInt();
                case "offset" -> offset = reader.nextLong();
                case "receiptHandle" -> receiptHandle = reader.nextString();
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new PopAck(group, topic, queueId, offset, receiptHandle);
    }
}
