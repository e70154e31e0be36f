package dev.apogee.benchmarks.recovery;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class RecoveryBenchOptionsTest {

    @Test
    void defaultsAreTheDocumentedOnes() {
        RecoveryBenchOptions o = RecoveryBenchOptions.parse(new String[0]);
        assertEquals(List.of(1, 10, 30), o.sizesGib());
        assertEquals(Path.of("/tmp/apogee-recovery-bench"), o.dir());
        assertEquals(1, o.runs());
        assertEquals(3, o.loadSeconds());
        assertEquals("SYNC_FLUSH", o.flush());
        assertEquals(4096, o.messageBytes());
        assertFalse(o.dropCaches());
        assertFalse(o.keep());
        assertEquals(List.of("-Xms1g", "-Xmx1g", "-XX:+UseG1GC", "-XX:MaxDirectMemorySize=2g"), o.jvmOptions(),
                "bin/mqbroker's defaults (no pre-touch unless APOGEE_PRETOUCH=true)");
    }

    @Test
    void everyOptionIsParsed() {
        RecoveryBenchOptions o = RecoveryBenchOptions.parse(new String[] {"--sizes=2,5", "--dir=/x", "--runs=3",
                "--load-seconds=7", "--flush=ASYNC_FLUSH", "--message-bytes=512", "--out=/o", "--drop-caches",
                "--keep", "--java-opts=-Xmx2g  -XX:+UseSerialGC"});
        assertEquals(List.of(2, 5), o.sizesGib());
        assertEquals(Path.of("/x"), o.dir());
        assertEquals(3, o.runs());
        assertEquals(7, o.loadSeconds());
        assertEquals("ASYNC_FLUSH", o.flush());
        assertEquals(512, o.messageBytes());
        assertEquals(Path.of("/o"), o.out());
        assertTrue(o.dropCaches());
        assertTrue(o.keep());
        assertEquals(List.of("-Xmx2g", "-XX:+UseSerialGC"), o.jvmOptions());
    }

    @Test
    void badOptionsAreOneClearLine() {
        assertMessage("unknown option --bogus (see --help)", "--bogus");
        assertMessage("--sizes must be ascending, got 10,1", "--sizes=10,1");
        assertMessage("--sizes must be a whole number, got x", "--sizes=1,x");
        assertMessage("--runs must be in 1..100, got 0", "--runs=0");
        assertMessage("--flush must be SYNC_FLUSH or ASYNC_FLUSH, got SOMETIMES", "--flush=SOMETIMES");
        assertMessage("--dir needs a value: --dir=...", "--dir=");
        assertMessage("--keep takes no value", "--keep=yes");
    }

    private static void assertMessage(String expected, String arg) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RecoveryBenchOptions.parse(new String[] {arg}));
        assertEquals(expected, e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }
}
