/**
 * Inbound delivery to message-driven beans: the activation spec and its validation, and per activation
 * {@code maxSession} long-running Works on the container's WorkManager. For a transacted endpoint each Work owns an
 * XA session enlisted in the container's transaction (receive, onMessage's sends and a dead-letter move commit or
 * roll back together, two-phase); otherwise a locally transacted session committed after onMessage. Poison messages
 * (more than maxDeliveries) go to the dead-letter queue.
 */
package dev.apogee.ra.inflow;
