package dev.apogee.broker.console;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static dev.apogee.broker.console.ConsoleHttp.list;
import static dev.apogee.broker.console.ConsoleHttp.map;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console behind the broker's ACL, over plain HTTP: no or wrong credentials are 401 with a Basic challenge, a
 * valid account without the admin right is 403, an admin account sees the pages; a DLQ re-send also needs PUB on the
 * target topic. The broker is filled by the official client signing with the admin account.
 */
class ConsoleAclTest {
    private static final String ADMIN = "console-admin";
    private static final String ADMIN_SECRET = "console-admin-secret";
    private static final String AUDITOR = "console-auditor"; // admin, but only SUB on topics
    private static final String AUDITOR_SECRET = "console-auditor-secret";
    private static final String APP = "console-app";
    private static final String APP_SECRET = "console-app-secret";

    @TempDir
    static Path dir;
    private static BrokerFixture fixture;
    private static ConsoleHttp http;
    private static ConsoleData data;

    @BeforeAll
    static void start() throws Exception {
        Path acl = Files.writeString(dir.resolve("plain_acl.yml"), """
                accounts:
                  - accessKey: %s
                    secretKey: %s
                    admin: true
                  - accessKey: %s
                    secretKey: %s
                    admin: true
                    defaultTopicPerm: SUB
                    defaultGroupPerm: SUB
                    topicPerms:
                      - ConsoleOrders=SUB
                  - accessKey: %s
                    secretKey: %s
                    defaultTopicPerm: PUB|SUB
                    defaultGroupPerm: SUB
                """.formatted(ADMIN, ADMIN_SECRET, AUDITOR, AUDITOR_SECRET, APP, APP_SECRET));
        fixture = BrokerFixture.start(dir, config -> {
            config.setAclEnable(true);
            config.setAclConfigFile(acl.toString());
            config.setConsoleEnable(true);
            config.setConsolePort(0);
        });
        http = new ConsoleHttp(fixture.broker().consolePort());
        data = ConsoleData.fill(fixture, new AclClientRPCHook(new SessionCredentials(ADMIN,
                ADMIN_SECRET)), () -> http.dlqHolds(1, ADMIN, ADMIN_SECRET));
        data.stopClients();
    }

    @AfterAll
    static void stop() throws Exception {
        if (data != null) {
            data.close();
        }
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    void withoutOrWithWrongCredentialsEverythingIs401() throws Exception {
        for (String path : new String[] {"", "app.js", "api/overview", "api/topics", "api/dlq"}) {
            HttpResponse<String> anonymous = http.get(path, null, null);
            assertEquals(401, anonymous.statusCode(), path);
            assertTrue(anonymous.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic realm="),
                    path);
            assertEquals(401, http.get(path, ADMIN, "not-the-secret").statusCode(), path);
            assertEquals(401, http.get(path, "nobody", ADMIN_SECRET).statusCode(), path);
        }
        HttpResponse<String> refused = http.get("api/overview", ADMIN, "wrong");
        assertFalse(refused.body().contains(ADMIN_SECRET), "a refusal never quotes a secret");
    }

    @Test
    void anAccountWithoutTheAdminRightIs403() throws Exception {
        HttpResponse<String> response = http.get("api/topics", APP, APP_SECRET);
        assertEquals(403, response.statusCode());
        assertTrue(response.body().contains("admin"), response.body());
    }

    @Test
    void anAdminAccountSeesThePages() throws Exception {
        HttpResponse<String> page = http.get("", ADMIN, ADMIN_SECRET);
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("Apogee MQ"));
        Map<String, Object> overview = map(http.json("api/overview", ADMIN, ADMIN_SECRET));
        assertEquals(Boolean.TRUE, map(overview.get("broker")).get("acl"));
        Map<String, Object> orders = ConsoleHttp.find(http.json("api/topics", AUDITOR, AUDITOR_SECRET), "topic",
                ConsoleData.ORDERS);
        assertEquals(20L, orders.get("messages"));
    }

    @Test
    void reSendNeedsPubOnTheTargetTopic() throws Exception {
        String dlq = URLEncoder.encode(ConsoleData.DLQ, StandardCharsets.UTF_8);
        Map<String, Object> dead = map(list(map(http.json("api/dlq/messages?topic=" + dlq, ADMIN, ADMIN_SECRET))
                .get("messages")).get(0));
        String resend = "api/dlq/resend?topic=" + dlq + "&queueId=" + dead.get("queueId") + "&offset="
                + dead.get("queueOffset");
        assertEquals(401, http.post(resend, null, null, true).statusCode());
        HttpResponse<String> auditor = http.post(resend, AUDITOR, AUDITOR_SECRET, true);
        assertEquals(403, auditor.statusCode(), auditor.body());
        assertTrue(auditor.body().contains("no PUB permission on topic " + ConsoleData.PAYMENTS), auditor.body());
        HttpResponse<String> admin = http.post(resend, ADMIN, ADMIN_SECRET, true);
        assertEquals(200, admin.statusCode(), admin.body());
    }
}
