package dev.apogee.remoting.codec;

/** A frame that cannot be decoded: the connection it came from is no longer trustworthy and gets closed. */
public final class FrameCodecException extends RuntimeException {
    public FrameCodecException(String message) {
        super(message, null, false, false);
    }
}
