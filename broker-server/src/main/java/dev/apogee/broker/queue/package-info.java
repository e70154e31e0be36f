/** Queue position queries (min/max offset, offset by time, earliest store time). Run on the admin executor. */
package dev.apogee.broker.queue;
