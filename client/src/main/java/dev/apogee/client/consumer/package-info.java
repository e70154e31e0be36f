/**
 * Consumers: the {@link dev.apogee.client.consumer.PushConsumer} (concurrent or orderly listeners on a bounded
 * pool, flow control, long-polling pulls, send-back retries) and the {@link dev.apogee.client.consumer.PullConsumer}
 * (poll API: subscribe or assign, seek, auto or manual commit); shared pieces: the pull codec
 * ({@link dev.apogee.client.consumer.PullApi}), the per-queue {@link dev.apogee.client.consumer.ProcessQueue} of
 * in-flight messages, and the {@link dev.apogee.client.consumer.PullService} thread.
 *
 * <p>Threads: pulls are issued by the pull thread and completed on remoting callback threads, which put messages
 * into process queues and hand them to consume threads (push) or to the poll buffer (pull); listeners run on the
 * consumer's consume pool; the application thread calls {@code poll}; rebalance adds and drops queues on the
 * rebalance thread. {@code ProcessQueue} guards its tree with a lock; everything else shared is concurrent.
 */
package dev.apogee.client.consumer;
