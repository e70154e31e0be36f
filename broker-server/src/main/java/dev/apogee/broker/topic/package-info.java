/**
 * Topic configuration: the persisted table, naming rules, system topics and auto-creation. Read by processor threads
 * without locking; changed under the table's lock.
 */
package dev.apogee.broker.topic;
