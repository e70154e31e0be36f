/**
 * Acceptance of XA crash recovery with real processes (issue #8): the application (Narayana + H2 + our XA
 * connection factory) runs in a child JVM ({@link dev.apogee.jms.xa.recovery.TransferApp}), so each run has its own
 * transaction manager, object store and H2 file; the broker is a child JVM too when the test kills it. A
 * serializable {@link dev.apogee.jms.xa.recovery.CommitHook} enlisted first makes the crash land after every prepare
 * and before our resource's commit. The test JVM inspects only through JMS, H2 and the broker's system topics
 * ({@link dev.apogee.jms.xa.recovery.QueueProbe}). Tagged {@code slow}.
 */
package dev.apogee.jms.xa.recovery;
