/**
 * Conformance tests, Jakarta Messaging 3.1 §6.1 Connection: start/stop/close semantics, client identifiers,
 * ConnectionMetaData, ExceptionListener. JUnit test threads only; each test cites its section with {@link
 * dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.connection;
