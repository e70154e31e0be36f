package dev.apogee.broker.acl;

import java.util.List;
import java.util.Map;

/**
 * One account of the ACL file. {@code trustedAddresses} is the official {@code whiteRemoteAddress}: requests carrying
 * this access key from there are accepted without checking the signature. {@code allowedAddresses} is our addition
 * ({@code allowedRemoteAddresses}): when not empty, the account is refused from any other address. Topic and group
 * permissions are keyed by plain name (a group's retry topic {@code %RETRY%g} is group {@code g}).
 * {@link #toString()} leaves the secret out.
 */
record AclAccount(String accessKey, String secretKey, List<AddressPattern> trustedAddresses,
                  List<AddressPattern> allowedAddresses, boolean admin, byte defaultTopicPerm, byte defaultGroupPerm,
                  Map<String, Byte> topicPerms, Map<String, Byte> groupPerms) {

    AclAccount {
        trustedAddresses = List.copyOf(trustedAddresses);
        allowedAddresses = List.copyOf(allowedAddresses);
        topicPerms = Map.copyOf(topicPerms);
        groupPerms = Map.copyOf(groupPerms);
    }

    boolean trusts(String ip) {
        return anyMatches(trustedAddresses, ip);
    }

    boolean allowsFrom(String ip) {
        return allowedAddresses.isEmpty() || anyMatches(allowedAddresses, ip);
    }

    /** The owned permission on a topic or group: its explicit entry, else the account's default. */
    byte owned(AclResource.Kind kind, String name) {
        Byte explicit = kind == AclResource.Kind.TOPIC ? topicPerms.get(name) : groupPerms.get(name);
        if (explicit != null) {
            return explicit;
        }
        return kind == AclResource.Kind.TOPIC ? defaultTopicPerm : defaultGroupPerm;
    }

    static boolean anyMatches(List<AddressPattern> patterns, String ip) {
        for (AddressPattern pattern : patterns) {
            if (pattern.matches(ip)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "AclAccount[accessKey=" + accessKey + ", admin=" + admin + ", trusted=" + trustedAddresses
                + ", allowed=" + allowedAddresses + ", topics=" + topicPerms.size() + ", groups=" + groupPerms.size()
                + "]";
    }
}
