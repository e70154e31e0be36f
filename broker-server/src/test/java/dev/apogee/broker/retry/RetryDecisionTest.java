package dev.apogee.broker.retry;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Section 2.5's routing of a sent-back message, table-driven. */
class RetryDecisionTest {
    @ParameterizedTest(name = "level {0}, reconsumed {1} of max {2} -> dlq={3}, level {4}")
    @CsvSource({
            // requested, reconsumeTimes, max, deadLetter, level
            "0, 0, 16, false, 3",
            "0, 1, 16, false, 4",
            "0, 15, 16, false, 18",
            "0, 16, 16, true, 0",
            "0, 17, 16, true, 0",
            "5, 0, 16, false, 5",
            "-1, 0, 16, true, 0",
            "0, 2, 2, true, 0",
            "0, 1, 2, false, 4",
            "0, 0, 0, true, 0",
    })
    void routes(int requested, int reconsumeTimes, int max, boolean deadLetter, int level) {
        RetryDecision decision = RetryDecision.of(requested, reconsumeTimes, max);
        assertEquals(deadLetter, decision.deadLetter());
        assertEquals(level, decision.delayLevel());
    }
}
