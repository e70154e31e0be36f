/**
 * Topic routes: fetching {@code TopicRouteData} from the name servers, the derived publish and subscribe queue
 * lists ({@link dev.apogee.client.route.TopicRouteInfo}), broker addresses, and the periodic refresh.
 *
 * <p>Threads: {@link dev.apogee.client.route.RouteTable} is read by every producer and consumer thread and written
 * by sending threads (first use of a topic, refresh after a failure) and by the
 * {@link dev.apogee.client.route.RouteRefreshService} thread; it holds immutable snapshots in concurrent maps.
 */
package dev.apogee.client.route;
