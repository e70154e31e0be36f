package dev.apogee.broker.acceptance;

import dev.apogee.store.powercut.PowerCutFs;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Transaction decisions under power cuts (SYNC_FLUSH): the official 5.3.3 {@link TransactionMQProducer} sends half
 * messages from three threads and decides each one locally by its sequence number: commit, roll back, "unknown" with
 * the check-back answering commit, or "unknown" for good. The official producer sends its decision one-way, so a cut
 * can lose a decision it sent: the broker's check-back must then ask again, and the producer answers from the
 * decisions it took. {@value #CUTS} times the broker is killed with transactions in flight and its disk loses
 * everything not fsynced. At the end: every committed message is in the topic exactly once and intact; no rolled-back
 * or never-decided message ever is; a message decided only by the check-back is there only if it was checked back.
 */
@Tag("slow")
@Timeout(900)
class PowerCutTransactionTest {
    static final int CUTS = 20;

    @TempDir
    Path dir;

    /** How each body's transaction ends, from its sequence number. */
    enum Fate {
        COMMIT, ROLLBACK, COMMIT_ON_CHECK, NEVER;

        static Fate of(String body) {
            String key = body.substring(0, body.indexOf('|'));
            return values()[Integer.parseInt(key.substring(key.lastIndexOf('-') + 1)) % 4];
        }
    }

    @Test
    void committedMessagesAndOnlyThoseSurvivePowerCuts() throws Exception {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(),
                () -> "power-cut suite skipped: " + PowerCutFs.unavailableReason().orElseThrow());
        Set<String> checkedBack = ConcurrentHashMap.newKeySet();
        Map<String, Fate> answered = new ConcurrentHashMap<>();
        try (PowerCutRig rig = new PowerCutRig(dir, "SYNC_FLUSH",
                "transactionTimeOut=500", "transactionCheckInterval=300", "transactionCheckMax=1000")) {
            TransactionMQProducer producer = new TransactionMQProducer(OfficialClients.unique("pg-tx-cut"));
            producer.setNamesrvAddr(rig.namesrvAddress());
            producer.setInstanceName(OfficialClients.unique("p"));
            producer.setSendMsgTimeout(3_000);
            producer.setRetryTimesWhenSendFailed(0);
            // a restarted broker knows the producer (to check back) only from its next heartbeat
            producer.setHeartbeatBrokerInterval(1_000);
            producer.setTransactionListener(new Listener(checkedBack));
            producer.start();
            try {
                for (int round = 1; round <= CUTS; round++) {
                    rig.startBroker();
                    rig.loadThenCut(round, 3, 12, round % 2 == 0 ? round : 0, body -> {
                        TransactionSendResult result = producer.sendMessageInTransaction(
                                new Message(rig.topic(), body.getBytes(StandardCharsets.UTF_8)), null);
                        boolean ok = result.getSendStatus() == SendStatus.SEND_OK;
                        if (ok) {
                            answered.put(body, Fate.of(body));
                        }
                        return ok;
                    });
                }
                rig.startBroker();
                List<String> mustArrive = answered.entrySet().stream()
                        .filter(e -> e.getValue() == Fate.COMMIT).map(Map.Entry::getKey).toList();
                Map<String, Integer> stored = new HashMap<>();
                // commits whose one-way decision the cut took are committed again by the check-back
                await("every committed transaction in " + rig.topic()).atMost(Duration.ofSeconds(120))
                        .pollInterval(Duration.ofSeconds(1)).ignoreExceptions().until(() -> {
                            stored.clear();
                            OfficialClients.readAll(rig.namesrvAddress(), rig.topic())
                                    .forEach(m -> stored.merge(OfficialClients.body(m), 1, Integer::sum));
                            return stored.keySet().containsAll(mustArrive);
                        });
                assertFates(answered, checkedBack, stored);
                System.out.printf("transactions under power cuts: %d cuts, %d halves acknowledged (%d committed, %d"
                        + " rolled back, %d committed on check-back, %d never decided), %d stored, %d checked back%n",
                        CUTS, answered.size(), mustArrive.size(), count(answered, Fate.ROLLBACK),
                        count(answered, Fate.COMMIT_ON_CHECK), count(answered, Fate.NEVER), stored.size(),
                        checkedBack.size());
            } finally {
                producer.shutdown();
            }
        }
    }

    private static void assertFates(Map<String, Fate> answered, Set<String> checkedBack, Map<String, Integer> stored) {
        for (Map.Entry<String, Integer> e : stored.entrySet()) {
            String body = e.getKey();
            assertTrue(PowerCutRig.intact(body), "damaged body: " + body);
            assertEquals(1, e.getValue(), body + " stored " + e.getValue() + " times");
            Fate fate = Fate.of(body);
            assertTrue(fate == Fate.COMMIT || fate == Fate.COMMIT_ON_CHECK,
                    body + " was delivered although its transaction was " + fate);
            if (fate == Fate.COMMIT_ON_CHECK) {
                assertTrue(checkedBack.contains(body), body + " was delivered without its check-back committing it");
            }
        }
        // committed transactions whose half was never acknowledged may be stored too (the answer was lost, not the
        // decision); the ones acknowledged must all be there
        List<String> lost = answered.entrySet().stream().filter(e -> e.getValue() == Fate.COMMIT)
                .map(Map.Entry::getKey).filter(b -> !stored.containsKey(b)).toList();
        assertTrue(lost.isEmpty(),
                lost.size() + " committed transactions lost, e.g. " + lost.stream().limit(5).toList());
    }

    private static long count(Map<String, Fate> answered, Fate fate) {
        return answered.values().stream().filter(f -> f == fate).count();
    }

    /** Decides each body by its fate; the check-back commits only COMMIT and COMMIT_ON_CHECK bodies. */
    private record Listener(Set<String> checkedBack) implements TransactionListener {
        @Override
        public LocalTransactionState executeLocalTransaction(Message msg, Object arg) {
            return switch (Fate.of(new String(msg.getBody(), StandardCharsets.UTF_8))) {
                case COMMIT -> LocalTransactionState.COMMIT_MESSAGE;
                case ROLLBACK -> LocalTransactionState.ROLLBACK_MESSAGE;
                case COMMIT_ON_CHECK, NEVER -> LocalTransactionState.UNKNOW;
            };
        }

        @Override
        public LocalTransactionState checkLocalTransaction(MessageExt msg) {
            String body = new String(msg.getBody(), StandardCharsets.UTF_8);
            return switch (Fate.of(body)) {
                case COMMIT -> LocalTransactionState.COMMIT_MESSAGE;
                case ROLLBACK -> LocalTransactionState.ROLLBACK_MESSAGE;
                case COMMIT_ON_CHECK -> {
                    checkedBack.add(body);
                    yield LocalTransactionState.COMMIT_MESSAGE;
                }
                case NEVER -> LocalTransactionState.UNKNOW;
            };
        }
    }
}
