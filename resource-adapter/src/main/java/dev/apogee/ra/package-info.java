/**
 * The resource adapter itself: lifecycle, endpoint (MDB) activation and JNDI look-ups. Container threads call in;
 * {@code ra.inflow} runs consumers on the container's WorkManager and {@code ra.outbound} serves pooled
 * connections. Uses only the JMS provider's public API.
 */
package dev.apogee.ra;
