package dev.apogee.broker.acl;

/** A topic or group a request touches and the permission it needs there ({@link AclPermission} bits). */
record AclResource(Kind kind, String name, byte needed) {
    enum Kind { TOPIC, GROUP }

    static final String RETRY_PREFIX = "%RETRY%";

    /** A topic access; a retry topic {@code %RETRY%g} is a SUB access to group {@code g}, as in the official ACL. */
    static AclResource topic(String topic, byte needed) {
        if (topic != null && topic.startsWith(RETRY_PREFIX)) {
            return new AclResource(Kind.GROUP, topic.substring(RETRY_PREFIX.length()), AclPermission.SUB);
        }
        return new AclResource(Kind.TOPIC, topic, needed);
    }

    static AclResource group(String group) {
        return new AclResource(Kind.GROUP, group, AclPermission.SUB);
    }

    String describe() {
        return (kind == Kind.TOPIC ? "topic:" : "group:") + name;
    }
}
