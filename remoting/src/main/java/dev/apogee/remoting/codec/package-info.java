/**
 * The remoting frame layout and both header serializations.
 *
 * <pre>
 * | total length int32 | serialize type (1 B) + header length (3 B) | header | body |
 *   total length = 4 + header length + body length (it does not count itself)
 * </pre>
 * Codecs are stateless and thread-safe. Decoders check every length against the bytes actually present and throw
 * {@link dev.apogee.remoting.codec.FrameCodecException} on anything inconsistent; they never allocate from a length
 * field before the bytes it claims have been checked to exist.
 */
package dev.apogee.remoting.codec;
