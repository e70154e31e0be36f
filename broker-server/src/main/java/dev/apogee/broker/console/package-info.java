/**
 * The broker's web console ({@code consoleEnable}, {@code consolePort}): a Jetty 12 server on the broker's
 * {@code bindAddress} serving a static page ({@code resources/console/}, Chart.js from its webjar) and JSON views of
 * the broker's own state, read in-process: cluster and broker, topics and queue offsets, consumer groups and JMS
 * destinations with lag and POP in-flight, message lookup, DLQ browse and re-send, client connections, in/out rates.
 *
 * <p>Threads: Jetty's pool {@code apogee-console} answers requests; every view reads the broker's concurrent tables
 * and the store's thread-safe read API and keeps no state of its own. {@link dev.apogee.broker.console.RateHistory}
 * owns the only mutable state, its ring, written by its thread {@code apogee-console-rates} and read under its lock.
 * A DLQ re-send appends through the store like the broker's own retry paths and waits (bounded) for the put.
 *
 * <p>With ACL on, every request needs HTTP Basic credentials of an admin account of {@code plain_acl.yml}
 * ({@link dev.apogee.broker.console.ConsoleAuthHandler}); a re-send also needs PUB on its target topic.
 */
package dev.apogee.broker.console;
