package dev.apogee.ra.it;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.ra.it.app.AppBeans;
import dev.apogee.ra.it.app.PoolMdb;
import dev.apogee.ra.it.app.bad.InvalidMdb;
import dev.apogee.ra.it.app.bad.InvalidSelectorMdb;
import dev.apogee.ra.it.app.leak.LeakMdb;
import dev.apogee.ra.it.app.nativegroup.NativeFirstMdb;
import dev.apogee.ra.it.app.nativegroup.NativeLastMdb;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.Archive;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The adapter in a real WildFly (standalone-full, loopback, port offset 300) against our broker in this JVM: the
 * .rar and a test app are deployed once; the tests drive the app over HTTP and check with a plain JMS client.
 * Ordered because the last two disturb the server (a deployment cycle, a broker restart).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ResourceAdapterIT {
    private static final String APP = "http://127.0.0.1:8380/it-app/";
    private static final long WAIT_MS = 60_000;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @ArquillianResource
    private Deployer deployer;

    @Deployment(name = "rar", order = 1, testable = false)
    static Archive<?> rar() {
        return Deployments.rar(TestBroker.get().url());
    }

    @Deployment(name = "app", order = 2, testable = false)
    static Archive<?> app() {
        return Deployments.app("it-app.war");
    }

    @Deployment(name = "leak", managed = false, testable = false)
    static Archive<?> leak() {
        return ShrinkWrap.create(WebArchive.class, "it-leak.war").addClasses(LeakMdb.class, AppBeans.class)
                .addAsWebInfResource(new StringAsset(Deployments.jbossEjb3()), "jboss-ejb3.xml");
    }

    @Deployment(name = "invalid", managed = false, testable = false)
    static Archive<?> invalid() {
        return ShrinkWrap.create(WebArchive.class, "it-invalid.war").addClasses(InvalidMdb.class)
                .addAsWebInfResource(new StringAsset(Deployments.jbossEjb3()), "jboss-ejb3.xml");
    }

    @Deployment(name = "invalid-selector", managed = false, testable = false)
    static Archive<?> invalidSelector() {
        return ShrinkWrap.create(WebArchive.class, "it-invalid-selector.war").addClasses(InvalidSelectorMdb.class)
                .addAsWebInfResource(new StringAsset(Deployments.jbossEjb3()), "jboss-ejb3.xml");
    }

    @Deployment(name = "native", managed = false, testable = false)
    static Archive<?> nativeGroups() {
        return ShrinkWrap.create(WebArchive.class, "it-native.war")
                .addClasses(NativeFirstMdb.class, NativeLastMdb.class, AppBeans.class)
                .addAsWebInfResource(new StringAsset(Deployments.jbossEjb3()), "jboss-ejb3.xml");
    }

    @Deployment(name = "example", managed = false, testable = false)
    static Archive<?> example() {
        return Deployments.exampleWar();
    }

    private static String get(String path) throws Exception {
        return http(APP + path);
    }

    private static String http(String url) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), () -> url + " -> " + r.body());
        return r.body();
    }

    private static void sendViaServlet(String queue, String text, String mode) throws Exception {
        assertEquals("sent", get("send?mode=" + mode + "&queue=" + queue + "&text="
                + URLEncoder.encode(text, StandardCharsets.UTF_8)));
    }

    @Test
    @Order(1)
    void servletSendsThroughInjectedFactoryAndPlainClientReceives() throws Exception {
        sendViaServlet(AppBeans.PLAIN, "from-servlet", "plain");
        List<String> got = PlainClient.receiveUntil(AppBeans.PLAIN, l -> l.contains("from-servlet"), WAIT_MS);
        assertEquals(List.of("from-servlet"), got);
    }

    @Test
    @Order(2)
    void ejbSendIsCommittedWithTheTransactionAndDroppedOnRollback() throws Exception {
        sendViaServlet(AppBeans.PLAIN, "rolled-back", "rollback");
        sendViaServlet(AppBeans.PLAIN, "committed", "tx");
        List<String> got = PlainClient.receiveUntil(AppBeans.PLAIN, l -> l.contains("committed"), WAIT_MS);
        got.addAll(PlainClient.receiveUntil(AppBeans.PLAIN, l -> false, 1_000));
        assertEquals(List.of("committed"), got);
    }

    @Test
    @Order(3)
    void mdbConsumesQueueAndSendsInTheSameTransaction() throws Exception {
        for (int i = 0; i < 5; i++) {
            PlainClient.send(AppBeans.ECHO_IN, "m" + i);
        }
        List<String> got = PlainClient.receiveUntil(AppBeans.ECHO_OUT, l -> l.size() >= 5, WAIT_MS);
        assertEquals(Set.of("echo:m0", "echo:m1", "echo:m2", "echo:m3", "echo:m4"), new HashSet<>(got));
    }

    @Test
    @Order(4)
    void mdbOnDurableTopicSubscriptionGetsOnlySelectedMessages() throws Exception {
        // A new subscription starts at the end of the topic: publish red probes until the MDB is seen consuming.
        List<String> warm = List.of();
        for (int i = 0; i < 30 && warm.isEmpty(); i++) {
            PlainClient.send(AppBeans.TOPIC, true, "warmup" + i, Map.of("color", "red"));
            warm = PlainClient.receiveUntil(AppBeans.TOPIC_OUT, l -> !l.isEmpty(), 2_000);
        }
        assertFalse(warm.isEmpty(), "the durable subscription never delivered");
        PlainClient.send(AppBeans.TOPIC, true, "blue1", Map.of("color", "blue"));
        PlainClient.send(AppBeans.TOPIC, true, "red1", Map.of("color", "red"));
        PlainClient.send(AppBeans.TOPIC, true, "red2", Map.of("color", "red"));
        List<String> got = PlainClient.receiveUntil(AppBeans.TOPIC_OUT,
                l -> l.contains("topic:red1") && l.contains("topic:red2"), WAIT_MS);
        got.addAll(PlainClient.receiveUntil(AppBeans.TOPIC_OUT, l -> false, 1_000));
        assertTrue(got.contains("topic:red1") && got.contains("topic:red2"), got::toString);
        assertFalse(got.contains("topic:blue1"), got::toString);
    }

    @Test
    @Order(5)
    void setRollbackOnlySendsNothingAndRedeliversWithDeliveryCount() throws Exception {
        PlainClient.send(AppBeans.ROLLBACK_IN, "r");
        List<String> got = PlainClient.receiveUntil(AppBeans.ROLLBACK_OUT, l -> !l.isEmpty(), WAIT_MS);
        got.addAll(PlainClient.receiveUntil(AppBeans.ROLLBACK_OUT, l -> false, 1_000));
        assertEquals(List.of("attempt:2:r"), got);
    }

    @Test
    @Order(6)
    void poisonMessageGoesToTheDeadLetterQueueAfterMaxDeliveries() throws Exception {
        PlainClient.send(AppBeans.POISON, "poison");
        List<String> got = PlainClient.receiveUntil(AppBeans.DLQ, l -> !l.isEmpty(), WAIT_MS);
        assertEquals(List.of("poison"), got);
        assertEquals("3", get("probe?what=property&name=" + AppBeans.POISON_ATTEMPTS));
    }

    @Test
    @Order(7)
    void maxSessionDeliversConcurrently() throws Exception {
        // Eight messages spread over the topic's queues, which rebalancing has shared among the three sessions.
        Set<String> expected = IntStream.range(0, 8).mapToObj(i -> "ok:c" + i).collect(Collectors.toSet());
        for (int i = 0; i < 8; i++) {
            PlainClient.send(AppBeans.CONCURRENT_IN, "c" + i);
        }
        List<String> got = PlainClient.receiveUntil(AppBeans.CONCURRENT_OUT, l -> l.size() >= 8, WAIT_MS);
        assertEquals(expected, new HashSet<>(got));
    }

    @Test
    @Order(8)
    void everyInstanceOfTheMdbPoolReceivesOneSessionsMessages() throws Exception {
        // One producing session writes into one queue of the topic; every one of the pool's eight sessions must still
        // get a message at the same time (per-message acknowledgement: the sessions pop, none owns the queue).
        List<String> texts = IntStream.range(0, PoolMdb.POOL).mapToObj(i -> "p" + i).toList();
        PlainClient.sendAll(AppBeans.POOL_IN, texts);
        List<String> got = PlainClient.receiveUntil(AppBeans.POOL_OUT, l -> l.size() >= PoolMdb.POOL, WAIT_MS);
        assertEquals(texts.stream().map(t -> "ok:" + t).collect(Collectors.toSet()), new HashSet<>(got));
    }

    @Test
    @Order(9)
    void ejbTransactionThroughTwoConnectionDefinitionsCommitsOrRollsBackBoth() throws Exception {
        // Two pools in one transaction: with LocalTransaction WildFly refuses the second last resource, so this
        // passes only with XA branches, and the rollback must drop both sends.
        sendViaServlet(AppBeans.TWO_CF, "dropped", "both-rollback");
        sendViaServlet(AppBeans.TWO_CF, "kept", "both");
        List<String> got = PlainClient.receiveUntil(AppBeans.TWO_CF, l -> l.size() >= 2, WAIT_MS);
        got.addAll(PlainClient.receiveUntil(AppBeans.TWO_CF, l -> false, 1_000));
        assertEquals(Set.of("cf1:kept", "cf2:kept"), new HashSet<>(got));
        assertEquals(2, got.size(), got::toString);
    }

    @Test
    @Order(10)
    void mdbReceiveAndTwoSendsAreOneXATransactionRolledBackThenCommittedOnce() throws Exception {
        PlainClient.send(AppBeans.XA_IN, "x");
        List<String> got = PlainClient.receiveUntil(AppBeans.XA_OUT, l -> l.size() >= 2, WAIT_MS);
        got.addAll(PlainClient.receiveUntil(AppBeans.XA_OUT, l -> false, 1_000));
        assertEquals(List.of("cf1:2:x", "cf2:2:x"), got.stream().sorted().toList());
    }

    @Test
    @Order(11)
    void notSupportedMdbCommitsLocallyAndRedeliversAfterAnException() throws Exception {
        PlainClient.send(AppBeans.LOCAL_IN, "l");
        List<String> got = PlainClient.receiveUntil(AppBeans.LOCAL_OUT, l -> !l.isEmpty(), WAIT_MS);
        got.addAll(PlainClient.receiveUntil(AppBeans.LOCAL_OUT, l -> false, 1_000));
        assertEquals(List.of("local:2:l"), got);
    }

    @Test
    @Order(12)
    void undeployAndRedeployLeakNoConnectionsOrThreads() throws Exception {
        Set<String> clientsBefore = names("clients");
        Set<String> threadsBefore = names("threads");
        for (int cycle = 1; cycle <= 2; cycle++) {
            deployer.deploy("leak");
            PlainClient.send(AppBeans.LEAK_IN, "leak" + cycle);
            long expected = cycle;
            await().atMost(Duration.ofMillis(WAIT_MS)).until(() ->
                    Long.parseLong(get("probe?what=property&name=" + AppBeans.LEAK_RECEIVED)) >= expected);
            assertFalse(clientsBefore.containsAll(names("clients")), "the leak deployment opened no connection");
            deployer.undeploy("leak");
            // Client threads end asynchronously after close(): wait (bounded) until none made since is left.
            await("connections of the undeployed MDB closed").atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertEquals(Set.of(), minus(names("clients"), clientsBefore)));
            // Clients that existed before may start pool threads meanwhile; any other new thread is a leak.
            await("threads of the undeployed MDB ended").atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertEquals(Set.of(), minus(names("threads"), threadsBefore).stream()
                            .filter(t -> !ofClientIn(t, clientsBefore)).collect(Collectors.toSet())));
        }
    }

    private static boolean ofClientIn(String thread, Set<String> clients) {
        return clients.stream().anyMatch(c -> thread.startsWith("apogee-client-" + c + "-"));
    }

    private static Set<String> minus(Set<String> a, Set<String> b) {
        Set<String> out = new HashSet<>(a);
        out.removeAll(b);
        return out;
    }

    private static Set<String> names(String what) throws Exception {
        String body = get("probe?what=" + what);
        return body.isEmpty() ? Set.of() : Set.of(body.split(","));
    }

    @Test
    @Order(13)
    void invalidActivationConfigFailsTheDeploymentNamingEachProblem() {
        String all = failedDeployment("invalid");
        assertTrue(all.contains("APOGEE-RA-0001") && all.contains("acknowledgeMode")
                && all.contains("maxSession must be at least 1")
                && all.contains("consumeFrom must be FIRST, LAST or TIMESTAMP:<milliseconds since the epoch>,"
                        + " was 'YESTERDAY'"), all);
        String selector = failedDeployment("invalid-selector");
        assertTrue(selector.contains("APOGEE-RA-0001") && selector.contains("selector"), selector);
    }

    /**
     * Two MDBs on one topic with consumerGroup: each reads as that native group (the brokers store its offsets under
     * that name); consumeFrom=FIRST gets a message sent before deployment, LAST only what follows activation.
     */
    @Test
    @Order(14)
    void mdbWithConsumerGroupReadsAsThatNativeGroupFromItsConsumeFrom() throws Exception {
        String topic = NativeFirstMdb.TOPIC;
        PlainClient.send(topic, true, "early", Map.of());
        deployer.deploy("native");
        AdminClient admin = new AdminClient(new ClientConfig()
                .setNamesrvAddress(TestBroker.get().url().substring("apogee://".length()))
                .setInstanceName("it-native-admin"));
        admin.start();
        try {
            PlainClient.send(topic, true, "late", Map.of());
            List<String> expected = List.of("first:early", "first:late", "last:late");
            List<String> got = PlainClient.receiveUntil(NativeFirstMdb.OUT, l -> l.containsAll(expected), WAIT_MS);
            got.addAll(PlainClient.receiveUntil(NativeFirstMdb.OUT, l -> false, 2_000));
            // a set: while the sessions of a new group join, a queue may move before its first commit (at least once)
            assertEquals(Set.copyOf(expected), Set.copyOf(got));
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                assertEquals(2, committed(admin, NativeFirstMdb.FIRST_GROUP, topic));
                assertEquals(2, committed(admin, NativeFirstMdb.LAST_GROUP, topic));
            });
        } finally {
            admin.shutdown();
            undeployQuietly("native");
        }
    }

    private static long committed(AdminClient admin, String group, String topic) throws Exception {
        return admin.consumerOffsets(group, topic).values().stream().mapToLong(o -> Math.max(0, o)).sum();
    }

    /** Deploys what must fail; the messages of the failure and its causes. */
    private String failedDeployment(String name) {
        try {
            Exception e = assertThrows(Exception.class, () -> deployer.deploy(name));
            StringBuilder messages = new StringBuilder();
            for (Throwable t = e; t != null; t = t.getCause()) {
                messages.append(t.getMessage()).append('\n');
            }
            return messages.toString();
        } finally {
            undeployQuietly(name);
        }
    }

    @Test
    @Order(15)
    void exampleApplicationPlacesAndProcessesAnOrder() throws Exception {
        deployer.deploy("example");
        try {
            String base = "http://127.0.0.1:8380/apogee-example/orders";
            assertTrue(http(base + "?item=book").contains("placed: book"));
            await().atMost(Duration.ofMillis(WAIT_MS)).until(() -> http(base).contains("book"));
        } finally {
            deployer.undeploy("example");
        }
    }

    private void undeployQuietly(String name) {
        try {
            deployer.undeploy(name);
        } catch (RuntimeException e) {
            // A deployment that failed may already be gone.
        }
    }

    @Test
    @Order(16)
    void brokerRestartUnderRunningMdbLosesNothing() throws Exception {
        Set<String> expected = IntStream.range(0, 20).mapToObj(i -> "restart:r" + i).collect(Collectors.toSet());
        for (int i = 0; i < 10; i++) {
            PlainClient.send(AppBeans.RESTART_IN, "r" + i);
        }
        TestBroker.get().restartBroker();
        for (int i = 10; i < 20; i++) {
            PlainClient.send(AppBeans.RESTART_IN, "r" + i);
        }
        List<String> got = PlainClient.receiveUntil(AppBeans.RESTART_OUT,
                l -> new HashSet<>(l).containsAll(expected), 120_000);
        assertEquals(expected, new HashSet<>(got));
    }
}
