/**
 * What the adapter puts between the container's transaction manager and an XA session's resource
 * ({@link dev.apogee.ra.xa.EnlistedXAResource}), for outbound connections and transacted inbound delivery alike.
 * Transaction-manager threads and the delivering (or application) thread call in; the state is volatile.
 */
package dev.apogee.ra.xa;
