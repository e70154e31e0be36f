/**
 * Conformance tests, Jakarta Messaging 3.1 §6.2.2 temporary queues and topics: owner-only consumption, delete rules,
 * lifetime. JUnit test threads only; each test cites its section with {@link dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.tempdest;
