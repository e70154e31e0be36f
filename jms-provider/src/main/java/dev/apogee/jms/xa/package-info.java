/**
 * XA for the Jakarta Messaging provider: {@link dev.apogee.jms.xa.ApogeeXAConnectionFactory} makes XA connections,
 * whose XA sessions (and XA contexts) expose an {@link dev.apogee.jms.xa.ApogeeXAResource}. An XA branch is one
 * broker-side transaction branch with id {@code X:<formatId>:<hex gtrid>:<hex bqual>} ({@link
 * dev.apogee.jms.xa.BranchXid}): sends are its invisible halves, consumed positions its acks, and the brokers keep it
 * through a crash once prepared. {@link dev.apogee.jms.xa.ApogeeXAResourceRecovery} serves recovering transaction
 * managers.
 *
 * <p>Threads: a connection's branches live in one {@code XABranchTable}, locked on every XA call (the transaction
 * manager's threads); a session's association with a branch changes under the session's delivery lock.
 */
package dev.apogee.jms.xa;
