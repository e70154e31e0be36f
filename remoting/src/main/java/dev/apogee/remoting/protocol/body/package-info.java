/**
 * The JSON bodies of the RocketMQ remoting protocol (route data, broker registration, heartbeats, lock
 * and admin bodies), each encoding exactly as fastjson 1.2.83 encodes the official 5.3.3 class: members in
 * alphabetical order, null members omitted, enums by name, {@code Map<Long,?>} keys unquoted
 * ({@code {0:"127.0.0.1:10911"}}) and {@code MessageQueue}-keyed maps with object keys. Decoding is as
 * lenient as fastjson: quoted or unquoted numeric keys, numbers as strings, missing members keep their
 * defaults, unknown members are skipped.
 *
 * <p>Every body implements {@link dev.apogee.remoting.protocol.body.JsonBody} ({@code writeTo},
 * {@code toJson}, {@code encode}) and has {@code static T readFrom(JsonReader)} and
 * {@code static T decode(byte[])}; malformed input raises {@link dev.apogee.remoting.json.JsonException}.
 *
 * <p>Thread-safety: bodies are plain mutable beans (except the immutable {@link
 * dev.apogee.remoting.protocol.body.MessageQueue} record and the enums), built and read by one thread at a
 * time; a component that shares one (a namesrv's route table) guards it itself.
 */
package dev.apogee.remoting.protocol.body;
