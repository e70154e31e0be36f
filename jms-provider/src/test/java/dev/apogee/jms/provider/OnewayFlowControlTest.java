package dev.apogee.jms.provider;

import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.SendResult;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * {@link OnewayFlowControl} against a recording producer: every {@value OnewayFlowControl#EVERY}th send is an
 * answered probe, the others oneway, and none of them asks the broker to wait for the disk (NON_PERSISTENT: a
 * SYNC_FLUSH broker would otherwise queue a group commit for every oneway message nobody waits for).
 */
class OnewayFlowControlTest {

    /** Records what was sent how; never started, never touches the network. */
    private static final class RecordingProducer extends Producer {
        final List<Message> oneway = new ArrayList<>();
        final List<Message> probes = new ArrayList<>();

        RecordingProducer() {
            super(new ProducerConfig("oneway-flow-control-test"));
        }

        @Override
        public void sendOnewayCoalesced(Message message, int shard) {
            oneway.add(message);
        }

        @Override
        public CompletableFuture<SendResult> sendAsync(Message message, int shard, boolean retry) {
            probes.add(message);
            return CompletableFuture.completedFuture(null);
        }
    }

    @Test
    void everyMessageIsStoredWithoutWaitingForTheDiskAndEveryNthIsAProbe() throws Exception {
        RecordingProducer producer = new RecordingProducer();
        OnewayFlowControl flow = new OnewayFlowControl(1_000, new BrokerOrdering(1));
        int sends = 3 * OnewayFlowControl.EVERY + 5;
        for (int i = 0; i < sends; i++) {
            Message message = new Message("T", new byte[] {1});
            flow.send(producer, message, 0);
        }
        assertEquals(3, producer.probes.size());
        assertEquals(sends - 3, producer.oneway.size());
        for (Message m : producer.oneway) {
            assertFalse(m.isWaitStoreMsgOK(), "a oneway send must not make the broker wait for the disk");
        }
        for (Message m : producer.probes) {
            assertFalse(m.isWaitStoreMsgOK(), "a probe is answered once appended");
        }
    }

    /** Answers probes only when the test says so. */
    private static final class SlowBroker extends Producer {
        final List<CompletableFuture<SendResult>> answers = new CopyOnWriteArrayList<>();

        SlowBroker() {
            super(new ProducerConfig("oneway-flow-control-slow"));
        }

        @Override
        public void sendOnewayCoalesced(Message message, int shard) {
        }

        @Override
        public CompletableFuture<SendResult> sendAsync(Message message, int shard, boolean retry) {
            CompletableFuture<SendResult> answer = new CompletableFuture<>();
            answers.add(answer);
            return answer;
        }
    }

    @Test
    void aProbeWaitsOnlyWhileEnoughEarlierOnesAreUnanswered() throws Exception {
        SlowBroker broker = new SlowBroker();
        OnewayFlowControl flow = new OnewayFlowControl(30_000, new BrokerOrdering(1));
        int free = OnewayFlowControl.PROBES_IN_FLIGHT * OnewayFlowControl.EVERY + OnewayFlowControl.EVERY - 1;
        for (int i = 0; i < free; i++) { // none of these waits: nothing is answered, yet the bound is not reached
            flow.send(broker, new Message("T", new byte[] {1}), 0);
        }
        assertEquals(OnewayFlowControl.PROBES_IN_FLIGHT, broker.answers.size());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread sender = new Thread(() -> {
            try {
                flow.send(broker, new Message("T", new byte[] {1}), 0); // the next probe: waits for the oldest
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        sender.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> sender.getState() == Thread.State.TIMED_WAITING);
        assertEquals(OnewayFlowControl.PROBES_IN_FLIGHT, broker.answers.size(), "not sent while it waits");
        broker.answers.get(0).complete(null);
        sender.join(10_000);
        assertFalse(sender.isAlive());
        assertNull(failure.get());
        assertEquals(OnewayFlowControl.PROBES_IN_FLIGHT + 1, broker.answers.size());
    }
}
