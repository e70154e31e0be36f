package dev.apogee.remoting.netty;

import dev.apogee.remoting.codec.RemotingCommandCodec;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseBodyDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ResponseBodyDecoder} in the frame decoder: the response to a request that asked for it carries the decoded
 * body and no bytes; anything else (another response, a request with the same opaque, a decoder that fails) keeps
 * its body bytes as before.
 */
class ResponseBodyDecoderTest {
    private static final int MAX = 64 * 1024;
    private static final byte[] BODY = {10, 20, 30, 40, 50};
    /** Sums the body from a buffer it must not keep: the frame's memory is released after the call. */
    private static final ResponseBodyDecoder SUM = body -> {
        int sum = 0;
        while (body.hasRemaining()) {
            sum += body.get();
        }
        return sum;
    };

    private static ByteBuf encodedFrame(RemotingCommand command) {
        ByteBuf frame = RemotingCommandCodec.encode(command, PooledByteBufAllocator.DEFAULT);
        ByteBuf direct = PooledByteBufAllocator.DEFAULT.directBuffer(frame.readableBytes());
        direct.writeBytes(frame);
        frame.release();
        return direct;
    }

    private static RemotingCommand response(int opaque) {
        RemotingCommand request = RemotingCommand.createRequest(11);
        RemotingCommand response = RemotingCommand.createResponse(request, 0, null).body(BODY);
        response.opaque(opaque);
        return response;
    }

    private static RemotingCommand decodeOne(Map<Integer, ResponseBodyDecoder> decoders, RemotingCommand sent) {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(MAX, decoders::get));
        channel.writeInbound(encodedFrame(sent));
        RemotingCommand received = channel.readInbound();
        channel.finishAndReleaseAll();
        return received;
    }

    @Test
    void theResponseToARequestThatAskedIsDecodedFromTheFrame() {
        RemotingCommand received = decodeOne(Map.of(42, SUM), response(42));
        assertEquals(150, received.decodedBody());
        assertNull(received.body(), "no copy of the body when it was decoded");
        assertTrue(received.isResponse());
    }

    @Test
    void otherResponsesKeepTheirBytes() {
        RemotingCommand received = decodeOne(Map.of(42, SUM), response(43));
        assertNull(received.decodedBody());
        assertArrayEquals(BODY, received.body());
    }

    @Test
    void aRequestWithTheSameOpaqueIsNeverDecoded() {
        AtomicInteger calls = new AtomicInteger();
        RemotingCommand request = RemotingCommand.createRequest(11).body(BODY);
        RemotingCommand received = decodeOne(Map.of(request.opaque(), body -> calls.incrementAndGet()), request);
        assertEquals(0, calls.get());
        assertArrayEquals(BODY, received.body());
    }

    @Test
    void aFailingDecoderLeavesTheBytesForTheCaller() {
        RemotingCommand received = decodeOne(Map.of(42, body -> {
            throw new IllegalArgumentException("corrupt");
        }), response(42));
        assertNull(received.decodedBody());
        assertArrayEquals(BODY, received.body(), "the caller's own decoding reports the problem");
    }

    @Test
    void aDecoderSeesExactlyTheBody() {
        ByteBuffer[] seen = new ByteBuffer[1];
        decodeOne(Map.of(42, body -> {
            seen[0] = ByteBuffer.allocate(body.remaining()).put(body).flip();
            return null;
        }), response(42));
        byte[] copy = new byte[seen[0].remaining()];
        seen[0].get(copy);
        assertArrayEquals(BODY, copy);
    }
}
