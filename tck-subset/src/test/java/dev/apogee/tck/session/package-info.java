/**
 * Conformance tests, Jakarta Messaging 3.1 §6.2 Sessions: modes, illegal states after close and across modes,
 * message order. JUnit test threads only; each test cites its section with {@link dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.session;
