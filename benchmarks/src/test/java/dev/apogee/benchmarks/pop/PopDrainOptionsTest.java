package dev.apogee.benchmarks.pop;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PopDrainOptionsTest {

    @Test
    void readsTheOptionsRunBrokerBenchPasses() {
        PopDrainOptions o = PopDrainOptions.parse(new String[] {"--namesrv=127.0.0.1:19876", "--topic=drain",
            "--group=pop_cg_apache", "--messages=200000", "--seconds=300", "--idle=10",
            "--label=apache|ASYNC_FLUSH|pop-drain", "--watch=broker:12,namesrv:13"});
        assertEquals("127.0.0.1:19876", o.namesrv());
        assertEquals("drain", o.topic());
        assertEquals("pop_cg_apache", o.group());
        assertEquals(200_000, o.messages());
        assertEquals(300, o.seconds());
        assertEquals(10, o.idleSeconds());
        assertEquals(20, o.consumeThreads(), "the official client's default");
        assertEquals(32, o.popBatch(), "the official client's default");
        assertEquals(60_000, o.invisibleMillis(), "the official client's default");
        assertEquals("broker:12,namesrv:13", o.watch());
    }

    @Test
    void rejectsWhatWouldMeasureNothingWithAMessageNamingTheOption() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
            () -> PopDrainOptions.parse(new String[] {"--namesrv=a:1", "--topic=t", "--messages=10"}));
        assertTrue(missing.getMessage().contains("--group"), missing.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> PopDrainOptions.parse(new String[] {"--namesrv=a:1", "--topic=t", "--group=g", "--messages=10",
                "--threads=4"}));
        assertTrue(unknown.getMessage().contains("--threads"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PopDrainOptions.parse(new String[] {"--namesrv=a:1",
            "--topic=t", "--group=g", "--messages=10", "--invisibleMs=10"}));
        assertThrows(IllegalArgumentException.class, () -> PopDrainOptions.parse(new String[] {"topic"}));
    }
}
