package dev.apogee.broker.transaction.branch;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.remoting.protocol.body.JsonBody;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One record of the branch log, the body of a message in {@value BranchLog#TOPIC}:
 * {@code {"type":"PREPARE","branchId":"X:..","producerGroup":"pg","branch":{"halves":[..],"acks":[..],
 * "popAcks":[..]}}}. PREPARE and COMMIT (and ROLLBACK) carry the whole branch, so that a restarted broker can finish a
 * decided branch from its decision record alone; COMMIT_STORED carries only the acks and pop acks (its messages and
 * the pop acks' POP journal records follow it in the same atomic append); DONE and FORGET carry only the id.
 * Immutable.
 */
record BranchRecord(Type type, String branchId, String producerGroup, BranchBody branch) {
    enum Type {
        /** The branch is durably prepared and waits for a decision. */
        PREPARE,
        /** Decision: commit. Materialization follows. */
        COMMIT,
        /**
         * Decision: commit, stored as the header of one atomic append with the branch's messages already in their
         * topics and its pop acks' journal records (BRANCH_COMMIT_LOCAL): a COMMIT and its DONE at once; only the
         * offset acks are applied after it.
         */
        COMMIT_STORED,
        /** Decision: roll back. Halves are discarded. */
        ROLLBACK,
        /** Every half and ack of the decided branch is materialized (offsets in memory: see {@code Branches}). */
        DONE,
        /** The outcome of the decided branch may be forgotten. */
        FORGET
    }

    static final BranchBody EMPTY = new BranchBody(List.of(), List.of());

    BranchRecord withType(Type newType) {
        return new BranchRecord(newType, branchId, producerGroup, branch);
    }

    byte[] encode() {
        JsonWriter writer = new JsonWriter();
        writer.beginObject().member("type", type.name()).member("branchId", branchId)
                .member("producerGroup", producerGroup).name("branch");
        branch.writeTo(writer);
        writer.endObject();
        return writer.toUtf8Bytes();
    }

    /** Decodes a stored record; throws a {@link RuntimeException} when it is not one. */
    static BranchRecord decode(byte[] body) {
        return JsonBody.decode(body, reader -> {
            Type type = null;
            String branchId = null;
            String producerGroup = null;
            BranchBody branch = EMPTY;
            reader.beginObject();
            while (reader.hasNext()) {
                switch (reader.nextName()) {
                    case "type" -> type = Type.valueOf(reader.nextString());
                    case "branchId" -> branchId = reader.nextString();
                    case "producerGroup" -> producerGroup = nullableString(reader);
                    case "branch" -> branch = BranchBody.readFrom(reader);
                    default -> reader.skipValue();
                }
            }
            reader.endObject();
            if (type == null || branchId == null) {
                throw new IllegalArgumentException("branch log record without type or id: "
                        + new String(body, StandardCharsets.UTF_8));
            }
            return new BranchRecord(type, branchId, producerGroup, branch);
        });
    }

    private static String nullableString(JsonReader reader) {
        return reader.skipIfNull() ? null : reader.nextString();
    }
}
