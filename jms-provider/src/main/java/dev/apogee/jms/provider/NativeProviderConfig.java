package dev.apogee.jms.provider;

/**
 * Settings of a {@link NativeProvider}, filled from the connection factory.
 *
 * @param namesrvAddress          name servers, {@code host:port;host:port}
 * @param sendTimeoutMillis       timeout of a synchronous send
 * @param requestTimeoutMillis    timeout of other broker/name-server requests
 * @param topicQueueNums          read/write queues of a topic the provider creates
 * @param rebalanceIntervalMillis how often consumers re-check their share of a group's queues
 * @param assignmentWaitMillis    how long creating a consumer waits for its first queues
 * @param healthCheckMillis       how often the name servers and brokers are probed ({@link ConnectionHealth}); 0 =
 *                                never
 * @param reconnect               false: the first lost broker makes the connection lost (reported once, then every
 *                                operation fails fast); true: the native client keeps re-resolving routes and the
 *                                connection is lost only when a broker stays unreachable for
 *                                {@code reconnectTimeoutMillis}
 * @param reconnectTimeoutMillis  how long a reconnecting connection waits for a lost broker to come back
 * @param asyncSendWindow         asynchronous sends (CompletionListener) one session may have in flight against
 *                                brokers that keep pipelined sends in order ({@link Provider#asyncSendWindow()})
 */
public record NativeProviderConfig(String namesrvAddress, long sendTimeoutMillis, long requestTimeoutMillis,
                                   int topicQueueNums, long rebalanceIntervalMillis, long assignmentWaitMillis,
                                   long healthCheckMillis, boolean reconnect, long reconnectTimeoutMillis,
                                   int asyncSendWindow) {
    /** The default of {@code asyncSendWindow}. */
    public static final int DEFAULT_ASYNC_SEND_WINDOW = 1000;

    public NativeProviderConfig {
        if (asyncSendWindow < 1) {
            throw new IllegalArgumentException("asyncSendWindow must be at least 1, not " + asyncSendWindow);
        }
    }

    /** With the default async send window. */
    public NativeProviderConfig(String namesrvAddress, long sendTimeoutMillis, long requestTimeoutMillis,
                                int topicQueueNums, long rebalanceIntervalMillis, long assignmentWaitMillis,
                                long healthCheckMillis, boolean reconnect, long reconnectTimeoutMillis) {
        this(namesrvAddress, sendTimeoutMillis, requestTimeoutMillis, topicQueueNums, rebalanceIntervalMillis,
                assignmentWaitMillis, healthCheckMillis, reconnect, reconnectTimeoutMillis, DEFAULT_ASYNC_SEND_WINDOW);
    }

    /** Without reconnect. */
    public NativeProviderConfig(String namesrvAddress, long sendTimeoutMillis, long requestTimeoutMillis,
                                int topicQueueNums, long rebalanceIntervalMillis, long assignmentWaitMillis,
                                long healthCheckMillis) {
        this(namesrvAddress, sendTimeoutMillis, requestTimeoutMillis, topicQueueNums, rebalanceIntervalMillis,
                assignmentWaitMillis, healthCheckMillis, false, 0);
    }
}
