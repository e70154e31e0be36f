package dev.apogee.client.consumer;

import dev.apogee.client.message.MessageExt;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Offset arithmetic: the committable offset is the lowest in-flight offset, or one past the highest pulled. */
class ProcessQueueTest {
    private static final Object[][] CASES = {
        // pulled offsets, finished offsets, expected committable offset after finishing
        {List.of(10L, 11L, 12L), List.of(10L), 11L},
        {List.of(10L, 11L, 12L), List.of(11L), 10L},
        {List.of(10L, 11L, 12L), List.of(12L, 11L), 10L},
        {List.of(10L, 11L, 12L), List.of(10L, 11L, 12L), 13L},
        {List.of(10L, 11L, 12L), List.of(10L, 12L), 11L},
        {List.of(5L), List.of(5L), 6L},
    };

    @Test
    void committableOffsetIsTheLowestInFlight() {
        for (Object[] c : CASES) {
            ProcessQueue pq = new ProcessQueue();
            @SuppressWarnings("unchecked") List<Long> pulled = (List<Long>) c[0];
            @SuppressWarnings("unchecked") List<Long> finished = (List<Long>) c[1];
            pq.put(messages(pulled));
            long offset = -1;
            for (Long f : finished) {
                offset = pq.remove(messages(List.of(f)));
            }
            assertEquals((long) c[2], offset, "pulled " + pulled + " finished " + finished);
            assertEquals((long) c[2], pq.committableOffset());
            assertEquals(pulled.size() - finished.size(), pq.cachedCount());
        }
    }

    @Test
    void removingFromAnEmptyQueueReportsNothing() {
        assertEquals(-1, new ProcessQueue().remove(messages(List.of(1L))));
        assertEquals(-1, new ProcessQueue().committableOffset());
    }

    @Test
    void orderlyTakeCommitAndRollback() {
        ProcessQueue pq = new ProcessQueue();
        assertTrue(pq.put(messages(List.of(0L, 1L, 2L))), "first put starts a consume task");
        assertFalse(pq.put(messages(List.of(3L))), "a task is already running");
        assertEquals(List.of(0L, 1L), offsets(pq.take(2)));
        pq.rollback();
        assertEquals(List.of(0L, 1L), offsets(pq.take(2)));
        assertEquals(2, pq.commit());
        assertEquals(2, pq.committableOffset());
        assertEquals(List.of(2L, 3L), offsets(pq.take(5)));
        assertEquals(4, pq.commit());
        assertTrue(pq.take(1).isEmpty(), "empty take ends the task");
        assertTrue(pq.put(messages(List.of(4L))), "next put starts a new task");
        assertEquals(1, pq.cachedCount());
    }

    private static List<MessageExt> messages(List<Long> offsets) {
        List<MessageExt> list = new ArrayList<>();
        for (long offset : offsets) {
            MessageExt m = new MessageExt();
            m.setQueueOffset(offset);
            m.setBody(new byte[10]);
            list.add(m);
        }
        return list;
    }

    private static List<Long> offsets(List<MessageExt> messages) {
        return messages.stream().map(MessageExt::getQueueOffset).toList();
    }
}
