package dev.apogee.remoting.json;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.function.Function;

/**
 * Streaming pull parser over UTF-8 bytes, lenient the way fastjson 1.2.83 is, because the official
 * RocketMQ servers and clients write fastjson's dialect and accept its leniencies.
 *
 * <p>Accepted beyond RFC 8259: unquoted member names ({@code {0:"a"}}, {@code {name:1}}), object-valued
 * member names ({@code {{"topic":"T"}:1}} - in name position {@link #peek()} returns
 * {@link JsonToken#BEGIN_OBJECT}; read the key with {@link #beginObject()}...{@link #endObject()}, after
 * which the member's value follows), single-quoted strings, trailing commas, a UTF-8 BOM, raw control
 * characters inside strings. The typed getters convert like fastjson: {@link #nextString()} accepts
 * numbers and booleans, {@link #nextLong()} accepts {@code "6"}, {@link #nextBoolean()} accepts
 * {@code "true"} and {@code 1}, and JSON {@code null} reads as {@code null}/0/false.
 *
 * <p>Safety for untrusted input: every problem is a {@link JsonException} with the byte offset; nesting
 * is bounded by {@link #MAX_DEPTH}; nothing recurses and no buffer is sized from the input. After a
 * {@code JsonException} the reader's position is undefined until the next {@code reset}.
 *
 * <p>Cost: the input is not copied (don't mutate it while reading); strings without escapes are one bulk
 * copy, and short ASCII strings come from a per-reader cache, so a reused reader parses the remoting
 * header with few allocations. Not thread-safe; reuse one instance per thread via
 * {@link #reset(byte[], int, int)}.
 *
 * <p>Typical loop:
 * <pre>{@code
 * reader.beginObject();
 * while (reader.hasNext()) {
 *     switch (reader.nextName()) {
 *         case "code": code = reader.nextInt(); break;
 *         default: reader.skipValue();
 *     }
 * }
 * reader.endObject();
 * }</pre>
 */
public final class JsonReader {
    /** Deeper input is rejected so hostile bodies cannot exhaust memory or a caller's stack. */
    public static final int MAX_DEPTH = 512;

    // Scopes, one per open container; the bottom one is the document.
    private static final byte EMPTY_DOCUMENT = 0;
    private static final byte NONEMPTY_DOCUMENT = 1;
    private static final byte EMPTY_OBJECT = 2;
    private static final byte NONEMPTY_OBJECT = 3;
    private static final byte DANGLING_NAME = 4;
    private static final byte EMPTY_ARRAY = 5;
    private static final byte NONEMPTY_ARRAY = 6;
    /** An object being read as a member name; when it closes, the owning object expects ':'. */
    private static final byte OBJECT_KEY_PENDING = 7;

    // Peeked token kinds. Structural characters are consumed by peek; strings and names are not.
    private static final int P_NONE = 0;
    private static final int P_BEGIN_OBJECT = 1;
    private static final int P_END_OBJECT = 2;
    private static final int P_BEGIN_ARRAY = 3;
    private static final int P_END_ARRAY = 4;
    private static final int P_TRUE = 5;
    private static final int P_FALSE = 6;
    private static final int P_NULL = 7;
    private static final int P_STRING = 8;
    private static final int P_QUOTED_NAME = 9;
    private static final int P_UNQUOTED_NAME = 10;
    private static final int P_NUMBER = 11;
    private static final int P_EOF = 12;

    private final JsonText text = new JsonText();
    private byte[] stack = new byte[32];
    private int stackSize;
    private int peeked;
    /** For P_NUMBER and P_UNQUOTED_NAME: the token's bytes are [tokenStart, tokenEnd). */
    private int tokenStart;
    private int tokenEnd;
    /** For P_STRING and P_QUOTED_NAME: the quote character; text.pos is just after the opening quote. */
    private byte quote;

    public JsonReader(byte[] utf8) {
        this(utf8, 0, utf8.length);
    }

    public JsonReader(byte[] utf8, int offset, int length) {
        reset(utf8, offset, length);
    }

    public JsonReader(String json) {
        this(json.getBytes(StandardCharsets.UTF_8));
    }

    /** Points this reader at new input, discarding all state. */
    public JsonReader reset(byte[] utf8, int offset, int length) {
        if (offset < 0 || length < 0 || offset > utf8.length - length) {
            throw new IndexOutOfBoundsException("offset " + offset + " length " + length + " of " + utf8.length);
        }
        text.reset(utf8, offset, offset + length);
        stackSize = 0;
        stack[stackSize++] = EMPTY_DOCUMENT;
        peeked = P_NONE;
        return this;
    }

    public JsonToken peek() {
        switch (peekKind()) {
            case P_BEGIN_OBJECT: return JsonToken.BEGIN_OBJECT;
            case P_END_OBJECT: return JsonToken.END_OBJECT;
            case P_BEGIN_ARRAY: return JsonToken.BEGIN_ARRAY;
            case P_END_ARRAY: return JsonToken.END_ARRAY;
            case P_TRUE:
            case P_FALSE: return JsonToken.BOOLEAN;
            case P_NULL: return JsonToken.NULL;
            case P_STRING: return JsonToken.STRING;
            case P_QUOTED_NAME:
            case P_UNQUOTED_NAME: return JsonToken.NAME;
            case P_NUMBER: return JsonToken.NUMBER;
            default: return JsonToken.END_DOCUMENT;
        }
    }

    /** True while the current object or array has more members/elements. */
    public boolean hasNext() {
        int p = peekKind();
        return p != P_END_OBJECT && p != P_END_ARRAY && p != P_EOF;
    }

    public void beginObject() {
        expect(P_BEGIN_OBJECT, "BEGIN_OBJECT");
        push(EMPTY_OBJECT);
        peeked = P_NONE;
    }

    public void endObject() {
        expect(P_END_OBJECT, "END_OBJECT");
        stackSize--;
        if (stack[stackSize - 1] == OBJECT_KEY_PENDING) {
            stack[stackSize - 1] = DANGLING_NAME;
        }
        peeked = P_NONE;
    }

    public void beginArray() {
        expect(P_BEGIN_ARRAY, "BEGIN_ARRAY");
        push(EMPTY_ARRAY);
        peeked = P_NONE;
    }

    public void endArray() {
        expect(P_END_ARRAY, "END_ARRAY");
        stackSize--;
        peeked = P_NONE;
    }

    /** The next member name, quoted or unquoted. */
    public String nextName() {
        int p = peekKind();
        String name;
        if (p == P_QUOTED_NAME) {
            name = text.readQuoted(quote);
        } else if (p == P_UNQUOTED_NAME) {
            name = text.ascii(tokenStart, tokenEnd);
        } else {
            throw unexpected("NAME");
        }
        peeked = P_NONE;
        return name;
    }

    /** The next member name parsed as a long ({@code 0} or {@code "0"}), for {@code Map<Long,?>} shapes. */
    public long nextNameAsLong() {
        int p = peekKind();
        long value;
        if (p == P_QUOTED_NAME) {
            value = JsonText.parseLong(text.readQuoted(quote), text.offset());
        } else if (p == P_UNQUOTED_NAME) {
            value = text.parseLong(tokenStart, tokenEnd);
        } else {
            throw unexpected("NAME");
        }
        peeked = P_NONE;
        return value;
    }

    /** A string; numbers and booleans are returned as their literal text, {@code null} as null. */
    public String nextString() {
        int p = peekKind();
        String value;
        switch (p) {
            case P_STRING: value = text.readQuoted(quote); break;
            case P_NUMBER: value = text.ascii(tokenStart, tokenEnd); break;
            case P_TRUE: value = "true"; break;
            case P_FALSE: value = "false"; break;
            case P_NULL: value = null; break;
            default: throw unexpected("STRING");
        }
        peeked = P_NONE;
        return value;
    }

    /** A long from a number or a numeric string; {@code null} reads as 0 like a fastjson primitive field. */
    public long nextLong() {
        int p = peekKind();
        long value;
        switch (p) {
            case P_NUMBER: value = text.parseLong(tokenStart, tokenEnd); break;
            case P_STRING: value = JsonText.parseLong(text.readQuoted(quote).trim(), text.offset()); break;
            case P_NULL: value = 0; break;
            default: throw unexpected("NUMBER");
        }
        peeked = P_NONE;
        return value;
    }

    public int nextInt() {
        int start = text.offset();
        long value = nextLong();
        if (value != (int) value) {
            throw new JsonException("number out of int range: " + value, start);
        }
        return (int) value;
    }

    public double nextDouble() {
        int p = peekKind();
        double value;
        switch (p) {
            case P_NUMBER: value = JsonText.parseDouble(text.ascii(tokenStart, tokenEnd), tokenStart); break;
            case P_STRING: value = JsonText.parseDouble(text.readQuoted(quote).trim(), text.offset()); break;
            case P_NULL: value = 0; break;
            default: throw unexpected("NUMBER");
        }
        peeked = P_NONE;
        return value;
    }

    /** A boolean from {@code true/false}, {@code "true"/"false"} or {@code 1/0}; {@code null} reads as false. */
    public boolean nextBoolean() {
        int p = peekKind();
        boolean value;
        switch (p) {
            case P_TRUE: value = true; break;
            case P_FALSE:
            case P_NULL: value = false; break;
            case P_STRING: value = parseBoolean(text.readQuoted(quote)); break;
            case P_NUMBER: value = text.parseLong(tokenStart, tokenEnd) != 0; break;
            default: throw unexpected("BOOLEAN");
        }
        peeked = P_NONE;
        return value;
    }

    public void nextNull() {
        expect(P_NULL, "NULL");
        peeked = P_NONE;
    }

    /**
     * Skips the next value including any nested content. As in Gson, a member name counts as a value of
     * its own: in name position this skips only the name (or the whole object key), so skipping an unknown
     * member whose name was not read takes two calls.
     */
    public void skipValue() {
        int open = 0;
        do {
            int p = peekKind();
            switch (p) {
                case P_BEGIN_OBJECT: push(EMPTY_OBJECT); open++; break;
                case P_BEGIN_ARRAY: push(EMPTY_ARRAY); open++; break;
                case P_END_OBJECT:
                case P_END_ARRAY:
                    if (open == 0) {
                        throw unexpected("a value");
                    }
                    if (p == P_END_OBJECT) {
                        endObject();
                    } else {
                        endArray();
                    }
                    open--;
                    break;
                case P_STRING:
                case P_QUOTED_NAME: text.skipQuoted(quote); break;
                case P_EOF: throw unexpected("a value");
                default: break; // numbers, literals and unquoted names were consumed by peek
            }
            peeked = P_NONE;
        } while (open > 0);
    }

    /** Reads an array of strings (elements converted like {@link #nextString()}) into {@code into}. */
    public <C extends Collection<String>> C readStringArray(C into) {
        beginArray();
        while (hasNext()) {
            into.add(nextString());
        }
        endArray();
        return into;
    }

    /** Reads an array whose elements are read by {@code element} into {@code into}. */
    public <T, C extends Collection<T>> C readArray(C into, Function<JsonReader, T> element) {
        beginArray();
        while (hasNext()) {
            into.add(element.apply(this));
        }
        endArray();
        return into;
    }

    /** Reads an object of string members into {@code into} (values converted like {@link #nextString()}). */
    public <M extends Map<String, String>> M readStringMap(M into) {
        beginObject();
        while (hasNext()) {
            String name = nextName();
            into.put(name, nextString());
        }
        endObject();
        return into;
    }

    /** Reads an object whose values are read by {@code value}; names are strings. */
    public <T, M extends Map<String, T>> M readMap(M into, Function<JsonReader, T> value) {
        beginObject();
        while (hasNext()) {
            String name = nextName();
            into.put(name, value.apply(this));
        }
        endObject();
        return into;
    }

    /** True if the next value is JSON {@code null}; consumes it in that case. */
    public boolean skipIfNull() {
        if (peekKind() == P_NULL) {
            peeked = P_NONE;
            return true;
        }
        return false;
    }

    /** Byte offset of the next unread input (relative to the start of the input), for error messages. */
    public int offset() {
        return text.offset();
    }

    private int peekKind() {
        if (peeked != P_NONE) {
            return peeked;
        }
        int top = stackSize - 1;
        switch (stack[top]) {
            case EMPTY_OBJECT:
            case NONEMPTY_OBJECT: return peeked = peekInObject(top);
            case DANGLING_NAME:
                if (text.nextNonWhitespace() != ':') {
                    throw new JsonException("expected ':'", text.offset());
                }
                text.pos++;
                stack[top] = NONEMPTY_OBJECT;
                return peeked = peekValue();
            case EMPTY_ARRAY:
            case NONEMPTY_ARRAY: return peeked = peekInArray(top);
            case EMPTY_DOCUMENT:
                stack[top] = NONEMPTY_DOCUMENT;
                text.skipByteOrderMark();
                return peeked = peekValue();
            case NONEMPTY_DOCUMENT:
                if (text.nextNonWhitespaceOrEof() >= 0) {
                    throw new JsonException("data after the end of the document", text.offset());
                }
                return peeked = P_EOF;
            default: // OBJECT_KEY_PENDING is only on top while its key object is peeked, never here
                throw new JsonException("object key not read with beginObject()", text.offset());
        }
    }

    private int peekInObject(int top) {
        int c = text.nextNonWhitespace();
        if (stack[top] == NONEMPTY_OBJECT) {
            if (c == '}') {
                text.pos++;
                return P_END_OBJECT;
            }
            if (c != ',') {
                throw new JsonException("expected ',' or '}'", text.offset());
            }
            text.pos++;
            c = text.nextNonWhitespace();
        }
        if (c == '}') { // empty object, or fastjson's tolerated trailing comma
            text.pos++;
            return P_END_OBJECT;
        }
        stack[top] = DANGLING_NAME;
        if (c == '"' || c == '\'') {
            quote = (byte) c;
            text.pos++;
            return P_QUOTED_NAME;
        }
        if (c == '{') {
            stack[top] = OBJECT_KEY_PENDING;
            text.pos++;
            return P_BEGIN_OBJECT;
        }
        if (JsonText.isNameChar(c)) {
            tokenStart = text.pos;
            tokenEnd = text.skipNameChars();
            return P_UNQUOTED_NAME;
        }
        throw new JsonException("expected a member name", text.offset());
    }

    private int peekInArray(int top) {
        int c = text.nextNonWhitespace();
        if (c == ']') {
            text.pos++;
            return P_END_ARRAY;
        }
        if (stack[top] == NONEMPTY_ARRAY) {
            if (c != ',') {
                throw new JsonException("expected ',' or ']'", text.offset());
            }
            text.pos++;
            if (text.nextNonWhitespace() == ']') { // trailing comma, tolerated by fastjson
                text.pos++;
                return P_END_ARRAY;
            }
        }
        stack[top] = NONEMPTY_ARRAY;
        return peekValue();
    }

    private int peekValue() {
        int c = text.nextNonWhitespace();
        switch (c) {
            case '"':
            case '\'':
                quote = (byte) c;
                text.pos++;
                return P_STRING;
            case '{': text.pos++; return P_BEGIN_OBJECT;
            case '[': text.pos++; return P_BEGIN_ARRAY;
            case 't': text.expectLiteral("true"); return P_TRUE;
            case 'f': text.expectLiteral("false"); return P_FALSE;
            case 'n': text.expectLiteral("null"); return P_NULL;
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    tokenStart = text.pos;
                    tokenEnd = text.scanNumber();
                    return P_NUMBER;
                }
                throw new JsonException("unexpected character '" + printable(c) + "'", text.offset());
        }
    }

    private void push(byte scope) {
        if (stackSize > MAX_DEPTH) { // the document scope plus MAX_DEPTH containers are open
            throw new JsonException("nesting deeper than " + MAX_DEPTH, text.offset());
        }
        if (stackSize == stack.length) {
            stack = Arrays.copyOf(stack, Math.min(stackSize * 2, MAX_DEPTH + 1));
        }
        stack[stackSize++] = scope;
    }

    private void expect(int kind, String what) {
        if (peekKind() != kind) {
            throw unexpected(what);
        }
    }

    private JsonException unexpected(String expected) {
        return new JsonException("expected " + expected + " but was " + peek(), text.offset());
    }

    private boolean parseBoolean(String s) {
        if ("true".equalsIgnoreCase(s) || "1".equals(s)) {
            return true;
        }
        if ("false".equalsIgnoreCase(s) || "0".equals(s) || s.isEmpty()) {
            return false;
        }
        throw new JsonException("not a boolean: \"" + s + '"', text.offset());
    }

    private static String printable(int c) {
        return c >= 0x20 && c < 0x7F ? String.valueOf((char) c) : String.format("0x%02X", c & 0xFF);
    }
}
