/**
 * Conformance tests, Jakarta Messaging 3.1 §6.2.7 local transactions: sends at commit, rollback, redelivery,
 * rollback at connection close. JUnit test threads only; each test cites its section with {@link
 * dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.transaction;
