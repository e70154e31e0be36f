/**
 * {@code bin/apogee-admin} ({@link dev.apogee.standalone.admin.ApogeeAdmin}): JMS queues and subscriptions by their
 * JMS names with backlog and consumers, dead-letter browsing and re-sending, and {@code store-check} of a stopped
 * broker's store. Each run is one command on the main thread; the native client it uses owns its own threads.
 */
package dev.apogee.standalone.admin;
