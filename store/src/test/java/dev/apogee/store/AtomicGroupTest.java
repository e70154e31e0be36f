package dev.apogee.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.apogee.store.record.SysFlag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.apogee.store.StoreTestSupport.*;
import static dev.apogee.store.StoreVerifier.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * {@link MessageStore#putAtomicGroup}: a header and members of several queues in one append, dispatched only once
 * durable, and cut whole by recovery when its tail is torn.
 */
class AtomicGroupTest {
    @TempDir
    Path dir;

    /** No background flush: only {@code awaitDurable} makes anything durable. */
    private static StoreConfig config(Path d) {
        return smallConfig(d).flushMode(FlushMode.ASYNC_FLUSH).flushIntervalMs(600_000)
                .flushThoroughIntervalMs(600_000).flushConsumeQueueIntervalMs(60_000).build();
    }

    private static List<MessageToStore> members() {
        return List.of(message("R", 0, "r0-a"), message("R", 1, "r1-a"), message("S", 0, "s0-a"),
                message("R", 0, "r0-b"));
    }

    @Test
    void membersTakeTheirOwnQueueOffsetsAndNothingIsDispatchedBeforeTheGroupIsDurable() throws Exception {
        try (MessageStore store = openStarted(config(dir))) {
            PutResult before = put(store, message("R", 0, "plain"));
            awaitDispatched(store);
            PutResult group = store.putAtomicGroup(message("H", 0, "decision"), members());
            assertEquals(PutStatus.PUT_OK, group.status());
            assertEquals(5, group.physicalOffsets().length);
            assertEquals(before.nextOffset(), group.wroteOffset());
            PutResult after = put(store, message("R", 1, "after the group"));

            // held: neither the group nor the put after it reaches a consume queue while the group is not durable
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
            while (System.nanoTime() < deadline) {
                assertEquals(1, store.getMaxOffsetInQueue("R", 0));
                assertEquals(0, store.getMaxOffsetInQueue("R", 1));
                assertEquals(0, store.getMaxOffsetInQueue("H", 0));
                assertEquals(group.wroteOffset(), store.getDispatchedPhyOffset());
                Thread.sleep(20);
            }

            assertEquals(PutStatus.PUT_OK, store.awaitDurable(group).status());
            awaitDispatched(store);
            assertEquals(3, store.getMaxOffsetInQueue("R", 0));
            assertEquals(2, store.getMaxOffsetInQueue("R", 1));
            assertEquals(1, store.getMaxOffsetInQueue("S", 0));
            assertEquals(1, store.getMaxOffsetInQueue("H", 0));
            assertEquals(1, after.queueOffset(), "a put after the group continues the queue the group used");
            ByteBuffer header = store.lookMessageByOffset(group.wroteOffset()).orElseThrow();
            assertTrue(SysFlag.isAtomicGroupHeader(view(header).sysFlag()));
            assertEquals(group.wroteBytes() - view(header).totalSize(), view(header).preparedTransactionOffset(),
                    "the header names the bytes of the members after it");
            ByteBuffer lastMember = store.lookMessageByOffset(group.physicalOffsets()[4]).orElseThrow();
            assertEquals("r0-b", body(lastMember));
            assertEquals(2, view(lastMember).queueOffset());
            assertFalse(SysFlag.isAtomicGroupHeader(view(lastMember).sysFlag()));
        }
    }

    @Test
    void recoveryKeepsAWholeGroupAndCutsOneWhoseLastMemberIsTorn() throws Exception {
        Path live = dir.resolve("live");
        Path whole = dir.resolve("whole");
        Path torn = dir.resolve("torn");
        PutResult before;
        PutResult group;
        try (MessageStore store = openStarted(config(live))) {
            before = put(store, message("R", 0, "plain"));
            group = store.putAtomicGroup(message("H", 0, "decision"), members());
            assertEquals(PutStatus.PUT_OK, store.awaitDurable(group).status());
            awaitDispatched(store);
            copyDir(live, whole); // the store is open: both images recover as after a crash
            copyDir(live, torn);
        }
        long lastMember = group.physicalOffsets()[4];
        zero(lastCommitLogFile(torn), (int) (group.nextOffset() % CL_FILE_SIZE) - 40, 40);

        try (MessageStore store = openStarted(config(whole))) {
            assertEquals(group.nextOffset(), store.getMaxPhyOffset());
            assertEquals(3, store.getMaxOffsetInQueue("R", 0));
            assertEquals("r0-b", body(store.lookMessageByOffset(lastMember).orElseThrow()));
        }
        try (MessageStore store = openStarted(config(torn))) {
            assertEquals(before.nextOffset(), store.getMaxPhyOffset(), "the log ends before the torn group");
            assertEquals(1, store.getMaxOffsetInQueue("R", 0));
            assertEquals(0, store.getMaxOffsetInQueue("R", 1));
            assertEquals(0, store.getMaxOffsetInQueue("S", 0));
            assertEquals(0, store.getMaxOffsetInQueue("H", 0));
            assertTrue(store.lookMessageByOffset(group.physicalOffsets()[1]).isEmpty(), "intact members are cut too");
            PutResult next = put(store, message("R", 0, "after recovery"));
            assertEquals(1, next.queueOffset());
            assertEquals(before.nextOffset(), next.wroteOffset());
        }
    }

    private static void zero(Path file, int pos, int length) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(length), pos);
        }
    }
}
