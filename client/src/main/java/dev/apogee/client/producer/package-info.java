/**
 * Producers: {@link dev.apogee.client.producer.Producer} (sync with retries on another broker, async, oneway,
 * batch, queue selectors) and {@link dev.apogee.client.producer.TransactionProducer}; queue choice with latency
 * fault tolerance ({@link dev.apogee.client.producer.QueueChooser}); the SEND_MESSAGE_V2 / SEND_BATCH_MESSAGE
 * request and response codec ({@link dev.apogee.client.producer.SendCodec}).
 *
 * <p>Threads: a {@code Producer} is thread-safe and used by any number of application threads; async sends complete
 * on the remoting callback threads (callbacks must not block); transaction check-backs run on the client
 * instance's broker-request thread.
 */
package dev.apogee.client.producer;
