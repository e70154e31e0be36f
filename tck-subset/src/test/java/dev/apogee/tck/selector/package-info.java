/**
 * Conformance tests, Jakarta Messaging 3.1 §3.8 message selectors: syntax errors at creation, operators, three-
 * valued logic, header identifiers. JUnit test threads only; each test cites its section with {@link
 * dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.selector;
