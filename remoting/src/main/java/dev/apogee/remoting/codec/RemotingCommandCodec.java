package dev.apogee.remoting.codec;

import dev.apogee.remoting.protocol.BodyWriter;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseBodyDecoder;
import dev.apogee.remoting.protocol.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;

import java.nio.ByteBuffer;
import java.util.function.IntFunction;

/**
 * Encodes a {@link RemotingCommand} into one frame and decodes one frame (without its leading total-length word)
 * into a command. Stateless; safe from any thread.
 */
public final class RemotingCommandCodec {
    /** Bodies at least this large are attached to the frame uncopied; smaller ones are copied next to the header. */
    private static final int COPY_BODY_BELOW = 8 * 1024;
    private static final int MAX_HEADER_LENGTH = 0xFFFFFF;

    private RemotingCommandCodec() {
    }

    /** Encodes the whole frame, length words included. The caller owns (and must release or write) the result. */
    public static ByteBuf encode(RemotingCommand command, ByteBufAllocator allocator) {
        int bodyLength = command.bodyLength();
        boolean copyBody = bodyLength < COPY_BODY_BELOW || command.bodyWriter() != null;
        byte[] header = command.serializeType() == SerializeType.ROCKETMQ ? RocketMqHeaderCodec.encode(command)
                : JsonHeaderCodec.encode(command);
        if (header.length > MAX_HEADER_LENGTH) {
            throw new FrameCodecException("header of " + header.length + " bytes exceeds 16 MiB");
        }
        // allocated at its final size: the header is known, and a copied body is bodyLength bytes
        ByteBuf frame = allocator.ioBuffer(8 + header.length + (copyBody ? bodyLength : 0));
        try {
            frame.writeInt(4 + header.length + bodyLength);
            frame.writeInt((command.serializeType().code() << 24) | header.length);
            frame.writeBytes(header);
            if (bodyLength == 0) {
                return frame;
            }
            if (copyBody) {
                writeBody(command, frame);
                return frame;
            }
            return attachBody(command, frame, allocator);
        } catch (RuntimeException e) {
            frame.release();
            throw e;
        }
    }

    private static void writeBody(RemotingCommand command, ByteBuf frame) {
        BodyWriter writer = command.bodyWriter();
        if (writer != null) {
            int length = writer.length();
            int at = frame.writerIndex();
            frame.ensureWritable(length);
            ByteBuffer out = frame.nioBuffer(at, length); // shares the frame's memory: written in place
            writer.writeTo(out);
            if (out.position() != length) {
                throw new FrameCodecException("a body writer wrote " + out.position() + " of its " + length
                        + " bytes");
            }
            frame.writerIndex(at + length);
            return;
        }
        if (command.bodyBuffers() == null) {
            frame.writeBytes(command.body());
            return;
        }
        for (ByteBuffer buffer : command.bodyBuffers()) {
            frame.writeBytes(buffer.duplicate());
        }
    }

    private static ByteBuf attachBody(RemotingCommand command, ByteBuf header, ByteBufAllocator allocator) {
        ByteBuffer[] buffers = command.bodyBuffers();
        int components = buffers == null ? 2 : 1 + buffers.length;
        CompositeByteBuf composite = allocator.compositeBuffer(components);
        composite.addComponent(true, header);
        if (buffers == null) {
            composite.addComponent(true, Unpooled.wrappedBuffer(command.body()));
        } else {
            for (ByteBuffer buffer : buffers) {
                composite.addComponent(true, Unpooled.wrappedBuffer(buffer.duplicate()));
            }
        }
        return composite;
    }

    /**
     * Decodes a frame whose total-length word has been consumed: {@code frame} holds exactly the bytes it announced.
     * The body is copied out, so the caller may release {@code frame} afterwards.
     */
    public static RemotingCommand decode(ByteBuf frame) {
        return decode(frame, null);
    }

    /**
     * {@link #decode(ByteBuf)}; the body of a response whose request asked for it ({@code bodyDecoders} maps the
     * opaque to its {@link ResponseBodyDecoder}, or null) is decoded from the frame itself instead of copied.
     */
    public static RemotingCommand decode(ByteBuf frame, IntFunction<ResponseBodyDecoder> bodyDecoders) {
        if (frame.readableBytes() < 4) {
            throw new FrameCodecException("frame of " + frame.readableBytes() + " bytes has no header length word");
        }
        int lengthWord = frame.readInt();
        SerializeType type = SerializeType.fromCode((lengthWord >>> 24) & 0xFF);
        if (type == null) {
            throw new FrameCodecException("unknown serialize type " + ((lengthWord >>> 24) & 0xFF));
        }
        int headerLength = lengthWord & MAX_HEADER_LENGTH;
        if (headerLength > frame.readableBytes()) {
            throw new FrameCodecException("header length " + headerLength + " exceeds the frame ("
                    + frame.readableBytes() + " bytes left)");
        }
        RemotingCommand command = RemotingCommand.empty();
        command.serializeType(type);
        ByteBuf header = frame.readSlice(headerLength);
        if (type == SerializeType.ROCKETMQ) {
            RocketMqHeaderCodec.decode(header, command);
        } else {
            JsonHeaderCodec.decode(header, command);
        }
        int bodyLength = frame.readableBytes();
        if (bodyLength > 0 && bodyDecoders != null && command.isResponse()
                && decodeBody(command, frame, bodyDecoders.apply(command.opaque()))) {
            return command;
        }
        if (bodyLength > 0) {
            byte[] body = new byte[bodyLength];
            frame.readBytes(body);
            command.body(body);
        }
        return command;
    }

    /** True when {@code decoder} (if any) decoded the rest of {@code frame} into the command; the frame is then read. */
    private static boolean decodeBody(RemotingCommand command, ByteBuf frame, ResponseBodyDecoder decoder) {
        if (decoder == null) {
            return false;
        }
        try {
            command.decodedBody(decoder.decode(frame.nioBuffer(frame.readerIndex(), frame.readableBytes())));
        } catch (RuntimeException e) {
            return false; // the body is copied as usual: the caller's own decoding reports what is wrong with it
        }
        frame.skipBytes(frame.readableBytes());
        return true;
    }
}
