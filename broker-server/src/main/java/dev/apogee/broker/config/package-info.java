/** Broker settings and the loader that reads them from {@code broker.conf}; read-only once the broker starts. */
package dev.apogee.broker.config;
