package dev.apogee.remoting.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One request or response of the remoting protocol: the header fields of section 1.4 of the protocol reference plus a
 * body. Header fields specific to a command travel in {@link #extFields()} as strings; {@link HeaderFields} gives typed,
 * checked access to them and {@link CommandHeader} writes them.
 *
 * <p>Not thread-safe: a command is built by one thread and handed to the transport, which owns it from then on.
 * The body is either a byte array or, for responses that forward stored bytes unchanged (pulls), a list of buffers
 * that the encoder writes without copying.
 */
public final class RemotingCommand {
    /** Bit 0 of {@code flag}: this frame is a response. */
    public static final int RESPONSE_FLAG = 1;
    /** Bit 1 of {@code flag}: a oneway request, never answered. */
    public static final int ONEWAY_FLAG = 2;

    /** Process-wide request id source, like the official client: unique per JVM, not per connection. */
    private static final AtomicInteger NEXT_OPAQUE = new AtomicInteger();

    private int code;
    private LanguageCode language = LanguageCode.JAVA;
    private int version = RemotingVersion.CURRENT;
    private int opaque;
    private int flag;
    private String remark;
    private Map<String, String> extFields;
    private SerializeType serializeType = SerializeType.JSON;
    private byte[] body;
    private ByteBuffer[] bodyBuffers;
    /** A body written into the frame at encoding time (see {@link BodyWriter}); exclusive with the two above. */
    private BodyWriter bodyWriter;
    /** Set on a request: how its response's body is decoded on arrival; never encoded. */
    private ResponseBodyDecoder responseBodyDecoder;
    /** Set on a received response whose body {@link #responseBodyDecoder} decoded: the result (then no body). */
    private Object decodedBody;
    /** Set on a received request whose server measures latencies: {@code System.nanoTime()} at dispatch; not encoded. */
    private long receivedNanos;

    /** A new request with a fresh opaque and no extFields; header fields are added with {@link #putExtField}. */
    public static RemotingCommand createRequest(int code) {
        RemotingCommand request = new RemotingCommand();
        request.code = code;
        request.opaque = NEXT_OPAQUE.getAndIncrement();
        return request;
    }

    /** A new request whose extFields are written by {@code header}. */
    public static RemotingCommand createRequest(int code, CommandHeader header) {
        RemotingCommand request = createRequest(code);
        request.writeHeader(header);
        return request;
    }

    /**
     * A response to {@code request}: same opaque and serialization type, response flag set. Created with an empty
     * extFields map, because some clients read extFields of a response without a null check.
     */
    public static RemotingCommand createResponse(RemotingCommand request, int code, String remark) {
        RemotingCommand response = new RemotingCommand();
        response.code = code;
        response.remark = remark;
        response.extFields = new HashMap<>(8);
        response.markResponseTo(request);
        return response;
    }

    /** Decoder entry point: an empty command the codecs fill in. */
    public static RemotingCommand empty() {
        return new RemotingCommand();
    }

    /** Ties this (response) command to {@code request}: copies opaque and serialization type, sets the flag. */
    public void markResponseTo(RemotingCommand request) {
        this.opaque = request.opaque;
        this.serializeType = request.serializeType;
        this.flag |= RESPONSE_FLAG;
    }

    public void writeHeader(CommandHeader header) {
        if (extFields == null) {
            extFields = new HashMap<>();
        }
        header.writeTo(extFields);
    }

    /** Typed, checked read access to the extFields of this command. */
    public HeaderFields header() {
        return new HeaderFields(this);
    }

    /**
     * Sizes the extFields map for {@code fields} entries before a caller puts them one by one, so that a request
     * with many fields (a send has 14) does not rehash on the way. No effect once the map exists.
     */
    public RemotingCommand expectExtFields(int fields) {
        if (extFields == null) {
            extFields = new HashMap<>((int) (fields / 0.75f) + 1);
        }
        return this;
    }

    public RemotingCommand putExtField(String key, String value) {
        if (extFields == null) {
            extFields = new HashMap<>();
        }
        extFields.put(key, value);
        return this;
    }

    public String extField(String key) {
        return extFields == null ? null : extFields.get(key);
    }

    public boolean isResponse() {
        return (flag & RESPONSE_FLAG) != 0;
    }

    public boolean isOneway() {
        return (flag & ONEWAY_FLAG) != 0;
    }

    public RemotingCommand markOneway() {
        flag |= ONEWAY_FLAG;
        return this;
    }

    public int code() {
        return code;
    }

    public RemotingCommand code(int code) {
        this.code = code;
        return this;
    }

    public LanguageCode language() {
        return language;
    }

    public RemotingCommand language(LanguageCode language) {
        this.language = language;
        return this;
    }

    public int version() {
        return version;
    }

    public RemotingCommand version(int version) {
        this.version = version;
        return this;
    }

    public int opaque() {
        return opaque;
    }

    public RemotingCommand opaque(int opaque) {
        this.opaque = opaque;
        return this;
    }

    public int flag() {
        return flag;
    }

    public RemotingCommand flag(int flag) {
        this.flag = flag;
        return this;
    }

    public String remark() {
        return remark;
    }

    public RemotingCommand remark(String remark) {
        this.remark = remark;
        return this;
    }

    /** The extFields map, or {@code null} when the frame carried none (distinct from an empty map on the wire). */
    public Map<String, String> extFields() {
        return extFields;
    }

    public RemotingCommand extFields(Map<String, String> extFields) {
        this.extFields = extFields;
        return this;
    }

    public SerializeType serializeType() {
        return serializeType;
    }

    public RemotingCommand serializeType(SerializeType serializeType) {
        this.serializeType = serializeType;
        return this;
    }

    /** {@code System.nanoTime()} when the server dispatched this request, 0 when nobody measures it. */
    public long receivedNanos() {
        return receivedNanos;
    }

    public RemotingCommand receivedNanos(long nanos) {
        this.receivedNanos = nanos;
        return this;
    }

    /** The body as bytes; for a command built from buffers this copies them once. */
    public byte[] body() {
        if (body == null && bodyWriter != null) {
            ByteBuffer out = ByteBuffer.allocate(bodyWriter.length());
            bodyWriter.writeTo(out);
            return out.array();
        }
        if (body == null && bodyBuffers != null) {
            byte[] copy = new byte[bodyLength()];
            int position = 0;
            for (ByteBuffer buffer : bodyBuffers) {
                int length = buffer.remaining();
                buffer.duplicate().get(copy, position, length);
                position += length;
            }
            return copy;
        }
        return body;
    }

    public RemotingCommand body(byte[] body) {
        this.body = body;
        this.bodyBuffers = null;
        this.bodyWriter = null;
        return this;
    }

    public RemotingCommand body(String utf8) {
        return body(utf8 == null ? null : utf8.getBytes(StandardCharsets.UTF_8));
    }

    /** A body made of buffers written unchanged and uncopied (each written from position to limit). */
    public RemotingCommand bodyBuffers(ByteBuffer... buffers) {
        this.bodyBuffers = buffers;
        this.body = null;
        this.bodyWriter = null;
        return this;
    }

    /** A body written straight into the frame when the command is encoded (see {@link BodyWriter}). */
    public RemotingCommand bodyWriter(BodyWriter writer) {
        this.bodyWriter = writer;
        this.body = null;
        this.bodyBuffers = null;
        return this;
    }

    public BodyWriter bodyWriter() {
        return bodyWriter;
    }

    public ByteBuffer[] bodyBuffers() {
        return bodyBuffers;
    }

    public int bodyLength() {
        if (body != null) {
            return body.length;
        }
        if (bodyWriter != null) {
            return bodyWriter.length();
        }
        int length = 0;
        if (bodyBuffers != null) {
            for (ByteBuffer buffer : bodyBuffers) {
                length += buffer.remaining();
            }
        }
        return length;
    }

    /**
     * Has the response to this request decoded by {@code decoder} straight from the received frame (see
     * {@link ResponseBodyDecoder}); local to this process, never sent.
     */
    public RemotingCommand responseBodyDecoder(ResponseBodyDecoder decoder) {
        this.responseBodyDecoder = decoder;
        return this;
    }

    public ResponseBodyDecoder responseBodyDecoder() {
        return responseBodyDecoder;
    }

    /** What the request's {@link ResponseBodyDecoder} made of this response's body, or null (body bytes kept). */
    public Object decodedBody() {
        return decodedBody;
    }

    public RemotingCommand decodedBody(Object decoded) {
        this.decodedBody = decoded;
        return this;
    }

    public String bodyAsString() {
        byte[] bytes = body();
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "RemotingCommand[code=" + code + ", language=" + language + ", version=" + version + ", opaque=" + opaque
                + ", flag=" + flag + ", remark=" + remark + ", extFields=" + extFields + ", serializeType=" + serializeType
                + ", bodyLength=" + bodyLength() + "]";
    }
}
