/**
 * Conformance tests, Jakarta Messaging 3.1 §8.3 topic subscriptions: unshared and shared, non-durable and durable,
 * unsubscribe. JUnit test threads only; each test cites its section with {@link dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.subscription;
