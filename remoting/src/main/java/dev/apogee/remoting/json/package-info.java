/**
 * A small, dependency-free JSON library shaped for the RocketMQ remoting protocol.
 *
 * <p>Owns: {@link dev.apogee.remoting.json.JsonWriter} (streaming writer that can produce fastjson 1.2.83's
 * default dialect byte for byte: sorted bean members are the caller's job, but unquoted numeric map keys
 * and object-valued map keys are supported), {@link dev.apogee.remoting.json.JsonReader} (streaming pull
 * parser over UTF-8 bytes, lenient in the ways fastjson is lenient) and {@link dev.apogee.remoting.json.Json}
 * (tree parse/write for tests and rare paths).
 *
 * <p>Why our own: the official wire format is not standard JSON ({@code {0:"127.0.0.1:10911"}},
 * {@code {{"brokerName":"b","queueId":3,"topic":"T"}:{...}}}), no mainstream parser accepts it, and the
 * remoting header is parsed and written for every request in JSON mode, so allocation matters.
 *
 * <p>Thread-safety: {@code JsonReader} and {@code JsonWriter} instances are not thread-safe; use one per
 * thread (both are reusable through {@code reset}). {@code Json} is stateless and thread-safe.
 * Malformed input only ever raises the unchecked {@link dev.apogee.remoting.json.JsonException}.
 */
package dev.apogee.remoting.json;
