/**
 * SQL92 and JMS property filtering of pulls: {@link dev.apogee.broker.filter.SqlFilterFactory} compiles a
 * subscription's expression with the shared selector engine ({@code dev.apogee.remoting.selector}: RocketMQ dialect
 * for SQL92, JMS dialect over {@code JmsWireValues} for the Apogee {@code JMS} type), caching the compiled form by
 * type and text, and hands the pull path a filter that reads only the properties section of each stored record,
 * decoding only the properties the expression needs.
 *
 * <p>Thread-safety: the factory and its cache are safe for all pull threads at once. A filter it creates belongs to
 * one pull and is used by one thread at a time, because it reuses a small per-filter scratch state across messages.
 */
package dev.apogee.broker.filter;
