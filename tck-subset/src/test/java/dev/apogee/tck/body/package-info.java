/**
 * Conformance tests, Jakarta Messaging 3.1 §3.11 message bodies: the five body types, getBody/isBodyAssignableTo,
 * MapMessage/StreamMessage conversions. JUnit test threads only; each test cites its section with {@link
 * dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.body;
