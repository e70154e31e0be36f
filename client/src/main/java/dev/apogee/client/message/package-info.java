/**
 * The message model and its wire encodings: {@link dev.apogee.client.message.Message} (what producers send),
 * {@link dev.apogee.client.message.MessageExt} (what consumers receive, decoded from the stored record of section 4.1
 * of the protocol reference), the properties string (4.3), batch bodies (4.5), message ids (4.6), SYSFLAG bits and
 * body compression (4.2, 4.7), and send-time validation.
 *
 * <p>Threads: everything here is either immutable, stateless, or (for {@code Message}) owned by the thread building
 * it; {@link dev.apogee.client.message.UniqueKeyGenerator} is lock-free and safe from any thread.
 */
package dev.apogee.client.message;
