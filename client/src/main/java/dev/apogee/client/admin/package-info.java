/**
 * Administration over the remoting protocol ({@link dev.apogee.client.admin.AdminClient}): topics (create, update,
 * delete, list, route, stats), consumer groups of a topic, a group's offsets and lag.
 *
 * <p>Threads: calls run synchronously on the caller's thread over the shared client instance; thread-safe.
 */
package dev.apogee.client.admin;
