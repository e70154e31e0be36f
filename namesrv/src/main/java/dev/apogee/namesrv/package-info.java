/**
 * The Apogee name server: a stateless routing registry that brokers register their topics with and clients look up
 * routes from (RocketMQ's NameServer protocol).
 *
 * <p>Owns the life cycle: {@link dev.apogee.namesrv.NameServer} (embeddable: the broker's all-in-one mode and tests
 * start one in-process) and {@link dev.apogee.namesrv.NamesrvStartup} (the {@code bin/mqnamesrv} entry point).
 * Sub-packages: {@code config} (settings), {@code route} (the route table), {@code kv} (KV configuration),
 * {@code liveness} (broker expiry), {@code processor} (one class per request code), {@code wire} (JSON bodies).
 *
 * <p>Threads: {@code start}/{@code shutdown} run on the caller's thread (or the JVM shutdown hook); requests run on
 * the {@code namesrv-default} and {@code namesrv-route-query} executors; connection events on the remoting server's
 * event thread; the expiry scan on {@code namesrv-broker-scan}; metrics scrapes ({@code NamesrvGauges}, reading the
 * route table) on the metrics endpoint's HTTP threads.
 */
package dev.apogee.namesrv;
