/**
 * Decoding of the request bodies the name server receives, on top of the shared body types of
 * {@code dev.apogee.remoting.protocol.body}: {@link dev.apogee.namesrv.wire.RegisterBrokerBodyDecoder} (every
 * REGISTER_BROKER body form: RegisterBrokerBody JSON, the bare TopicConfigSerializeWrapper of old brokers, and the
 * zlib-compressed form of {@link dev.apogee.namesrv.wire.CompressedRegisterBodyCodec}) and
 * {@link dev.apogee.namesrv.wire.Bodies} (malformed input → a command error naming the body).
 *
 * <p>Stateless static code; any thread.
 */
package dev.apogee.namesrv.wire;
