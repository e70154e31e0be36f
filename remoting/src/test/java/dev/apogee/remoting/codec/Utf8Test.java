package dev.apogee.remoting.codec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link Utf8} gives exactly {@link String#getBytes}'s UTF-8 (array and buffer), replacements of lone surrogates included. */
class Utf8Test {
    @ParameterizedTest
    @ValueSource(strings = {"", "consumerGroup", "é", "备注", "✓ ok", "\uD83D\uDE00", "a\uD83D\uDE00b",
            "\uD83D", "x\uD83D", "\uDE00y", "\uD83Dz", "\uD83D\uD83D\uDE00", "\u0001\u0002\u007f\u0080\u07ff\u0800\uffff"})
    void encodesLikeTheJdk(String s) {
        assertSameAsJdk(s);
    }

    @Test
    void randomStringsOfEveryCharClassEncodeLikeTheJdk() {
        Random random = new Random(42);
        char[] pool = {'a', 'Z', '0', '\u0000', '\u007f', '\u0080', '\u07ff', '\u0800', '\u4e2d', '\ud800', '\udbff',
                '\udc00', '\udfff', '\ufffd', '\uffff'};
        for (int i = 0; i < 2_000; i++) {
            char[] chars = new char[random.nextInt(12)];
            for (int j = 0; j < chars.length; j++) {
                chars[j] = pool[random.nextInt(pool.length)];
            }
            assertSameAsJdk(new String(chars));
        }
    }

    @Test
    void nullIsNothing() {
        assertEquals(0, Utf8.length(null));
        byte[] out = new byte[2];
        assertEquals(1, Utf8.put(out, 1, null));
        assertArrayEquals(new byte[2], out);
    }

    private static void assertSameAsJdk(String s) {
        byte[] expected = s.getBytes(StandardCharsets.UTF_8);
        assertEquals(expected.length, Utf8.length(s), () -> "length of " + escaped(s));
        byte[] out = new byte[expected.length + 3];
        out[0] = 'X';
        out[out.length - 1] = 'Y';
        assertEquals(1 + expected.length, Utf8.put(out, 1, s), () -> "end of " + escaped(s));
        assertArrayEquals(expected, Arrays.copyOfRange(out, 1, 1 + expected.length), () -> "bytes of " + escaped(s));
        assertEquals('X', out[0]);
        assertEquals('Y', out[out.length - 1]);
        ByteBuffer buffer = ByteBuffer.allocate(expected.length + 2).put((byte) 'X');
        Utf8.put(buffer, s);
        assertEquals(1 + expected.length, buffer.position(), () -> "buffer position after " + escaped(s));
        assertArrayEquals(expected, Arrays.copyOfRange(buffer.array(), 1, 1 + expected.length));
    }

    private static String escaped(String s) {
        StringBuilder b = new StringBuilder();
        s.chars().forEach(c -> b.append(String.format("\\u%04x", c)));
        return b.toString();
    }
}
