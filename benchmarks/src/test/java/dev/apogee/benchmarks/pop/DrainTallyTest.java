package dev.apogee.benchmarks.pop;

import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DrainTallyTest {

    private static MessageExt at(int queueId, long offset) {
        MessageExt m = new MessageExt();
        m.setQueueId(queueId);
        m.setQueueOffset(offset);
        m.setBody(new byte[16]);
        return m;
    }

    @Test
    void aMessagePoppedAgainCountsOnceAndTheSameOffsetInAnotherQueueIsAnotherMessage() {
        DrainTally t = new DrainTally();
        t.record(List.of(at(0, 0), at(0, 1), at(1, 0)));
        t.record(List.of(at(0, 1))); // due again after its invisible time
        assertEquals(4, t.deliveries());
        assertEquals(3, t.distinct());
        assertEquals(64, t.bytes());
        assertTrue(t.firstNanos() > 0 && t.lastNanos() >= t.firstNanos());
    }
}
