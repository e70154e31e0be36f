/**
 * The routing registry: which clusters hold which broker names, the addresses of every broker of a name, the queues
 * each broker name serves per topic, and when each broker address was last heard from.
 *
 * <p>Owns {@link dev.apogee.namesrv.route.RouteInfoTable} (the only mutable state) and its package-private tables.
 * It speaks the shared body types of {@code dev.apogee.remoting.protocol.body} (TopicRouteData, ClusterInfo,
 * QueueData, ...): bodies passed in are copied, bodies handed out are fresh and belong to the caller.
 *
 * <p>Threads: request-processor threads (registrations, route lookups, admin commands), the remoting event thread
 * (connection closed) and the housekeeping thread (expiry scan) all call {@code RouteInfoTable}. It guards its state
 * with one {@link java.util.concurrent.locks.ReentrantReadWriteLock}: lookups share the read lock, every change takes
 * the write lock. The package-private tables it delegates to are not thread-safe and are only touched under that lock.
 */
package dev.apogee.namesrv.route;
