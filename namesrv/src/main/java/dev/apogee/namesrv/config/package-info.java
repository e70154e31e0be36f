/**
 * Name server settings: {@link dev.apogee.namesrv.config.NamesrvConfig} (the values and their defaults) and
 * {@link dev.apogee.namesrv.config.NamesrvConfigProperties} (reading them from a {@code key=value} file, command-line
 * overrides, and writing them back for GET_NAMESRV_CONFIG).
 *
 * <p>Threads: filled by the starting thread before the server starts. The few runtime-updatable flags
 * (UPDATE_NAMESRV_CONFIG) are volatile and read by request-processor threads.
 */
package dev.apogee.namesrv.config;
