package dev.apogee.remoting.json;

/**
 * UTF-8 encoding of a {@link CharSequence} straight into an exactly sized array, so a writer's
 * builder never has to become a String first. Unpaired surrogates become {@code '?'} as in
 * {@link String#getBytes(java.nio.charset.Charset)}.
 */
final class Utf8 {
    private Utf8() {
    }

    static byte[] encode(CharSequence s) {
        int length = s.length();
        byte[] bytes = new byte[encodedLength(s, length)];
        int p = 0;
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes[p++] = (byte) c;
            } else if (c < 0x800) {
                bytes[p++] = (byte) (0xC0 | (c >> 6));
                bytes[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                int codePoint = pairedCodePoint(s, i, length);
                if (codePoint < 0) {
                    bytes[p++] = '?';
                } else {
                    bytes[p++] = (byte) (0xF0 | (codePoint >> 18));
                    bytes[p++] = (byte) (0x80 | ((codePoint >> 12) & 0x3F));
                    bytes[p++] = (byte) (0x80 | ((codePoint >> 6) & 0x3F));
                    bytes[p++] = (byte) (0x80 | (codePoint & 0x3F));
                    i++;
                }
            } else {
                bytes[p++] = (byte) (0xE0 | (c >> 12));
                bytes[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                bytes[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return bytes;
    }

    private static int encodedLength(CharSequence s, int length) {
        int bytes = length;
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    bytes += 1;
                } else if (Character.isSurrogate(c)) {
                    if (pairedCodePoint(s, i, length) >= 0) {
                        bytes += 2; // two chars become four bytes
                        i++;
                    }
                } else {
                    bytes += 2;
                }
            }
        }
        return bytes;
    }

    /** The code point of a valid high/low surrogate pair starting at {@code i}, or -1. */
    private static int pairedCodePoint(CharSequence s, int i, int length) {
        char high = s.charAt(i);
        if (!Character.isHighSurrogate(high) || i + 1 >= length) {
            return -1;
        }
        char low = s.charAt(i + 1);
        return Character.isLowSurrogate(low) ? Character.toCodePoint(high, low) : -1;
    }
}
