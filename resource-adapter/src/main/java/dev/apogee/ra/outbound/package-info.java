/**
 * Outbound JMS through the container's pool: the managed connection factory and connection (one XA session each,
 * whose resource the container enlists under XATransaction support), the local transaction the container drives
 * under LocalTransaction support, and the handles (factory, connection, session) the application uses under the
 * Jakarta EE rules for JMS. Application and container threads call in, the transaction manager's threads call the XA
 * resource; the provider's exception-listener thread reports connection failures.
 */
package dev.apogee.ra.outbound;
