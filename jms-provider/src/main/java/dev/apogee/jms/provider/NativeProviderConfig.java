package dev.apogee.jms.provider;

import dev.apogee.client.pop.PopApi;

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
 * @param invisibleMillis         how long a message popped for a queue or shared subscription stays invisible to
 *                                the group's other consumers at a time; renewed while the connection holds it
 *                                ({@link PopReceivers})
 */
public record NativeProviderConfig(String namesrvAddress, long sendTimeoutMillis, long requestTimeoutMillis,
                                   int topicQueueNums, long rebalanceIntervalMillis, long assignmentWaitMillis,
                                   long healthCheckMillis, boolean reconnect, long reconnectTimeoutMillis,
                                   int asyncSendWindow, long invisibleMillis) {
    /** The default of {@code asyncSendWindow}. */
    public static final int DEFAULT_ASYNC_SEND_WINDOW = 1000;
    /** The default of {@code invisibleMillis}. */
    public static final long DEFAULT_INVISIBLE_MILLIS = 60_000;

    public NativeProviderConfig {
        if (asyncSendWindow < 1) {
            throw new IllegalArgumentException("asyncSendWindow must be at least 1, not " + asyncSendWindow);
        }
        String invisible = checkInvisibleMillis(invisibleMillis);
        if (invisible != null) {
            throw new IllegalArgumentException(invisible);
        }
    }

    /** Null when {@code millis} is a valid invisible time, else what is wrong with it. */
    public static String checkInvisibleMillis(long millis) {
        if (millis < PopApi.MIN_INVISIBLE_MILLIS || millis > PopApi.MAX_INVISIBLE_MILLIS) {
            return "invisibleTime must be " + PopApi.MIN_INVISIBLE_MILLIS + ".." + PopApi.MAX_INVISIBLE_MILLIS
                    + " ms, not " + millis;
        }
        return null;
    }

    /** With the default invisible time. */
    public NativeProviderConfig(String namesrvAddress, long sendTimeoutMillis, long requestTimeoutMillis,
                                int topicQueueNums, long rebalanceIntervalMillis, long assignmentWaitMillis,
                                long healthCheckMillis, boolean reconnect, long reconnectTimeoutMillis,
                                int asyncSendWindow) {
        this(namesrvAddress, sendTimeoutMillis, requestTimeoutMillis, topicQueueNums, rebalanceIntervalMillis,
                assignmentWaitMillis, healthCheckMillis, reconnect, reconnectTimeoutMillis, asyncSendWindow,
                DEFAULT_INVISIBLE_MILLIS);
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
