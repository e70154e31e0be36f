package dev.apogee.broker.console;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each page of the console in a real headless browser (Debian's chromium, driven by Selenium through
 * {@code /usr/bin/chromedriver}) against an in-JVM broker filled by the official 5.3.3 client ({@link ConsoleData}):
 * what the page shows is compared with what was sent and committed, a message is looked up by key and by id, and a
 * dead letter is re-sent from the page and read back from its topic. A screenshot of every page is kept under
 * {@code target/console-screenshots/}. Skipped, saying why, without chromium or chromedriver.
 */
@Tag("slow")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of("target", "console-screenshots");
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    static Path dir;
    private static BrokerFixture fixture;
    private static ConsoleHttp http;
    private static ConsoleData data;
    private static WebDriver browser;

    @BeforeAll
    static void start() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver): "
                        + CHROMIUM + " or " + CHROMEDRIVER + " is missing");
        fixture = BrokerFixture.start(dir, config -> {
            config.setConsoleEnable(true);
            config.setConsolePort(0);
        });
        http = new ConsoleHttp(fixture.broker().consolePort());
        data = ConsoleData.fill(fixture, null, () -> http.dlqHolds(1, null, null));
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,1000", "--user-data-dir=" + dir.resolve("chromium-profile"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(WAIT).scriptTimeout(WAIT);
        Files.createDirectories(SCREENSHOTS);
    }

    @AfterAll
    static void stop() throws Exception {
        if (browser != null) {
            browser.quit();
        }
        if (data != null) {
            data.close();
        }
        if (fixture != null) {
            fixture.close();
        }
    }

    /** Loads a page afresh (not a mere change of the fragment) and waits (bounded) until its script rendered it. */
    private static void open(String page) {
        browser.get("about:blank");
        browser.get(http.base() + "#" + page);
        new WebDriverWait(browser, WAIT).until(d -> page.equals(d.findElement(By.tagName("body"))
                .getDomAttribute("data-loaded")));
        assertEquals("", browser.findElement(By.id("error")).getText(), "the page reported an error");
    }

    private static void screenshot(String name) throws Exception {
        File shot = ((ChromeDriver) browser).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    private static String cell(WebElement row, String cssClass) {
        return row.findElement(By.cssSelector("td." + cssClass)).getText();
    }

    @Test
    @Order(1)
    void clusterPageShowsTheBrokerAndDrawsTheRateChart() throws Exception {
        open("overview");
        WebElement broker = browser.findElement(By.id("broker-table"));
        assertTrue(broker.getText().contains(fixture.config().getBrokerName()), broker.getText());
        assertTrue(broker.getText().contains("MASTER"), broker.getText());
        assertTrue(broker.getText().contains("ASYNC_FLUSH"), broker.getText());
        assertTrue(browser.findElement(By.id("cluster-table")).getText().contains(fixture.brokerAddress()));
        WebElement chart = browser.findElement(By.id("rates-chart"));
        assertTrue(chart.getSize().getWidth() > 100, "Chart.js sized its canvas");
        screenshot("cluster");
    }

    @Test
    @Order(2)
    void topicsPageShowsQueueOffsets() throws Exception {
        open("topics");
        for (Map.Entry<Integer, Integer> e : data.ordersPerQueue.entrySet()) {
            WebElement row = browser.findElement(By.cssSelector("tr[data-topic='" + ConsoleData.ORDERS
                    + "'][data-queue='" + e.getKey() + "']"));
            assertEquals("0", cell(row, "min"));
            assertEquals(String.valueOf(e.getValue()), cell(row, "max"), "queue " + e.getKey());
        }
        assertTrue(browser.findElement(By.id("topics-table")).getText().contains("console.orders"),
                "an escaped topic is shown by its name");
        screenshot("topics");
    }

    @Test
    @Order(3)
    void groupsPageShowsLagAndPopInFlightPerQueue() throws Exception {
        try (HeldPopConsumer held = HeldPopConsumer.start(fixture.namesrvAddress(),
                fixture.config().getBrokerName(), fixture.brokerAddress(), data.producer)) {
            await().atMost(WAIT).untilAsserted(() -> {
                open("groups");
                for (Map.Entry<Integer, Integer> e : data.ordersPerQueue.entrySet()) {
                    WebElement row = browser.findElement(By.cssSelector("tr[data-group='" + ConsoleData.READERS
                            + "'][data-topic='" + ConsoleData.ORDERS + "'][data-queue='" + e.getKey() + "']"));
                    long committed = ConsoleData.committed(e.getValue(), 2);
                    assertEquals(String.valueOf(committed), cell(row, "consumer"), "queue " + e.getKey());
                    assertEquals(String.valueOf(e.getValue() - committed), cell(row, "lag"), "queue " + e.getKey());
                }
                WebElement popped = browser.findElement(By.cssSelector("tr[data-group='" + HeldPopConsumer.GROUP
                        + "'][data-topic='" + HeldPopConsumer.TOPIC + "'][data-queue='0']"));
                assertEquals(String.valueOf(HeldPopConsumer.MESSAGES), cell(popped, "inflight"),
                        "the API says " + ConsoleHttp.find(http.json("api/groups"), "group", HeldPopConsumer.GROUP));
            });
            screenshot("groups");
        }
    }

    @Test
    @Order(4)
    void jmsPageShowsTheQueueByItsJmsName() throws Exception {
        String backlog = String.valueOf(3 - data.jmsPerQueue.size());
        await().atMost(WAIT).untilAsserted(() -> {
            open("jms");
            WebElement row = browser.findElement(By.cssSelector("tr[data-name='console.orders']"));
            assertTrue(row.getText().startsWith("queue console.orders"), row.getText());
            assertEquals(backlog, cell(row, "lag"));
        });
        screenshot("jms");
    }

    @Test
    @Order(5)
    void messagesAreLookedUpByKeyAndById() throws Exception {
        open("messages");
        browser.findElement(By.id("lookup-key")).sendKeys("order-7");
        browser.findElement(By.id("lookup-topic")).sendKeys(ConsoleData.ORDERS);
        browser.findElement(By.cssSelector("#lookup-form button")).click();
        new WebDriverWait(browser, WAIT).until(d -> d.findElement(By.id("lookup-results"))
                .getDomAttribute("data-done") != null);
        assertEquals("order body 7", browser.findElement(By.cssSelector("#lookup-results pre.body")).getText());
        screenshot("message-by-key");

        open("messages");
        String msgId = data.orders.get(11).getMsgId();
        browser.findElement(By.id("lookup-id")).sendKeys(msgId);
        browser.findElement(By.cssSelector("#lookup-form button")).click();
        new WebDriverWait(browser, WAIT).until(d -> d.findElement(By.id("lookup-results"))
                .getDomAttribute("data-done") != null);
        WebElement found = browser.findElement(By.cssSelector("#lookup-results .message"));
        assertEquals(msgId, found.getDomAttribute("data-msgid"));
        assertEquals("order body 11", found.findElement(By.cssSelector("pre.body")).getText());
        assertEquals("order-11", found.findElement(By.cssSelector("tr[data-property='KEYS'] td:last-child"))
                .getText());
        screenshot("message-by-id");
    }

    @Test
    @Order(6)
    void connectionsPageShowsProducersAndConsumersByGroup() throws Exception {
        open("connections");
        String producers = browser.findElement(By.id("producers-table")).getText();
        assertTrue(producers.contains(ConsoleData.PRODUCER_GROUP), producers);
        assertTrue(producers.contains(data.producer.buildMQClientId()), producers);
        String consumers = browser.findElement(By.id("consumers-table")).getText();
        assertTrue(consumers.contains(ConsoleData.FAILING) && consumers.contains(ConsoleData.PAYMENTS), consumers);
        screenshot("connections");
    }

    @Test
    @Order(7)
    void aDeadLetterIsReSentFromThePage() throws Exception {
        data.stopClients(); // the failing consumer would dead-letter the re-sent copy again
        open("dlq");
        browser.findElement(By.cssSelector("tr[data-topic='" + ConsoleData.DLQ + "'] button.browse")).click();
        WebElement row = new WebDriverWait(browser, WAIT).until(d -> d.findElement(By.cssSelector(
                "#dlq-messages tr[data-msgid='" + data.payment.getMsgId() + "']")));
        assertTrue(row.getText().contains(ConsoleData.PAYMENT_BODY), row.getText());
        screenshot("dlq");
        row.findElement(By.cssSelector("button.resend")).click();
        new WebDriverWait(browser, WAIT).until(d -> row.findElement(By.cssSelector("td.status")).getText()
                .startsWith("re-sent to " + ConsoleData.PAYMENTS));
        assertEquals("", browser.findElement(By.id("error")).getText());

        List<MessageExt> payments = fixture.readAll(ConsoleData.PAYMENTS, 2, Duration.ofSeconds(20));
        assertEquals(2, payments.size(), "the original and the re-sent copy");
        for (MessageExt payment : payments) {
            assertEquals(ConsoleData.PAYMENT_BODY, new String(payment.getBody(), StandardCharsets.UTF_8));
            assertEquals(data.payment.getMsgId(), payment.getMsgId());
        }
        await().atMost(WAIT).untilAsserted(() -> {
            open("dlq");
            browser.findElement(By.cssSelector("tr[data-topic='" + ConsoleData.DLQ + "'] button.browse")).click();
            WebElement again = new WebDriverWait(browser, WAIT).until(d -> d.findElement(By.cssSelector(
                    "#dlq-messages tr[data-msgid='" + data.payment.getMsgId() + "'] td.status")));
            assertTrue(again.getText().startsWith("re-sent to " + ConsoleData.PAYMENTS), again.getText());
        });
        screenshot("dlq-after-resend");
    }
}
