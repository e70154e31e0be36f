/**
 * Client metrics of the JMS provider through Micrometer, when Micrometer is on the class path (an optional
 * dependency): {@link dev.apogee.jms.metrics.ClientMeters} is what the sessions count into, with no Micrometer type
 * in its signatures, and {@link dev.apogee.jms.metrics.JmsMetrics} picks the implementation when a connection is
 * made — {@code MicrometerMeters} over the registry set on the factory or {@code Metrics.globalRegistry}, or
 * {@link dev.apogee.jms.metrics.ClientMeters#NONE} without Micrometer. Only {@code MicrometerMeters} references
 * Micrometer classes, and it is loaded only when they are there. Meters are thread-safe; sessions call them on
 * their own threads (a send, a delivery, an acknowledgement, a completion callback).
 */
package dev.apogee.jms.metrics;
