package dev.apogee.broker.acl;

import dev.apogee.remoting.acl.AclRequestSigner;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ConsumerData;
import dev.apogee.remoting.protocol.body.HeartbeatData;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The decision table of {@link AclAuthorizer}, with requests signed by our signer (itself checked against the official hook). */
class AclAuthorizerTest {
    private static final String IP = "10.1.2.3";
    private static final AclConfig RULES = AclConfig.parse("""
            globalWhiteRemoteAddresses:
              - 172.31.0.*
            accounts:
              - accessKey: ak-app
                secretKey: sk-app-secret
                whiteRemoteAddress: 10.7.7.7
                defaultTopicPerm: DENY
                defaultGroupPerm: SUB
                topicPerms:
                  - Orders=PUB|SUB
                  - Audit=SUB
                  - Blocked=DENY
                groupPerms:
                  - cg-blocked=DENY
              - accessKey: ak-admin
                secretKey: sk-admin-secret
                admin: true
              - accessKey: ak-pinned
                secretKey: sk-pinned-secret
                allowedRemoteAddresses: 10.9.9.*
                defaultTopicPerm: PUB|SUB
            """);

    private final AclAuthorizer authorizer = new AclAuthorizer(RULES, () -> 0L);

    private static RemotingCommand send(String topic, String accessKey, String secret) {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.SEND_MESSAGE_V2)
                .putExtField("a", "pg").putExtField("b", topic).putExtField("i", "KEYS\u0001k\u0002")
                .body("payload".getBytes(StandardCharsets.UTF_8));
        if (accessKey != null) {
            new AclRequestSigner(accessKey, secret).sign(request);
        }
        return request;
    }

    private static RemotingCommand pull(String topic, String group) {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.PULL_MESSAGE)
                .putExtField("topic", topic).putExtField("consumerGroup", group).putExtField("queueId", "0");
        new AclRequestSigner("ak-app", "sk-app-secret").sign(request);
        return request;
    }

    @Test
    void signatureAndIdentity() {
        assertNull(authorizer.refusal(send("Orders", "ak-app", "sk-app-secret"), IP));
        assertTrue(authorizer.refusal(send("Orders", "ak-app", "sk-wrong"), IP).startsWith("signature check failed"));
        assertTrue(authorizer.refusal(send("Orders", null, null), IP).startsWith("no AccessKey"));
        assertTrue(authorizer.refusal(send("Orders", "ak-nobody", "x"), IP).startsWith("unknown accessKey=ak-nobody"));

        RemotingCommand tampered = send("Orders", "ak-app", "sk-app-secret");
        tampered.putExtField("b", "Audit");
        assertTrue(authorizer.refusal(tampered, IP).startsWith("signature check failed"));
    }

    @Test
    void addressLists() {
        assertNull(authorizer.refusal(send("Anything", null, null), "172.31.0.9"), "global white address");
        assertNull(authorizer.refusal(send("Orders", "ak-app", "wrong"), "10.7.7.7"),
                "whiteRemoteAddress skips the signature check");
        assertTrue(authorizer.refusal(send("Blocked", "ak-app", "wrong"), "10.7.7.7").contains("no PUB permission"),
                "but not the permission check");
        assertNull(authorizer.refusal(send("X", "ak-pinned", "sk-pinned-secret"), "10.9.9.1"));
        assertEquals("accessKey=ak-pinned is not allowed from address " + IP,
                authorizer.refusal(send("X", "ak-pinned", "sk-pinned-secret"), IP));
    }

    @Test
    void topicAndGroupPermissions() {
        assertEquals("accessKey=ak-app has no PUB permission on topic:Audit",
                authorizer.refusal(send("Audit", "ak-app", "sk-app-secret"), IP));
        assertEquals("accessKey=ak-app has no PUB permission on topic:Elsewhere",
                authorizer.refusal(send("Elsewhere", "ak-app", "sk-app-secret"), IP), "default topic perm DENY");
        assertNull(authorizer.refusal(pull("Audit", "cg-any"), IP));
        assertEquals("accessKey=ak-app has no SUB permission on topic:Blocked",
                authorizer.refusal(pull("Blocked", "cg-any"), IP));
        assertEquals("accessKey=ak-app has no SUB permission on group:cg-blocked",
                authorizer.refusal(pull("Orders", "cg-blocked"), IP));
        assertNull(authorizer.refusal(send("%RETRY%cg-any", "ak-app", "sk-app-secret"), IP),
                "a retry topic is its group (SUB)");
        assertEquals("accessKey=ak-app has no SUB permission on group:cg-blocked",
                authorizer.refusal(send("%RETRY%cg-blocked", "ak-app", "sk-app-secret"), IP));
    }

    @Test
    void heartbeatBodyNamesGroupsAndTopics() {
        ConsumerData consumer = new ConsumerData();
        consumer.setGroupName("cg-any");
        consumer.setSubscriptionDataSet(Set.of(SubscriptionData.buildSubscriptionData("Blocked", "*")));
        HeartbeatData heartbeat = new HeartbeatData();
        heartbeat.setClientID("c1");
        heartbeat.setConsumerDataSet(Set.of(consumer));
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.HEART_BEAT).body(heartbeat.encode());
        new AclRequestSigner("ak-app", "sk-app-secret").sign(request);
        assertEquals("accessKey=ak-app has no SUB permission on topic:Blocked", authorizer.refusal(request, IP));

        RemotingCommand garbage = RemotingCommand.createRequest(RequestCode.HEART_BEAT).body("{not json");
        new AclRequestSigner("ak-app", "sk-app-secret").sign(garbage);
        assertEquals("the heartbeat body cannot be read", authorizer.refusal(garbage, IP));
    }

    @Test
    void adminRight() {
        RemotingCommand create = RemotingCommand.createRequest(RequestCode.UPDATE_AND_CREATE_TOPIC)
                .putExtField("topic", "New");
        new AclRequestSigner("ak-app", "sk-app-secret").sign(create);
        assertEquals("accessKey=ak-app needs the admin right for this request", authorizer.refusal(create, IP));
        RemotingCommand byAdmin = RemotingCommand.createRequest(RequestCode.UPDATE_AND_CREATE_TOPIC)
                .putExtField("topic", "New");
        new AclRequestSigner("ak-admin", "sk-admin-secret").sign(byAdmin);
        assertNull(authorizer.refusal(byAdmin, IP));
        assertNull(authorizer.refusal(send("AnyTopic", "ak-admin", "sk-admin-secret"), IP),
                "an admin without explicit entries may touch everything");
    }

    @Test
    void anonymousAccountJudgesUnsignedRequestsOnly() {
        AclAuthorizer withGuest = new AclAuthorizer(AclConfig.parse("""
                anonymousAccount: guest
                accounts:
                  - accessKey: guest
                    secretKey: sk-guest-secret
                    allowedRemoteAddresses: 10.1.2.*
                    defaultTopicPerm: DENY
                    topicPerms:
                      - Public=PUB|SUB
                  - accessKey: ak-app
                    secretKey: sk-app-secret
                    defaultTopicPerm: PUB|SUB
                """), () -> 0L);
        assertNull(withGuest.refusal(send("Public", null, null), IP), "unsigned: the guest's rights");
        assertEquals("accessKey=guest has no PUB permission on topic:Orders",
                withGuest.refusal(send("Orders", null, null), IP));
        assertEquals("accessKey=guest is not allowed from address 10.9.9.9",
                withGuest.refusal(send("Public", null, null), "10.9.9.9"), "the guest's address rules hold");
        assertTrue(withGuest.refusal(send("Public", "ak-app", "sk-wrong"), IP).startsWith("signature check failed"),
                "a signed request with a wrong secret does not fall back to the guest");
        assertTrue(authorizer.refusal(send("Orders", null, null), IP).startsWith("no AccessKey"),
                "without anonymousAccount unsigned requests are refused");
        IllegalArgumentException unknown = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> AclConfig.parse("""
                        anonymousAccount: nobody
                        accounts:
                          - accessKey: ak-app
                            secretKey: sk-app-secret
                        """));
        assertEquals("anonymousAccount 'nobody' is not one of the accounts", unknown.getMessage());
    }

    @Test
    void refusalIsNoPermissionWithARemarkAndNoSecret() {
        EmbeddedChannel channel = new EmbeddedChannel();
        RemotingCommand response = authorizer.check(channel, send("Orders", "ak-app", "sk-wrong-secret"));
        assertEquals(ResponseCode.NO_PERMISSION, response.code());
        assertTrue(response.remark().startsWith("[ACL] signature check failed for accessKey=ak-app"),
                response.remark());
        assertTrue(response.remark().endsWith("(request code 310)"), response.remark());
        assertFalse(response.remark().contains("secret-"), response.remark());
        assertEquals(1, authorizer.refusals());
        channel.finishAndReleaseAll();
    }
}
