/** Crash-safe persistence of the broker's JSON config tables (topics, groups, offsets, delay progress). */
package dev.apogee.broker.persist;
