package dev.apogee.broker.admin;

import dev.apogee.remoting.protocol.body.DataVersion;

/** The DataVersion of the broker's settings, advanced by every UPDATE_BROKER_CONFIG. Thread-safe. */
public final class BrokerConfigVersion {
    private final DataVersion version = new DataVersion();

    synchronized void next() {
        version.nextVersion();
    }

    synchronized String toJson() {
        return version.toJson();
    }
}
