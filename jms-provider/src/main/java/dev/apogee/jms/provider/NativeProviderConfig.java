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
 * @param healthCheckMillis       how often the name servers are probed; a failed probe is reported to the
 *                                {@link ProviderListener} once (until a probe succeeds again); 0 = never
 */
public record NativeProviderConfig(String namesrvAddress, long sendTimeoutMillis, long requestTimeoutMillis,
                                   int topicQueueNums, long rebalanceIntervalMillis, long assignmentWaitMillis,
                                   long healthCheckMillis) {
}
