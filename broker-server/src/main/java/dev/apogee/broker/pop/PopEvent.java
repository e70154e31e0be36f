package dev.apogee.broker.pop;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * One journaled change of a {@link QueueLedger}, and its binary layout (the body of a journal record, big-endian):
 *
 * <pre>
 * width      field
 * 1          kind          1 POP, 2 ACK, 3 CHANGE, 4 MARK (a snapshot's durability barrier, changes nothing),
 *                          5 RELEASE (due again at once, not counted as a delivery)
 * 2 + g      group         int16 length + UTF-8
 * 2 + t      topic         int16 length + UTF-8
 * 4          queueId
 * 8          seq           the ledger's event number (replay applies an event only above the ledger's own)
 * 8          offset        ACK, CHANGE, RELEASE: the message; POP: the cursor after the pop (-1: unchanged)
 * 8          popTime       POP, CHANGE
 * 8          deadline      POP, CHANGE
 * 4          count         POP: number of leased messages, then per message int64 offset + int32 reconsumeTimes
 * </pre>
 */
record PopEvent(byte kind, LedgerKey key, long seq, long offset, long popTime, long deadline, long[] offsets, int[] counts) {
    static final byte POP = 1;
    static final byte ACK = 2;
    static final byte CHANGE = 3;
    static final byte MARK = 4;
    static final byte RELEASE = 5;
    private static final LedgerKey NO_LEDGER = new LedgerKey("", "", -1);

    static PopEvent pop(LedgerKey key, long newCursor, long popTime, long deadline, long[] offsets, int[] counts) {
        return new PopEvent(POP, key, 0, newCursor, popTime, deadline, offsets, counts);
    }

    static PopEvent ack(LedgerKey key, long offset) {
        return new PopEvent(ACK, key, 0, offset, 0, 0, null, null);
    }

    static PopEvent change(LedgerKey key, long offset, long popTime, long deadline) {
        return new PopEvent(CHANGE, key, 0, offset, popTime, deadline, null, null);
    }

    static PopEvent release(LedgerKey key, long offset) {
        return new PopEvent(RELEASE, key, 0, offset, 0, 0, null, null);
    }

    static PopEvent mark() {
        return new PopEvent(MARK, NO_LEDGER, 0, 0, 0, 0, null, null);
    }

    boolean isMark() {
        return kind == MARK;
    }

    PopEvent withSeq(long newSeq) {
        return new PopEvent(kind, key, newSeq, offset, popTime, deadline, offsets, counts);
    }

    /** Applies this event to the ledger it names, and records its number there. */
    void applyTo(QueueLedger ledger) {
        ledger.version = Math.max(ledger.version, seq);
        switch (kind) {
            case POP -> ledger.applyPop(popTime, deadline, offset, offsets, counts);
            case ACK -> ledger.applyAck(offset);
            case CHANGE -> ledger.applyChange(offset, popTime, deadline);
            case RELEASE -> ledger.applyRelease(offset);
            default -> throw new IllegalStateException("unknown pop event kind " + kind);
        }
    }

    byte[] encode() {
        byte[] group = key.group().getBytes(StandardCharsets.UTF_8);
        byte[] topic = key.topic().getBytes(StandardCharsets.UTF_8);
        int n = offsets == null ? 0 : offsets.length;
        ByteBuffer b = ByteBuffer.allocate(1 + 2 + group.length + 2 + topic.length + 4 + 8 + 8 + 8 + 8 + 4 + n * 12);
        b.put(kind).putShort((short) group.length).put(group).putShort((short) topic.length).put(topic)
                .putInt(key.queueId()).putLong(seq).putLong(offset).putLong(popTime).putLong(deadline).putInt(n);
        for (int i = 0; i < n; i++) {
            b.putLong(offsets[i]).putInt(counts[i]);
        }
        return b.array();
    }

    static PopEvent decode(byte[] body) {
        ByteBuffer b = ByteBuffer.wrap(body);
        byte kind = b.get();
        String group = string(b);
        String topic = string(b);
        LedgerKey key = new LedgerKey(group, topic, b.getInt());
        long seq = b.getLong();
        long offset = b.getLong();
        long popTime = b.getLong();
        long deadline = b.getLong();
        int n = b.getInt();
        long[] offsets = new long[n];
        int[] counts = new int[n];
        for (int i = 0; i < n; i++) {
            offsets[i] = b.getLong();
            counts[i] = b.getInt();
        }
        return new PopEvent(kind, key, seq, offset, popTime, deadline, offsets, counts);
    }

    private static String string(ByteBuffer b) {
        byte[] bytes = new byte[b.getShort() & 0xFFFF];
        b.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
