package dev.apogee.remoting.json;

import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;

/**
 * Streaming JSON writer appending to a reusable {@link StringBuilder}; commas are inserted automatically.
 *
 * <p>Writes fastjson 1.2.83's default dialect: control characters (C0, DEL, C1), U+2028 and U+2029 escaped
 * as upper-case {@code \}{@code uXXXX}, everything else verbatim (identical output, checked for every char); doubles as {@link Double#toString(double)}, NaN and
 * infinities as {@code null}. Two non-standard shapes fastjson produces for the official servers are
 * supported: unquoted numeric names ({@link #name(long)}: {@code {0:"127.0.0.1:10911"}}) and object-valued
 * names ({@link #beginObjectKey()}: {@code {{"brokerName":"b","queueId":3,"topic":"T"}:{...}}}).
 * {@link #setBrowserCompatible(boolean)} switches to fastjson's {@code BrowserCompatible} output
 * (non-ASCII and {@code /} escaped, longs beyond 2^53 quoted), used for standard-JSON route data.
 *
 * <p>Misuse (a value where a name is required, unbalanced ends) is a programming error and throws
 * {@link IllegalStateException}. Not thread-safe; reuse one instance per thread via {@link #reset()}.
 */
public final class JsonWriter {
    /** A builder that grew past this is dropped on reset, so one huge body does not pin memory forever. */
    private static final int RETAINED_CAPACITY = 64 * 1024;
    private static final long BROWSER_SAFE_LONG = 9007199254740991L;

    private static final byte EMPTY_OBJECT = 1;
    private static final byte NONEMPTY_OBJECT = 2;
    private static final byte EMPTY_ARRAY = 3;
    private static final byte NONEMPTY_ARRAY = 4;
    private static final byte EMPTY_KEY_OBJECT = 5;
    private static final byte NONEMPTY_KEY_OBJECT = 6;

    private static final String[] ASCII_ESCAPES = new String[128];

    static {
        for (int c = 0; c < 0x20; c++) {
            ASCII_ESCAPES[c] = unicodeEscape((char) c);
        }
        ASCII_ESCAPES[0x7F] = unicodeEscape((char) 0x7F);
        ASCII_ESCAPES['"'] = "\\\"";
        ASCII_ESCAPES['\\'] = "\\\\";
        ASCII_ESCAPES['\b'] = "\\b";
        ASCII_ESCAPES['\f'] = "\\f";
        ASCII_ESCAPES['\n'] = "\\n";
        ASCII_ESCAPES['\r'] = "\\r";
        ASCII_ESCAPES['\t'] = "\\t";
    }

    private StringBuilder out;
    private byte[] scopes = new byte[16];
    private int depth;
    private boolean afterName;
    private boolean topLevelWritten;
    private boolean browserCompatible;

    public JsonWriter() {
        this(256);
    }

    public JsonWriter(int initialCapacity) {
        this.out = new StringBuilder(initialCapacity);
    }

    /** Clears the output and all state (keeps the browser-compatible setting) so the writer can be reused. */
    public JsonWriter reset() {
        if (out.capacity() > RETAINED_CAPACITY) {
            out = new StringBuilder(256);
        } else {
            out.setLength(0);
        }
        depth = 0;
        afterName = false;
        topLevelWritten = false;
        return this;
    }

    /** fastjson {@code BrowserCompatible}: escape non-ASCII and {@code /}, quote longs outside +-2^53. */
    public JsonWriter setBrowserCompatible(boolean browserCompatible) {
        this.browserCompatible = browserCompatible;
        return this;
    }

    public JsonWriter beginObject() {
        beforeValue();
        out.append('{');
        push(EMPTY_OBJECT);
        return this;
    }

    /** Closes an object; if it was opened by {@link #beginObjectKey()} it becomes the pending name. */
    public JsonWriter endObject() {
        if (afterName) {
            throw new IllegalStateException("dangling name");
        }
        byte scope = pop();
        if (scope == EMPTY_KEY_OBJECT || scope == NONEMPTY_KEY_OBJECT) {
            out.append("}:");
            afterName = true;
        } else if (scope == EMPTY_OBJECT || scope == NONEMPTY_OBJECT) {
            out.append('}');
        } else {
            throw new IllegalStateException("not in an object");
        }
        return this;
    }

    public JsonWriter beginArray() {
        beforeValue();
        out.append('[');
        push(EMPTY_ARRAY);
        return this;
    }

    public JsonWriter endArray() {
        byte scope = pop();
        if (scope != EMPTY_ARRAY && scope != NONEMPTY_ARRAY) {
            throw new IllegalStateException("not in an array");
        }
        out.append(']');
        return this;
    }

    public JsonWriter name(String name) {
        beforeName();
        writeQuoted(name);
        out.append(':');
        afterName = true;
        return this;
    }

    /** A numeric name written unquoted, fastjson's default for {@code Map<Long,?>}: {@code {0:"x"}}. */
    public JsonWriter name(long name) {
        beforeName();
        out.append(name).append(':');
        afterName = true;
        return this;
    }

    /** A numeric name written as standard JSON: {@code {"0":"x"}}. */
    public JsonWriter nameQuoted(long name) {
        beforeName();
        out.append('"').append(name).append("\":");
        afterName = true;
        return this;
    }

    /**
     * Starts an object that is itself a member name (fastjson's shape for maps keyed by beans); write its
     * members, then {@link #endObject()} emits the {@code :} and the next call writes the member's value.
     */
    public JsonWriter beginObjectKey() {
        beforeName();
        out.append('{');
        push(EMPTY_KEY_OBJECT);
        return this;
    }

    /** Writes a string, or {@code null} when {@code value} is null. */
    public JsonWriter value(String value) {
        if (value == null) {
            return nullValue();
        }
        beforeValue();
        writeQuoted(value);
        return this;
    }

    public JsonWriter value(long value) {
        beforeValue();
        if (browserCompatible && (value > BROWSER_SAFE_LONG || value < -BROWSER_SAFE_LONG)) {
            out.append('"').append(value).append('"');
        } else {
            out.append(value);
        }
        return this;
    }

    public JsonWriter value(int value) {
        beforeValue();
        out.append(value);
        return this;
    }

    public JsonWriter value(boolean value) {
        beforeValue();
        out.append(value);
        return this;
    }

    /** Like Java ({@code 0.0}, {@code 1.0E20}); NaN and infinities become {@code null} as in fastjson. */
    public JsonWriter value(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return nullValue();
        }
        beforeValue();
        out.append(value);
        return this;
    }

    public JsonWriter nullValue() {
        beforeValue();
        out.append("null");
        return this;
    }

    /** Appends already-encoded JSON as the next value, unchecked. */
    public JsonWriter rawValue(String json) {
        beforeValue();
        out.append(json);
        return this;
    }

    /** Writes {@code "name":value} unless {@code value} is null (fastjson omits null members). */
    public JsonWriter member(String name, String value) {
        if (value != null) {
            name(name).value(value);
        }
        return this;
    }

    public JsonWriter member(String name, long value) {
        return name(name).value(value);
    }

    public JsonWriter member(String name, boolean value) {
        return name(name).value(value);
    }

    public JsonWriter member(String name, double value) {
        return name(name).value(value);
    }

    /** Writes {@code "name":[...]} unless {@code values} is null. */
    public JsonWriter stringArrayMember(String name, Collection<String> values) {
        if (values != null) {
            name(name).stringArray(values);
        }
        return this;
    }

    /** Writes an array of strings in iteration order. */
    public JsonWriter stringArray(Iterable<String> values) {
        beginArray();
        for (String value : values) {
            value(value);
        }
        return endArray();
    }

    /** Writes {@code "name":{...}} unless {@code map} is null. */
    public JsonWriter stringMapMember(String name, Map<String, String> map) {
        if (map != null) {
            name(name).stringMap(map);
        }
        return this;
    }

    /** Writes a string-to-string map in iteration order; null values are omitted like fastjson does. */
    public JsonWriter stringMap(Map<String, String> map) {
        beginObject();
        for (Map.Entry<String, String> entry : map.entrySet()) {
            if (entry.getValue() != null) {
                name(String.valueOf(entry.getKey())).value(entry.getValue());
            }
        }
        return endObject();
    }

    /** Number of UTF-16 chars written so far. */
    public int length() {
        return out.length();
    }

    @Override
    public String toString() {
        return out.toString();
    }

    /**
     * The output as UTF-8. Going through a String is deliberate: both copies are vectorised array
     * copies for ASCII text, measured ~2x faster than encoding the builder char by char.
     */
    public byte[] toUtf8Bytes() {
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Appends the output to {@code buf} as UTF-8 and returns the number of bytes written. */
    public int writeTo(ByteBuf buf) {
        byte[] bytes = toUtf8Bytes();
        buf.writeBytes(bytes);
        return bytes.length;
    }

    private void beforeValue() {
        if (afterName) {
            afterName = false;
            return;
        }
        if (depth == 0) {
            if (topLevelWritten) {
                throw new IllegalStateException("a JSON document holds one top-level value");
            }
            topLevelWritten = true;
            return;
        }
        byte scope = scopes[depth - 1];
        if (scope == NONEMPTY_ARRAY) {
            out.append(',');
        } else if (scope == EMPTY_ARRAY) {
            scopes[depth - 1] = NONEMPTY_ARRAY;
        } else {
            throw new IllegalStateException("a name is required before a value in an object");
        }
    }

    private void beforeName() {
        if (afterName || depth == 0) {
            throw new IllegalStateException("a name is not allowed here");
        }
        byte scope = scopes[depth - 1];
        if (scope == NONEMPTY_OBJECT || scope == NONEMPTY_KEY_OBJECT) {
            out.append(',');
        } else if (scope == EMPTY_OBJECT) {
            scopes[depth - 1] = NONEMPTY_OBJECT;
        } else if (scope == EMPTY_KEY_OBJECT) {
            scopes[depth - 1] = NONEMPTY_KEY_OBJECT;
        } else {
            throw new IllegalStateException("a name is only allowed in an object");
        }
    }

    private void push(byte scope) {
        if (depth == scopes.length) {
            scopes = java.util.Arrays.copyOf(scopes, depth * 2);
        }
        scopes[depth++] = scope;
    }

    private byte pop() {
        if (depth == 0) {
            throw new IllegalStateException("nothing to close");
        }
        return scopes[--depth];
    }

    /**
     * Most strings need no escaping: find the first character that does and append everything before
     * it in one bulk copy (a Latin-1 String into a Latin-1 builder is an array copy).
     */
    private void writeQuoted(String s) {
        StringBuilder sb = out;
        sb.append('"');
        int length = s.length();
        int i = 0;
        while (i < length && escapeFor(s.charAt(i)) == null) {
            i++;
        }
        if (i == length) {
            sb.append(s).append('"');
            return;
        }
        sb.append(s, 0, i);
        int runStart = i;
        for (; i < length; i++) {
            String escape = escapeFor(s.charAt(i));
            if (escape != null) {
                sb.append(s, runStart, i).append(escape);
                runStart = i + 1;
            }
        }
        sb.append(s, runStart, length).append('"');
    }

    private String escapeFor(char c) {
        if (c < 128) {
            String escape = ASCII_ESCAPES[c];
            return escape == null && c == '/' && browserCompatible ? "\\/" : escape;
        }
        // fastjson always escapes the C1 controls and the JavaScript line separators; the rest only when
        // browser compatible (verified char by char against fastjson 1.2.83 in the compatibility test)
        return browserCompatible || c <= 0x9F || c == 0x2028 || c == 0x2029 ? unicodeEscape(c) : null;
    }

    private static String unicodeEscape(char c) {
        final String hex = "0123456789ABCDEF";
        return new String(new char[] {'\\', 'u',
            hex.charAt((c >> 12) & 0xF), hex.charAt((c >> 8) & 0xF), hex.charAt((c >> 4) & 0xF), hex.charAt(c & 0xF)});
    }
}
