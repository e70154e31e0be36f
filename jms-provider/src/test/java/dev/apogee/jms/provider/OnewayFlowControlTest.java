package dev.apogee.jms.provider;

import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.CoalescedSendStats;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.SendResult;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * {@link OnewayFlowControl} against a recording producer: every {@value OnewayFlowControl#EVERY}th send is an
 * answered probe, the others oneway, and none of them asks the broker to wait for the disk (NON_PERSISTENT: a
 * SYNC_FLUSH broker would otherwise queue a group commit for every oneway message nobody waits for); a probe waits
 * while the window of unanswered messages, bytes or requests is full.
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

    /** Answers probes only when the test says so; may report each oneway send as a request of its own. */
    private static final class SlowBroker extends Producer {
        final List<CompletableFuture<SendResult>> answers = new CopyOnWriteArrayList<>();
        final boolean noCoalescing;
        final AtomicLong onewayRequests = new AtomicLong();

        SlowBroker(boolean noCoalescing) {
            super(new ProducerConfig("oneway-flow-control-slow"));
            this.noCoalescing = noCoalescing;
        }

        @Override
        public void sendOnewayCoalesced(Message message, int shard) {
            if (noCoalescing) {
                onewayRequests.incrementAndGet();
            }
        }

        @Override
        public CompletableFuture<SendResult> sendAsync(Message message, int shard, boolean retry) {
            CompletableFuture<SendResult> answer = new CompletableFuture<>();
            answers.add(answer);
            return answer;
        }

        @Override
        public CoalescedSendStats coalescedSendStats() {
            return new CoalescedSendStats(onewayRequests.get(), onewayRequests.get());
        }
    }

    /** 1-byte bodies, coalesced: the window in messages is reached first. */
    @Test
    void aProbeWaitsWhileTheMessagesSentAfterTheLastAnsweredOneAreOverTheWindow() throws Exception {
        long probesFree = OnewayFlowControl.WINDOW_MESSAGES / OnewayFlowControl.EVERY;
        assertTheProbeAfterWaits(new SlowBroker(false), 1, (int) (probesFree * OnewayFlowControl.EVERY
                + OnewayFlowControl.EVERY - 1), (int) probesFree);
    }

    /** Large bodies: a probe every PROBE_BYTES, and the window in bytes is reached first. */
    @Test
    void aProbeWaitsWhileTheBytesSentAfterTheLastAnsweredOneAreOverTheWindow() throws Exception {
        int size = 64 * 1024;
        int perProbe = (int) (OnewayFlowControl.PROBE_BYTES / size);
        int probesFree = (int) (OnewayFlowControl.WINDOW_BYTES / OnewayFlowControl.PROBE_BYTES);
        assertTheProbeAfterWaits(new SlowBroker(false), size, probesFree * perProbe + perProbe - 1, probesFree);
    }

    /**
     * Messages that were not coalesced (a request each): the window in requests is reached first, so that one
     * connection cannot fill the broker's send queue (bounded in requests) with its unanswered oneway sends.
     */
    @Test
    void aProbeWaitsWhileTheRequestsSentAfterTheLastAnsweredOneAreOverTheWindow() throws Exception {
        int probesFree = (int) (OnewayFlowControl.WINDOW_REQUESTS / OnewayFlowControl.EVERY);
        assertTheProbeAfterWaits(new SlowBroker(true), 1, probesFree * OnewayFlowControl.EVERY
                + OnewayFlowControl.EVERY - 1, probesFree);
    }

    /**
     * {@code free} sends of {@code size} bytes go without waiting, {@code probes} of them answered probes; the next
     * send, a probe, waits until the oldest probe is answered, and is sent then.
     */
    private static void assertTheProbeAfterWaits(SlowBroker broker, int size, int free, int probes)
            throws Exception {
        OnewayFlowControl flow = new OnewayFlowControl(30_000, new BrokerOrdering(1));
        for (int i = 0; i < free; i++) { // none of these waits: nothing is answered, yet the window is not full
            flow.send(broker, new Message("T", new byte[size]), 0);
        }
        assertEquals(probes, broker.answers.size());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread sender = new Thread(() -> {
            try {
                flow.send(broker, new Message("T", new byte[size]), 0); // the next probe: waits for the oldest
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        sender.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> sender.getState() == Thread.State.TIMED_WAITING);
        assertEquals(probes, broker.answers.size(), "not sent while it waits");
        broker.answers.get(0).complete(null);
        sender.join(10_000);
        assertFalse(sender.isAlive());
        assertNull(failure.get());
        assertEquals(probes + 1, broker.answers.size());
    }
}
