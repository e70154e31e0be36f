package dev.apogee.jms.provider;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.remoting.acl.AclRequestSigner;
import dev.apogee.remoting.netty.RequestSigner;
import jakarta.jms.JMSException;

/**
 * The user and password of one connection: the ACL access key and secret key its requests are signed with, the
 * official way ({@link AclRequestSigner}, as {@code AclClientRPCHook}). Neither given means anonymous: requests go
 * unsigned and a broker with ACL judges them as its {@code anonymousAccount}, if it names one. Immutable;
 * {@link #toString()} never shows the password.
 *
 * @param user     the access key, or null
 * @param password the secret key, or null
 */
public record Credentials(String user, String password) {
    /** No user, no password. */
    public static final Credentials ANONYMOUS = new Credentials(null, null);

    public Credentials {
        user = user == null || user.isEmpty() ? null : user;
        password = password == null || password.isEmpty() ? null : password;
    }

    /**
     * Both or neither: a user without password (or the reverse) can never be signed for, so it fails here with
     * {@link ErrorCode#AUTHENTICATION_FAILED} instead of being sent unsigned.
     */
    public static Credentials of(String user, String password) throws JMSException {
        Credentials c = new Credentials(user, password);
        if ((c.user == null) != (c.password == null)) {
            throw JmsExceptions.create(ErrorCode.AUTHENTICATION_FAILED, c.user == null
                    ? "a password was given without a user" : "user '" + c.user + "' was given without a password");
        }
        return c;
    }

    public boolean anonymous() {
        return user == null;
    }

    /** The signer of this user's requests, or null when anonymous. */
    RequestSigner signer() {
        return anonymous() ? null : new AclRequestSigner(user, password);
    }

    /** How errors name this user. */
    String describe() {
        return anonymous() ? "an anonymous connection (no user)" : "user '" + user + "'";
    }

    @Override
    public String toString() {
        return "Credentials[user=" + user + "]";
    }
}
