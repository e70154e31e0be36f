package dev.apogee.broker.acl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rules of one ACL file, immutable. The file is the official {@code plain_acl.yml}:
 * <pre>
 * globalWhiteRemoteAddresses:      # addresses trusted without any credentials
 *   - 10.10.103.*
 * accounts:
 *   - accessKey: RocketMQ
 *     secretKey: 12345678
 *     whiteRemoteAddress: 192.168.0.*   # this key needs no signature from there
 *     allowedRemoteAddresses: 10.0.0.0/8, 127.0.0.1   # Apogee addition: the key is refused from anywhere else
 *     admin: false
 *     defaultTopicPerm: DENY           # PUB, SUB, PUB|SUB or DENY; absent = DENY
 *     defaultGroupPerm: SUB
 *     topicPerms:
 *       - topicA=DENY
 *       - topicB=PUB|SUB
 *     groupPerms:
 *       - groupA=SUB
 * anonymousAccount: guest          # Apogee addition: requests without an AccessKey act as this account
 * </pre>
 * {@code anonymousAccount} names one of the accounts: requests that carry no AccessKey (a JMS connection without
 * user and password, a client without an RPC hook) get that account's rights and address rules, without a signature.
 * Absent (the default), they are refused, as Apache RocketMQ's plain ACL refuses them.
 * {@code dataVersion} is accepted and ignored; any other unknown key is an error naming it (a misspelt permission
 * must not silently grant or deny). Errors never quote a secret key.
 */
record AclConfig(List<AddressPattern> globalWhiteAddresses, Map<String, AclAccount> accounts,
                 String anonymousAccount) {
    private static final Set<String> TOP_LEVEL = Set.of("globalWhiteRemoteAddresses", "accounts", "dataVersion",
            "anonymousAccount");
    private static final Set<String> ACCOUNT_KEYS = Set.of("accessKey", "secretKey", "whiteRemoteAddress",
            "allowedRemoteAddresses", "admin", "defaultTopicPerm", "defaultGroupPerm", "topicPerms", "groupPerms");

    AclConfig {
        globalWhiteAddresses = List.copyOf(globalWhiteAddresses);
        accounts = Map.copyOf(accounts);
    }

    static AclConfig load(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        try {
            return parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("ACL file " + file + ": " + e.getMessage(), e);
        }
    }

    static AclConfig parse(String text) {
        Map<String, Object> root = AclYamlReader.read(text);
        for (String key : root.keySet()) {
            if (!TOP_LEVEL.contains(key)) {
                throw new IllegalArgumentException("unknown key '" + key + "' (expected " + TOP_LEVEL + ")");
            }
        }
        List<AddressPattern> global = addresses(root.get("globalWhiteRemoteAddresses"), "globalWhiteRemoteAddresses");
        Map<String, AclAccount> accounts = new LinkedHashMap<>();
        List<Object> items = list(root.get("accounts"), "accounts");
        for (int i = 0; i < items.size(); i++) {
            if (!(items.get(i) instanceof Map<?, ?> map)) {
                throw new IllegalArgumentException("accounts[" + i + "] is not a mapping");
            }
            AclAccount account = account(map, "accounts[" + i + "]");
            if (accounts.put(account.accessKey(), account) != null) {
                throw new IllegalArgumentException("accessKey " + account.accessKey() + " is defined twice");
            }
        }
        String anonymous = string(root.get("anonymousAccount"));
        if (anonymous != null && anonymous.isBlank()) {
            anonymous = null;
        }
        if (anonymous != null && !accounts.containsKey(anonymous.trim())) {
            throw new IllegalArgumentException("anonymousAccount '" + anonymous + "' is not one of the accounts");
        }
        return new AclConfig(global, accounts, anonymous == null ? null : anonymous.trim());
    }

    private static AclAccount account(Map<?, ?> map, String where) {
        String accessKey = string(map.get("accessKey"));
        if (accessKey == null || accessKey.isBlank()) {
            throw new IllegalArgumentException(where + " has no accessKey");
        }
        String at = where + " (accessKey " + accessKey + ")";
        for (Object key : map.keySet()) {
            if (!ACCOUNT_KEYS.contains(key)) {
                throw new IllegalArgumentException(at + ": unknown key '" + key + "' (expected " + ACCOUNT_KEYS + ")");
            }
        }
        String secretKey = string(map.get("secretKey"));
        if (secretKey == null || secretKey.isEmpty()) {
            throw new IllegalArgumentException(at + " has no secretKey");
        }
        String admin = string(map.get("admin"));
        if (admin != null && !admin.equalsIgnoreCase("true") && !admin.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException(at + ": admin must be true or false");
        }
        try {
            return new AclAccount(accessKey.trim(), secretKey,
                    addresses(map.get("whiteRemoteAddress"), "whiteRemoteAddress"),
                    addresses(map.get("allowedRemoteAddresses"), "allowedRemoteAddresses"),
                    Boolean.parseBoolean(admin),
                    AclPermission.parse(string(map.get("defaultTopicPerm"))),
                    AclPermission.parse(string(map.get("defaultGroupPerm"))),
                    perms(map.get("topicPerms"), "topicPerms", false),
                    perms(map.get("groupPerms"), "groupPerms", true));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(at + ": " + e.getMessage(), e);
        }
    }

    /** {@code name=PERM} entries; group names may be written as their retry topic. */
    private static Map<String, Byte> perms(Object value, String key, boolean groups) {
        Map<String, Byte> perms = new HashMap<>();
        for (Object item : list(value, key)) {
            String entry = string(item);
            int eq = entry == null ? -1 : entry.lastIndexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(key + " entry '" + entry + "' is not name=PERM");
            }
            String name = entry.substring(0, eq).trim();
            if (groups && name.startsWith(AclResource.RETRY_PREFIX)) {
                name = name.substring(AclResource.RETRY_PREFIX.length());
            }
            perms.put(name, AclPermission.parse(entry.substring(eq + 1)));
        }
        return perms;
    }

    private static List<AddressPattern> addresses(Object value, String key) {
        List<AddressPattern> patterns = new ArrayList<>();
        for (Object item : value instanceof List<?> ? (List<?>) value : value == null ? List.of() : List.of(value)) {
            if (!(item instanceof String text)) {
                throw new IllegalArgumentException(key + " must list addresses");
            }
            patterns.addAll(AddressPattern.parseList(text));
        }
        return patterns;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object value, String key) {
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?>)) {
            throw new IllegalArgumentException(key + " must be a list");
        }
        return (List<Object>) value;
    }

    private static String string(Object value) {
        if (value != null && !(value instanceof String)) {
            throw new IllegalArgumentException("expected a single value, found a " + (value instanceof List<?>
                    ? "list" : "mapping"));
        }
        return (String) value;
    }
}
