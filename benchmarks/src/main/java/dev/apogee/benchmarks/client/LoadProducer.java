package dev.apogee.benchmarks.client;

/**
 * One of the two producers under comparison, reduced to what the rows need. Each call sends a new message of the
 * configured body to the bench topic (a new message object each time, as an application would: both clients write
 * properties such as the unique key into the message they are given).
 */
interface LoadProducer extends AutoCloseable {
    /** {@code ours} or {@code official}. */
    String name();

    /** Sends and waits; true when the broker answered SEND_OK. Exceptions are failed sends. */
    boolean sendSync() throws Exception;

    /** Sends without waiting; exactly one of the completion's methods runs, on a client thread. */
    void sendAsync(Completion completion);

    @Override
    void close();

    /** Outcome of one async send. */
    interface Completion {
        void succeeded();

        void failed(Throwable error);
    }
}
