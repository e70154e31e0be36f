package dev.apogee.client.message;

/** Upper-case hex, the way message ids are printed. */
final class Hex {
    private static final char[] DIGITS = "0123456789ABCDEF".toCharArray();

    private Hex() {
    }

    static String encode(byte[] bytes) {
        char[] chars = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            chars[2 * i] = DIGITS[(bytes[i] >> 4) & 0xF];
            chars[2 * i + 1] = DIGITS[bytes[i] & 0xF];
        }
        return new String(chars);
    }

    /** Writes the last {@code digits} hex digits of {@code value}, most significant first, at {@code out[at]}. */
    static void put(long value, int digits, byte[] out, int at) {
        for (int i = digits - 1; i >= 0; i--) {
            out[at + i] = (byte) DIGITS[(int) (value & 0xF)];
            value >>>= 4;
        }
    }

    static byte[] decode(String hex) {
        if ((hex.length() & 1) != 0) {
            throw new IllegalArgumentException("odd hex length: " + hex);
        }
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            int high = Character.digit(hex.charAt(2 * i), 16);
            int low = Character.digit(hex.charAt(2 * i + 1), 16);
            if (high < 0 || low < 0) {
                throw new IllegalArgumentException("not a hex string: " + hex);
            }
            bytes[i] = (byte) ((high << 4) | low);
        }
        return bytes;
    }
}
