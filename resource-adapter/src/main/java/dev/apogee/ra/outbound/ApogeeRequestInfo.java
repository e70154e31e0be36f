package dev.apogee.ra.outbound;

import jakarta.resource.spi.ConnectionRequestInfo;
import jakarta.resource.spi.ManagedConnectionFactory;
import jakarta.resource.spi.security.PasswordCredential;

import javax.security.auth.Subject;
import java.util.Objects;

/**
 * The credentials of a connection request; pooled connections match on them. Null user: the definition's own
 * {@code user}/{@code password} (which may be none: anonymous).
 */
record ApogeeRequestInfo(String user, String password) implements ConnectionRequestInfo {
    static final ApogeeRequestInfo DEFAULT = new ApogeeRequestInfo(null, null);

    /**
     * Whose connection the container asks for: with container-managed sign-on ({@code res-auth=Container}) the
     * {@link PasswordCredential} the container put in {@code subject} for {@code mcf}; otherwise what the
     * application passed to {@code createConnection(user, password)} ({@code info}), or the default.
     */
    static ApogeeRequestInfo of(Subject subject, ConnectionRequestInfo info, ManagedConnectionFactory mcf) {
        if (subject != null) {
            for (PasswordCredential credential : subject.getPrivateCredentials(PasswordCredential.class)) {
                if (credential.getManagedConnectionFactory() == null
                        || mcf.equals(credential.getManagedConnectionFactory())) {
                    return new ApogeeRequestInfo(credential.getUserName(), new String(credential.getPassword()));
                }
            }
        }
        return info instanceof ApogeeRequestInfo r ? r : DEFAULT;
    }

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
