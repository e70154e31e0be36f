package dev.apogee.client.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Bad settings fail at once with a message naming them. */
class PopConsumerConfigTest {

    private static void rejected(String expected, Runnable setting) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, setting::run);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void badSettingsAreRejected() {
        PopConsumerConfig config = new PopConsumerConfig("g", "t");
        rejected("consumer group", () -> new PopConsumerConfig(" ", "t"));
        rejected("topic", () -> new PopConsumerConfig("g", "a b"));
        rejected("batch size", () -> config.setBatchSize(33));
        rejected("batch size", () -> config.setBatchSize(0));
        rejected("invisible time", () -> config.setInvisibleTime(Duration.ofMillis(999)));
        rejected("poll time", () -> config.setPollTime(Duration.ZERO));
        rejected("max in-flight", () -> config.setMaxInFlight(0));
        rejected("consume threads", () -> config.setConsumeThreads(-1));
        rejected("back-off", () -> config.setBackoff());
        rejected("back-off", () -> config.setBackoff(Duration.ofMillis(10)));
        rejected("redelivery delay", () -> PopConsumeResult.later(Duration.ofMillis(5)));
        rejected("expression type", () -> new Selector("XPATH", "a"));
        rejected("expression", () -> Selector.tag(" "));
        rejected("maxMessages", () -> new PopRequest("g", "t", "b", -1, 40, 1_000, 0, Selector.ALL, false));
    }

    @Test
    void backoffFollowsTheReconsumeCountAndRepeatsItsLastDelay() {
        PopConsumerConfig config = new PopConsumerConfig("g", "t");
        assertEquals(10_000, config.backoffMillis(0));
        assertEquals(30_000, config.backoffMillis(1));
        assertEquals(7_200_000, config.backoffMillis(100));
        config.setBackoff(Duration.ofSeconds(1), Duration.ofSeconds(2));
        assertEquals(1_000, config.backoffMillis(0));
        assertEquals(2_000, config.backoffMillis(5));
    }
}
