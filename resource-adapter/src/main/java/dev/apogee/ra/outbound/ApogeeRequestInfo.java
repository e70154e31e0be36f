package dev.apogee.ra.outbound;

import jakarta.resource.spi.ConnectionRequestInfo;

import java.util.Objects;

/** The credentials an application passed to createConnection(user, password); pooled connections match on them. */
record ApogeeRequestInfo(String user, String password) implements ConnectionRequestInfo {
    static final ApogeeRequestInfo DEFAULT = new ApogeeRequestInfo(null, null);

    @Override
    public boolean equals(Object o) {
        return o instanceof ApogeeRequestInfo other && Objects.equals(user, other.user)
                && Objects.equals(password, other.password);
    }

    @Override
    public int hashCode() {
        return Objects.hash(user, password);
    }

    @Override
    public String toString() {
        return "ApogeeRequestInfo[user=" + user + "]";
    }
}
