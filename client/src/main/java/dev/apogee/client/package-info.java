/**
 * The client instance shared by all producers and consumers of one process and client id
 * ({@link dev.apogee.client.ClientInstance}), its configuration, the RPC layer over remoting
 * ({@link dev.apogee.client.Rpc}) with the client's exceptions, and the heartbeat service.
 *
 * <p>Threads: {@code ClientInstance} is thread-safe; its background services each own one thread
 * ({@link dev.apogee.client.HeartbeatService}, {@code RouteRefreshService}, {@code RebalanceService},
 * {@code PullService}, {@code OffsetPersistService}); broker-initiated requests run on one
 * {@code apogee-client-broker-requests} thread. Every thread the client starts is named {@code apogee-client-*}
 * and ends at shutdown.
 */
package dev.apogee.client;
