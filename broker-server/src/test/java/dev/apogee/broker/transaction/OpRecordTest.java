package dev.apogee.broker.transaction;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Op record bodies: one decision (as stored by older brokers and single decisions) or a branch's many. */
class OpRecordTest {
    @Test
    void singleDecisionBodyNamesItsTransaction() {
        assertEquals(List.of("ABC"), TransactionDecisions.decidedIds("17\nABC".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void branchBodyNamesEveryHalfAndSkipsMissingIds() {
        byte[] body = "3\nA1\n4\n\n5\nC3".getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of("A1", "C3"), TransactionDecisions.decidedIds(body));
    }

    @Test
    void bodyWithoutIdNamesNothing() {
        assertEquals(List.of(), TransactionDecisions.decidedIds("42".getBytes(StandardCharsets.UTF_8)));
        assertEquals(List.of(), TransactionDecisions.decidedIds("42\n".getBytes(StandardCharsets.UTF_8)));
    }
}
