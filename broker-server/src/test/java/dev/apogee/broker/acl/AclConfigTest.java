package dev.apogee.broker.acl;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The plain_acl.yml shape: the official sample file, our additions, and errors that never quote a secret. */
class AclConfigTest {
    /** The sample shipped as distribution/conf/plain_acl.yml by RocketMQ 4.9 (comments included). */
    static final String OFFICIAL_SAMPLE = """
            # Licensed to the Apache Software Foundation (ASF) ...
            globalWhiteRemoteAddresses:
              - 10.10.103.*
              - 192.168.0.*

            accounts:
              - accessKey: RocketMQ
                secretKey: 12345678
                whiteRemoteAddress:
                admin: false
                defaultTopicPerm: DENY
                defaultGroupPerm: SUB
                topicPerms:
                  - topicA=DENY
                  - topicB=PUB|SUB
                  - topicC=SUB
                groupPerms:
                  # the group should convert to retry topic
                  - groupA=DENY
                  - groupB=PUB|SUB
                  - groupC=SUB

              - accessKey: rocketmq2
                secretKey: 12345678
                whiteRemoteAddress: 192.168.1.*
                # if it is admin, it could access all resources
                admin: true
            """;

    @Test
    void readsTheOfficialSample() {
        AclConfig config = AclConfig.parse(OFFICIAL_SAMPLE);
        assertEquals(2, config.globalWhiteAddresses().size());
        assertTrue(AclAccount.anyMatches(config.globalWhiteAddresses(), "192.168.0.77"));
        AclAccount first = config.accounts().get("RocketMQ");
        assertEquals("12345678", first.secretKey());
        assertFalse(first.admin());
        assertTrue(first.trustedAddresses().isEmpty());
        assertEquals(AclPermission.DENY, first.defaultTopicPerm());
        assertEquals(AclPermission.SUB, first.defaultGroupPerm());
        assertEquals(Map.of("topicA", AclPermission.DENY, "topicB", (byte) (AclPermission.PUB | AclPermission.SUB),
                "topicC", AclPermission.SUB), first.topicPerms());
        assertEquals(AclPermission.DENY, first.groupPerms().get("groupA"));
        AclAccount second = config.accounts().get("rocketmq2");
        assertTrue(second.admin());
        assertTrue(second.trusts("192.168.1.20"));
        assertEquals(AclPermission.DENY, second.defaultTopicPerm(), "absent default = DENY, as the official");
    }

    @Test
    void yamlVariants() {
        Map<String, Object> doc = AclYamlReader.read("""
                a: "quoted # not a comment"   # a comment
                b: 'it''s'
                c: [x, "y", z]
                d:
                - item at the key's indentation
                e: ~
                nested:
                  - k1: v1
                    k2:
                      - deep
                  -
                    k3: v3
                """);
        assertEquals("quoted # not a comment", doc.get("a"));
        assertEquals("it's", doc.get("b"));
        assertEquals(List.of("x", "y", "z"), doc.get("c"));
        assertEquals(List.of("item at the key's indentation"), doc.get("d"));
        assertNull(doc.get("e"));
        assertEquals(List.of(Map.of("k1", "v1", "k2", List.of("deep")), Map.of("k3", "v3")), doc.get("nested"));
    }

    @Test
    void ourAdditionsAndLists() {
        AclConfig config = AclConfig.parse("""
                globalWhiteRemoteAddresses: [10.0.0.1, "10.0.1.*"]
                accounts:
                  - accessKey: ak
                    secretKey: "s3cr#t: with colon"
                    allowedRemoteAddresses: 127.0.0.1, 10.0.0.0/8
                    groupPerms:
                      - "%RETRY%cg=DENY"
                """);
        AclAccount account = config.accounts().get("ak");
        assertEquals("s3cr#t: with colon", account.secretKey());
        assertTrue(account.allowsFrom("10.200.3.4"));
        assertFalse(account.allowsFrom("192.168.1.1"));
        assertEquals(AclPermission.DENY, account.groupPerms().get("cg"));
        assertTrue(AclAccount.anyMatches(config.globalWhiteAddresses(), "10.0.1.9"));
    }

    @Test
    void errorsNameTheProblemButNeverTheSecret() {
        String secret = "TopSecretValue";
        IllegalArgumentException unknownKey = assertThrows(IllegalArgumentException.class, () -> AclConfig.parse("""
                accounts:
                  - accessKey: ak
                    secretKey: TopSecretValue
                    topicPerm:
                      - t=PUB
                """));
        assertTrue(unknownKey.getMessage().contains("topicPerm"), unknownKey.getMessage());
        assertFalse(unknownKey.getMessage().contains(secret));

        IllegalArgumentException badPerm = assertThrows(IllegalArgumentException.class, () -> AclConfig.parse("""
                accounts:
                  - accessKey: ak
                    secretKey: TopSecretValue
                    defaultTopicPerm: PUBLISH
                """));
        assertTrue(badPerm.getMessage().contains("PUBLISH"), badPerm.getMessage());
        assertFalse(badPerm.getMessage().contains(secret));

        IllegalArgumentException badYaml = assertThrows(IllegalArgumentException.class, () -> AclConfig.parse("""
                accounts:
                  - accessKey: ak
                    secretKey: "TopSecretValue
                """));
        assertTrue(badYaml.getMessage().startsWith("line 3"), badYaml.getMessage());
        assertFalse(badYaml.getMessage().contains(secret));

        assertThrows(IllegalArgumentException.class, () -> AclConfig.parse("""
                accounts:
                  - accessKey: ak
                    secretKey: a
                  - accessKey: ak
                    secretKey: b
                """), "duplicate access key");
        assertThrows(IllegalArgumentException.class, () -> AclConfig.parse("""
                accounts:
                  - accessKey: ak
                """), "missing secret key");
    }

    @Test
    void theShippedSampleParses() throws Exception {
        AclConfig config = AclConfig.load(java.nio.file.Path.of("..", "conf", "plain_acl.yml"));
        assertTrue(config.globalWhiteAddresses().isEmpty());
        assertEquals(Set.of("RocketMQ", "rocketmq2"), config.accounts().keySet());
        assertTrue(config.accounts().get("rocketmq2").admin());
    }

    @Test
    void accountToStringHidesTheSecret() {
        AclConfig config = AclConfig.parse(OFFICIAL_SAMPLE);
        assertFalse(config.toString().contains("12345678"), config.toString());
    }
}
