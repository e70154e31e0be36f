package dev.apogee.remoting.codec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 lengths and encoding into arrays and buffers, with exactly {@link String#getBytes}'s result (a lone surrogate
 * becomes {@code '?'}). Header fields and property names are ASCII almost always: those go char by char with no array
 * on the way; anything else is left to the JDK.
 */
public final class Utf8 {
    private Utf8() {
    }

    /** The length of {@code s}'s UTF-8 encoding; 0 for null. */
    public static int length(String s) {
        if (s == null) {
            return 0;
        }
        int length = s.length();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    length += 1;
                } else if (Character.isHighSurrogate(c) && i + 1 < s.length()
                        && Character.isLowSurrogate(s.charAt(i + 1))) {
                    length += 2; // the pair: 4 bytes for 2 chars
                    i++;
                } else if (!Character.isSurrogate(c)) {
                    length += 2;
                } // a lone surrogate is encoded as '?': 1 byte, already counted
            }
        }
        return length;
    }

    /**
     * Writes {@code s} ({@link #length} bytes; nothing for null) into {@code out} at {@code at}; returns the index
     * after it.
     */
    public static int put(byte[] out, int at, String s) {
        if (s == null) {
            return at;
        }
        int length = s.length();
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) { // rare: let the JDK encode the whole string
                byte[] encoded = s.getBytes(StandardCharsets.UTF_8);
                System.arraycopy(encoded, 0, out, at, encoded.length);
                return at + encoded.length;
            }
            out[at + i] = (byte) c;
        }
        return at + length;
    }

    /** Writes {@code s} ({@link #length} bytes; nothing for null) at {@code out}'s position, advancing it. */
    public static void put(ByteBuffer out, String s) {
        if (s == null) {
            return;
        }
        int start = out.position();
        int length = s.length();
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) { // rare: let the JDK encode the whole string
                out.position(start);
                out.put(s.getBytes(StandardCharsets.UTF_8));
                return;
            }
            out.put((byte) c);
        }
    }
}
