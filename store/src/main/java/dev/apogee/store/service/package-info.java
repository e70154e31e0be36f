/**
 * The base of every background service of the store: {@link dev.apogee.store.service.ServiceThread} owns exactly one
 * thread, named after the service, started by {@code start()} and stopped by {@code shutdown()}; everything a
 * subclass does in {@code run()} happens on that thread.
 */
package dev.apogee.store.service;
