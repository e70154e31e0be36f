/**
 * All-in-one mode: a name server and a broker in one JVM ({@link dev.apogee.standalone.Standalone}, started by
 * {@code bin/apogee-standalone}) and a produce-then-consume demo against it ({@link dev.apogee.standalone.Demo},
 * {@code bin/apogee-demo}). Only the main threads live here; the servers and the client own their threads.
 * {@code bin/apogee-admin} lives in {@code dev.apogee.standalone.admin}.
 */
package dev.apogee.standalone;
