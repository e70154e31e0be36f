/**
 * Conformance tests, Jakarta Messaging 3.1 §6.2.10 Acknowledgement modes: AUTO, CLIENT (session-wide), DUPS_OK,
 * recover and the redelivery flags. JUnit test threads only; each test cites its section with {@link
 * dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.ackmode;
