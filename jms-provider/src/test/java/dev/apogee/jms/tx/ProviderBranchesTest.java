package dev.apogee.jms.tx;

import dev.apogee.jms.message.WireMessage;
import dev.apogee.jms.provider.BranchFailure;
import dev.apogee.jms.provider.ConsumerId;
import dev.apogee.jms.provider.ConsumerSpec;
import dev.apogee.jms.provider.NativeProvider;
import dev.apogee.jms.provider.NativeProviderConfig;
import dev.apogee.jms.provider.ProviderTransaction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Provider-level branches: a branch prepared by one connection is listed by recover and decided by id from another
 * (the recovering process), and unknown ids are reported as such.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ProviderBranchesTest {
    private static TxBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = TxBroker.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private static NativeProvider connect() {
        NativeProvider p = new NativeProvider(new NativeProviderConfig(broker.namesrvAddress(), 5_000, 5_000, 4,
                1_000, 5_000, 0));
        p.connect().join();
        return p;
    }

    private static WireMessage message(String topic, String text) {
        return new WireMessage(topic, null, null, text.getBytes(StandardCharsets.UTF_8), Map.of(), 0, 0);
    }

    @Test
    void preparedBranchesAreDecidedByIdFromAnotherConnection() throws Exception {
        NativeProvider preparing = connect();
        NativeProvider recovering = connect();
        try {
            String topic = "PBT_" + UUID.randomUUID().toString().substring(0, 8);
            preparing.ensureTopic(topic).join();
            ConsumerId reader = recovering.createConsumer(new ConsumerSpec(topic, "PBT_GROUP", null, false, false))
                    .join();

            ProviderTransaction committed = preparing.branches().begin("L:" + UUID.randomUUID());
            committed.send(message(topic, "commit-me"), 0);
            assertTrue(committed.prepare());
            ProviderTransaction rolledBack = preparing.branches().begin("L:" + UUID.randomUUID());
            rolledBack.send(message(topic, "roll-me-back"), 0);
            assertTrue(rolledBack.prepare());

            assertTrue(recovering.branches().recover().contains(committed.branchId()));
            assertTrue(recovering.branches().recover().contains(rolledBack.branchId()));
            assertNull(recovering.pull(reader, 300).join(), "prepared halves are invisible");

            recovering.branches().rollback(rolledBack.branchId());
            recovering.branches().commit(committed.branchId());
            WireMessage visible = recovering.pull(reader, 10_000).join();
            assertNotNull(visible);
            assertEquals("commit-me", new String(visible.body(), StandardCharsets.UTF_8));
            assertNull(recovering.pull(reader, 500).join(), "the rolled-back half never appears");
            assertFalse(recovering.branches().recover().contains(committed.branchId()));
            assertFalse(recovering.branches().recover().contains(rolledBack.branchId()));
        } finally {
            preparing.close();
            recovering.close();
        }
    }

    @Test
    void unknownBranchesAndReadOnlyBranches() throws Exception {
        NativeProvider p = connect();
        try {
            BranchFailure unknown = assertThrows(BranchFailure.class,
                    () -> p.branches().commit("L:" + UUID.randomUUID()));
            assertEquals(BranchFailure.Reason.UNKNOWN_BRANCH, unknown.reason());
            ProviderTransaction nothing = p.branches().begin("L:" + UUID.randomUUID());
            assertFalse(nothing.prepare(), "a branch that touched no broker is read-only");
            nothing.commit(false);
            BranchFailure invalid = assertThrows(BranchFailure.class, () -> p.branches().begin("L:bad id!")
                    .send(message("PBT_INVALID", "x"), 0));
            assertEquals(BranchFailure.Reason.INVALID, invalid.reason());
        } finally {
            p.close();
        }
    }
}
