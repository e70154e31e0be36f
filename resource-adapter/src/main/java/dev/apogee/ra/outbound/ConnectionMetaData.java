package dev.apogee.ra.outbound;

import jakarta.resource.spi.ManagedConnectionMetaData;

/** What the container shows about a pooled connection. */
record ConnectionMetaData(String user) implements ManagedConnectionMetaData {
    @Override
    public String getEISProductName() {
        return "Apogee MQ";
    }

    @Override
    public String getEISProductVersion() {
        return "0.1";
    }

    @Override
    public int getMaxConnections() {
        return 0;
    }

    @Override
    public String getUserName() {
        return user;
    }
}
