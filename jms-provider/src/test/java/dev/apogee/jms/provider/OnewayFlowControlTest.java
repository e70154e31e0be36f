package dev.apogee.jms.provider;

import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.SendResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
}
