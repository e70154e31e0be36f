/**
 * Conformance tests, Jakarta Messaging 3.1 §3.4 header fields and §3.5 properties (types, conversions, names), read-
 * only rules of received messages (§3.10). JUnit test threads only; each test cites its section with {@link
 * dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.message;
