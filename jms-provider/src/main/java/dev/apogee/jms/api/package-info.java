/**
 * The Jakarta Messaging API layer: {@link dev.apogee.jms.api.ApogeeConnectionFactory} (also Queue/Topic factory,
 * {@code apogee://} URLs), {@link dev.apogee.jms.api.ApogeeConnection}, {@link dev.apogee.jms.api.ApogeeSession},
 * {@link dev.apogee.jms.api.ApogeeMessageProducer}, {@link dev.apogee.jms.api.ApogeeMessageConsumer},
 * {@link dev.apogee.jms.api.ApogeeQueueBrowser}, the JMS 1.1 domain sessions ({@code ApogeeQueueSession},
 * {@code ApogeeTopicSession}: a plain session refusing the other domain's methods), and the
 * simplified API ({@link dev.apogee.jms.api.ApogeeJMSContext}, {@link dev.apogee.jms.api.ApogeeJMSProducer},
 * {@link dev.apogee.jms.api.ApogeeJMSConsumer}).
 *
 * <p>Everything here talks to the broker only through {@link dev.apogee.jms.provider.Provider}; no Netty, native
 * client or RocketMQ protocol types are imported. Provider futures fail with JMSExceptions already translated, so
 * this layer only waits ({@code Futures.await}) and, in the simplified API, wraps them into JMSRuntimeExceptions.
 *
 * <p>Threading: a session serializes deliveries (synchronous receives and its one listener dispatcher thread) and
 * acknowledge/recover/commit/rollback with one lock, which guards the session's acknowledgement state
 * ({@code SessionAcknowledgements}: unsettled deliveries, the message inside {@code onMessage}, consumers closed with
 * unsettled messages, messages a receiveBody refused); {@code close()} may be called from any thread but a
 * CompletionListener's (§7.3.8). CompletionListener callbacks run on one completion thread per session, in send order
 * ({@code CompletionChain}). Connection
 * {@code stop()} returns after running listeners have finished. The destination and subscription mapping is in
 * {@code jms-provider/MAPPING.md}, section "Destinations, subscriptions and delivery".
 */
package dev.apogee.jms.api;
