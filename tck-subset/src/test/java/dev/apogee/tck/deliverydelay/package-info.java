/**
 * Conformance tests, Jakarta Messaging 3.1 §7.9 delivery delay and §3.4.13 JMSDeliveryTime (tagged slow: waits out
 * real delays). JUnit test threads only; each test cites its section with {@link dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.deliverydelay;
