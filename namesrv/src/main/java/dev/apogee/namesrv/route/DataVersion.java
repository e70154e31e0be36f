package dev.apogee.namesrv.route;

/**
 * A broker's version of its topic configuration. The broker bumps it whenever its topic table changes; the name
 * server compares it with the previous registration to decide whether known topics need their queue data refreshed.
 */
public record DataVersion(long timestamp, long counter, long stateVersion) {
}
