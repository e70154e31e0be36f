/**
 * Conformance tests, Jakarta Messaging 3.1 Chapter 7 MessageProducer rules: defaults, anonymous producers, per-
 * producer settings, close. JUnit test threads only; each test cites its section with {@link dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.producer;
