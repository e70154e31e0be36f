package dev.apogee.remoting.json;

import java.nio.charset.StandardCharsets;

/**
 * The byte cursor under {@link JsonReader}: whitespace, literals, number and name spans, and string
 * decoding. Strings without escapes become a String in one bulk copy (Latin-1 when all ASCII, which
 * the JDK turns into a compact string without decoding); only strings with escapes go through a
 * reusable builder.
 */
final class JsonText {
    private static final int RETAINED_SCRATCH = 16 * 1024;
    private static final int MAX_CACHED_LENGTH = 32;
    private static final int STRING_CACHE_SIZE = 256;
    private static final boolean[] NAME_CHARS = new boolean[128];

    static {
        for (int c = '0'; c <= '9'; c++) {
            NAME_CHARS[c] = true;
        }
        for (int c = 'a'; c <= 'z'; c++) {
            NAME_CHARS[c] = true;
            NAME_CHARS[c - 'a' + 'A'] = true;
        }
        NAME_CHARS['_'] = true;
        NAME_CHARS['$'] = true;
        NAME_CHARS['-'] = true;
        NAME_CHARS['+'] = true;
        NAME_CHARS['.'] = true;
    }

    byte[] buf;
    int pos;
    private int limit;
    private int start;
    private StringBuilder scratch = new StringBuilder(64);
    private final String[] stringCache = new String[STRING_CACHE_SIZE];

    void reset(byte[] utf8, int from, int to) {
        buf = utf8;
        pos = from;
        start = from;
        limit = to;
    }

    int offset() {
        return pos - start;
    }

    /** Characters fastjson accepts in an unquoted member name (identifiers and numbers). */
    static boolean isNameChar(int c) {
        return c >= 0 && c < 128 && NAME_CHARS[c];
    }

    /** The next non-whitespace byte (0..255), left unconsumed; end of input is an error. */
    int nextNonWhitespace() {
        int c = nextNonWhitespaceOrEof();
        if (c < 0) {
            throw new JsonException("unexpected end of input", offset());
        }
        return c;
    }

    /** The next non-whitespace byte (0..255) left unconsumed, or -1 at the end of input. */
    int nextNonWhitespaceOrEof() {
        byte[] b = buf;
        int p = pos;
        while (p < limit) {
            int c = b[p] & 0xFF;
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t' && c != '\f' && c != '\b') {
                pos = p;
                return c;
            }
            p++;
        }
        pos = p;
        return -1;
    }

    void skipByteOrderMark() {
        if (limit - pos >= 3 && buf[pos] == (byte) 0xEF && buf[pos + 1] == (byte) 0xBB && buf[pos + 2] == (byte) 0xBF) {
            pos += 3;
        }
    }

    void expectLiteral(String literal) {
        int length = literal.length();
        if (limit - pos < length) {
            throw new JsonException("unexpected end of input", offset());
        }
        for (int i = 0; i < length; i++) {
            if (buf[pos + i] != literal.charAt(i)) {
                throw new JsonException("malformed literal, expected " + literal, offset());
            }
        }
        if (pos + length < limit && isNameChar(buf[pos + length])) {
            throw new JsonException("malformed literal, expected " + literal, offset());
        }
        pos += length;
    }

    /** Consumes a run of name characters and returns its end. */
    int skipNameChars() {
        int p = pos;
        while (p < limit && isNameChar(buf[p])) {
            p++;
        }
        pos = p;
        return p;
    }

    /** Consumes a number ({@code -?digits(.digits)?([eE][+-]?digits)?}) and returns its end. */
    int scanNumber() {
        int p = pos;
        if (buf[p] == '-') {
            p++;
        }
        p = digits(p);
        if (p < limit && buf[p] == '.') {
            p = digits(p + 1);
        }
        if (p < limit && (buf[p] == 'e' || buf[p] == 'E')) {
            p++;
            if (p < limit && (buf[p] == '+' || buf[p] == '-')) {
                p++;
            }
            p = digits(p);
        }
        if (p < limit && isNameChar(buf[p])) {
            throw new JsonException("malformed number", offset());
        }
        pos = p;
        return p;
    }

    private int digits(int from) {
        int p = from;
        while (p < limit && buf[p] >= '0' && buf[p] <= '9') {
            p++;
        }
        if (p == from) {
            throw new JsonException("malformed number", from - start);
        }
        return p;
    }

    String ascii(int from, int to) {
        return new String(buf, from, to - from, StandardCharsets.ISO_8859_1);
    }

    /** Parses a number token as a long without allocating; a fraction or exponent must be integral. */
    long parseLong(int from, int to) {
        boolean negative = buf[from] == '-';
        int p = negative ? from + 1 : from;
        long bound = negative ? Long.MIN_VALUE : -Long.MAX_VALUE;
        long boundBeforeDigit = bound / 10;
        long result = 0; // accumulated negatively so Long.MIN_VALUE fits
        for (; p < to; p++) {
            int digit = buf[p] - '0';
            if (digit < 0 || digit > 9) {
                return integral(parseDouble(ascii(from, to), from - start), from - start);
            }
            if (result < boundBeforeDigit || result * 10 < bound + digit) {
                throw new JsonException("number out of long range", from - start);
            }
            result = result * 10 - digit;
        }
        if (p == (negative ? from + 1 : from)) {
            throw new JsonException("not a number", from - start);
        }
        return negative ? result : -result;
    }

    /** fastjson-lenient long from a string member value: {@code "6"}, {@code "6.0"}, {@code ""} (0). */
    static long parseLong(String s, int offset) {
        if (s.isEmpty()) {
            return 0;
        }
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException notPlainLong) {
            return integral(parseDouble(s, offset), offset);
        }
    }

    static double parseDouble(String s, int offset) {
        if (s.isEmpty()) {
            return 0;
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new JsonException("not a number: \"" + abbreviate(s) + '"', offset);
        }
    }

    private static long integral(double d, int offset) {
        if (d != Math.rint(d) || d < -0x1p63 || d >= 0x1p63) {
            throw new JsonException("not an integral long: " + d, offset);
        }
        return (long) d;
    }

    /** Reads a string whose opening quote was consumed; consumes the closing quote. */
    String readQuoted(byte quote) {
        byte[] b = buf;
        int p = pos;
        int highBits = 0;
        int hash = 0;
        while (p < limit) {
            byte c = b[p];
            if (c == quote) {
                String s;
                if (highBits < 0) {
                    s = new String(b, pos, p - pos, StandardCharsets.UTF_8);
                } else if (p - pos <= MAX_CACHED_LENGTH) {
                    s = cached(pos, p - pos, hash);
                } else {
                    s = new String(b, pos, p - pos, StandardCharsets.ISO_8859_1);
                }
                pos = p + 1;
                return s;
            }
            if (c == '\\') {
                return readEscaped(p, quote);
            }
            highBits |= c;
            hash = 31 * hash + c;
            p++;
        }
        throw new JsonException("unterminated string", pos - 1 - start);
    }

    /**
     * A short ASCII string from a small direct-mapped cache. Member names and many values (header keys,
     * {@code "JAVA"}, {@code "0"}, broker names) repeat across documents parsed by one reader, and a hit
     * costs a byte compare instead of an allocation. Strings are immutable, so sharing them is safe.
     */
    private String cached(int from, int length, int hash) {
        int slot = (hash ^ (hash >>> 7)) & (STRING_CACHE_SIZE - 1);
        String candidate = stringCache[slot];
        if (candidate != null && candidate.length() == length) {
            int i = 0;
            while (i < length && candidate.charAt(i) == buf[from + i]) {
                i++;
            }
            if (i == length) {
                return candidate;
            }
        }
        String s = new String(buf, from, length, StandardCharsets.ISO_8859_1);
        stringCache[slot] = s;
        return s;
    }

    /** Skips a string whose opening quote was consumed, without decoding it. */
    void skipQuoted(byte quote) {
        byte[] b = buf;
        int p = pos;
        while (p < limit) {
            byte c = b[p];
            if (c == quote) {
                pos = p + 1;
                return;
            }
            p += c == '\\' ? 2 : 1;
        }
        throw new JsonException("unterminated string", pos - 1 - start);
    }

    private String readEscaped(int firstEscape, byte quote) {
        StringBuilder sb = scratch;
        sb.setLength(0);
        appendRun(sb, pos, firstEscape);
        int p = firstEscape;
        while (true) {
            p = appendEscape(sb, p + 1);
            int runStart = p;
            while (p < limit && buf[p] != quote && buf[p] != '\\') {
                p++;
            }
            if (p >= limit) {
                throw new JsonException("unterminated string", offset());
            }
            appendRun(sb, runStart, p);
            if (buf[p] == quote) {
                pos = p + 1;
                String s = sb.toString();
                if (sb.capacity() > RETAINED_SCRATCH) {
                    scratch = new StringBuilder(64);
                }
                return s;
            }
        }
    }

    /** Runs end at a quote or backslash, both ASCII, so a UTF-8 sequence is never split. */
    private void appendRun(StringBuilder sb, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] < 0) {
                sb.append(new String(buf, i, to - i, StandardCharsets.UTF_8));
                return;
            }
            sb.append((char) buf[i]);
        }
    }

    /** Appends the escape whose letter is at {@code p}; returns the position after it. */
    private int appendEscape(StringBuilder sb, int p) {
        if (p >= limit) {
            throw new JsonException("unterminated string", offset());
        }
        int c = buf[p];
        switch (c) {
            case '"': case '\\': case '/': case '\'': sb.append((char) c); return p + 1;
            case 'b': sb.append('\b'); return p + 1;
            case 'f': sb.append('\f'); return p + 1;
            case 'n': sb.append('\n'); return p + 1;
            case 'r': sb.append('\r'); return p + 1;
            case 't': sb.append('\t'); return p + 1;
            case 'v': sb.append('\u000B'); return p + 1;
            case 'u': sb.append((char) hex(p + 1, 4)); return p + 5;
            case 'x': sb.append((char) hex(p + 1, 2)); return p + 3;
            default: throw new JsonException("bad escape '\\" + (c >= 0x20 && c < 0x7F ? (char) c : '?') + "'", p - start);
        }
    }

    private int hex(int from, int count) {
        if (limit - from < count) {
            throw new JsonException("unterminated escape", from - start);
        }
        int value = 0;
        for (int i = from; i < from + count; i++) {
            int digit = Character.digit(buf[i], 16);
            if (digit < 0) {
                throw new JsonException("bad hex digit in escape", i - start);
            }
            value = value << 4 | digit;
        }
        return value;
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
