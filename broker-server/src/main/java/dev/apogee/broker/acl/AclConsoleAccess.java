package dev.apogee.broker.acl;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The ACL's answer for the web console, which authenticates with an account's access key and secret key (HTTP Basic)
 * instead of a request signature. Reads the rules the {@link AclAuthorizer} holds at the time of the call, so a
 * reloaded {@code plain_acl.yml} applies to the console too. Thread-safe (the rules are immutable).
 */
public final class AclConsoleAccess {
    /** What the credentials of one HTTP request allow. */
    public enum Verdict {
        /** Unknown access key, wrong secret key or an address the account is not allowed from. */
        REFUSED,
        /** A valid account without the admin right: the console shows nothing to it. */
        NOT_ADMIN,
        /** A valid admin account. */
        ADMIN
    }

    private final AclAuthorizer authorizer;

    public AclConsoleAccess(AclFileWatchService acl) {
        this.authorizer = acl.authorizer();
    }

    /** Checks {@code accessKey}/{@code secretKey} from {@code ip}; the comparison of secrets takes constant time. */
    public Verdict verify(String accessKey, String secretKey, String ip) {
        AclAccount account = authorizer.currentRules().accounts().get(accessKey);
        if (account == null || secretKey == null || !account.allowsFrom(ip)
                || !MessageDigest.isEqual(account.secretKey().getBytes(StandardCharsets.UTF_8),
                secretKey.getBytes(StandardCharsets.UTF_8))) {
            return Verdict.REFUSED;
        }
        return account.admin() ? Verdict.ADMIN : Verdict.NOT_ADMIN;
    }

    /**
     * Why {@code accessKey} may not publish to {@code topic} (the right a DLQ re-send needs), or {@code null} when it
     * may: the same rule as a signed send, an admin account without explicit entries may touch everything.
     */
    public String publishRefusal(String accessKey, String topic) {
        AclAccount account = authorizer.currentRules().accounts().get(accessKey);
        if (account == null) {
            return "unknown accessKey=" + accessKey;
        }
        if (account.admin() && account.topicPerms().isEmpty() && account.groupPerms().isEmpty()) {
            return null;
        }
        return AclPermission.allows(AclPermission.PUB, account.owned(AclResource.Kind.TOPIC, topic)) ? null
                : "accessKey=" + accessKey + " has no PUB permission on topic " + topic;
    }
}
