package dev.apogee.remoting.protocol;

import java.nio.ByteBuffer;

/**
 * Decodes the body of the response to a request straight from the received frame, on the event loop that read it
 * (set with {@link RemotingCommand#responseBodyDecoder}). The response then carries the result as
 * {@link RemotingCommand#decodedBody()} and no body bytes: a pull response's records become messages without the
 * copy of the whole body into a fresh array first, which on the receive path was about a third of the bytes a
 * message allocated.
 *
 * <p>{@code body} (from position to limit) is valid only during the call, and may be a direct buffer: copy what the
 * result keeps. Runs on an event loop: never block. A decoder that throws makes the response carry its body bytes
 * as usual, so the caller's own decoding reports the problem.
 */
@FunctionalInterface
public interface ResponseBodyDecoder {
    Object decode(ByteBuffer body);
}
