package dev.apogee.remoting.codec;

import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Decodes extFields keys to shared {@code String} instances where it can: every request and response carries the
 * same dozen or so names (SEND_MESSAGE_V2 uses the one-letter names "a".."n"), and decoding a new copy of each per
 * command was a measurable share of the broker's per-message CPU. Unknown keys are decoded as usual. Immutable after
 * class initialization, so safe from any thread.
 */
final class HeaderKeys {
    /** Keys longer than this are never looked up (none of the common ones is). */
    private static final int MAX_KNOWN_LENGTH = 32;
    private static final String[] ONE_LETTER = new String[128];
    /** Known keys of length 2..{@value #MAX_KNOWN_LENGTH}, by length, as bytes and as the shared String. */
    private static final byte[][][] KNOWN_BYTES = new byte[MAX_KNOWN_LENGTH + 1][][];
    private static final String[][] KNOWN = new String[MAX_KNOWN_LENGTH + 1][];

    static {
        for (char c = 0; c < ONE_LETTER.length; c++) {
            ONE_LETTER[c] = String.valueOf(c).intern();
        }
        String[] names = {"bname", "topic", "queueId", "queueOffset", "msgId", "offsetMsgId", "transactionId",
            "MSG_REGION", "TRACE_ON", "apogeeOrdered", "producerGroup", "consumerGroup", "commitOffset",
            "nextBeginOffset", "minOffset", "maxOffset", "suggestWhichBrokerId", "sysFlag", "maxMsgNums",
            "maxMsgBytes", "suspendTimeoutMillis", "subscription", "subVersion", "expressionType", "offset",
            "commitLogOffset", "tranStateTableOffset", "branchId", "timestamp", "brokerName", "lo", "queueIdSet"};
        List<List<String>> byLength = new ArrayList<>();
        for (int i = 0; i <= MAX_KNOWN_LENGTH; i++) {
            byLength.add(new ArrayList<>());
        }
        for (String name : names) {
            byLength.get(name.length()).add(name.intern());
        }
        for (int length = 2; length <= MAX_KNOWN_LENGTH; length++) {
            List<String> known = byLength.get(length);
            KNOWN[length] = known.toArray(new String[0]);
            KNOWN_BYTES[length] = new byte[known.size()][];
            for (int i = 0; i < known.size(); i++) {
                KNOWN_BYTES[length][i] = known.get(i).getBytes(StandardCharsets.US_ASCII);
            }
        }
    }

    private HeaderKeys() {
    }

    /** Reads a key of {@code length} (at least 1) bytes at the reader index of {@code in}, advancing past it. */
    static String read(ByteBuf in, int length) {
        int start = in.readerIndex();
        if (length == 1) {
            byte b = in.getByte(start);
            if (b >= 0) {
                in.skipBytes(1);
                return ONE_LETTER[b];
            }
        } else if (length <= MAX_KNOWN_LENGTH) {
            byte[][] candidates = KNOWN_BYTES[length];
            for (int i = 0; i < candidates.length; i++) {
                if (matches(in, start, candidates[i])) {
                    in.skipBytes(length);
                    return KNOWN[length][i];
                }
            }
        }
        return in.readCharSequence(length, StandardCharsets.UTF_8).toString();
    }

    private static boolean matches(ByteBuf in, int start, byte[] name) {
        for (int i = 0; i < name.length; i++) {
            if (in.getByte(start + i) != name[i]) {
                return false;
            }
        }
        return true;
    }
}
