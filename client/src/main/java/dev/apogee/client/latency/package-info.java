/**
 * Latency fault tolerance for producers: a broker whose last send was slow or failed is avoided for a back-off
 * period that grows with the observed latency ({@link dev.apogee.client.latency.BackoffTable}).
 *
 * <p>Threads: {@link dev.apogee.client.latency.LatencyFaultTolerance} is updated by sending threads and by async
 * send callbacks (remoting callback threads) and read by every sending thread; it is lock-free.
 */
package dev.apogee.client.latency;
