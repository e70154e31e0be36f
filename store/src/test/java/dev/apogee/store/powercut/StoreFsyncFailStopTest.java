package dev.apogee.store.powercut;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.apogee.store.FlushMode;
import dev.apogee.store.MessageStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import dev.apogee.store.StoreTestSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Fail-stop in the store: an fsync failing with EIO (injected by the power-cut filesystem, which also drops the data
 * it covered) makes the waiting put and every later one FSYNC_FAILED, is never retried, and after a power cut every
 * put answered PUT_OK is there.
 */
@Timeout(120)
class StoreFsyncFailStopTest {
    @TempDir
    Path dir;
    private PowerCutFs fs;

    @BeforeEach
    void mount() throws Exception {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(),
                () -> "power-cut filesystem skipped: " + PowerCutFs.unavailableReason().orElseThrow());
        fs = PowerCutFs.mount(dir);
    }

    @AfterEach
    void unmount() throws Exception {
        if (fs != null) {
            System.gc(); // releases the closed store's mappings, so the unmount is not busy
            fs.close();
        }
    }

    @Test
    void aFailedFsyncFailsThePutAndStopsWritesForGood() throws Exception {
        List<String> ok = new ArrayList<>();
        MessageStore store = StoreTestSupport.openStarted(config());
        try {
            for (int i = 0; i < 50; i++) {
                assertEquals(PutStatus.PUT_OK, put(store, "before-" + i).status());
                ok.add("before-" + i);
            }
            assertNull(store.fsyncFailure());

            fs.failNextFsync();
            PutResult failed = put(store, "failed");

            assertEquals(PutStatus.FSYNC_FAILED, failed.status());
            assertNotNull(store.fsyncFailure());
            assertTrue(store.fsyncFailure().getMessage().contains("STORE-FSYNC-FAILED"));
            for (int i = 0; i < 5; i++) {
                assertEquals(PutStatus.FSYNC_FAILED, put(store, "after-" + i).status(), "writes stay stopped");
            }
        } finally {
            store.shutdown();
        }
        assertEquals(1, count(fs.log(), "injected EIO"), fs.log());

        fs.powerCut(0);

        MessageStore reopened = StoreTestSupport.openStarted(config());
        try {
            List<String> stored = new ArrayList<>();
            reopened.getMessages("T", 0, 0, 1000, 1 << 20, null).messages()
                    .forEach(b -> stored.add(StoreTestSupport.body(b)));
            assertTrue(stored.containsAll(ok), "acknowledged puts lost: " + stored);
            assertTrue(stored.stream().noneMatch(b -> b.startsWith("after-")), "a refused put was stored: " + stored);
        } finally {
            reopened.shutdown();
        }
    }

    private dev.apogee.store.StoreConfig config() {
        return StoreTestSupport.smallConfig(fs.root().resolve("store")).flushMode(FlushMode.SYNC_FLUSH).build();
    }

    private static PutResult put(MessageStore store, String body) throws Exception {
        return StoreTestSupport.put(store, StoreTestSupport.message("T", 0, body));
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
