/** Consumer group settings (retry limits, permissions), persisted; lock-free reads from processor threads. */
package dev.apogee.broker.subscription;
