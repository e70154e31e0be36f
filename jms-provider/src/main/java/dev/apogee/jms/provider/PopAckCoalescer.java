package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.pop.PoppedMessage;
import dev.apogee.client.pop.SimpleConsumer;
import dev.apogee.remoting.naming.NameEncoding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The lazy acks of one pop consumer (AUTO_ACKNOWLEDGE, DUPS_OK_ACKNOWLEDGE): at most one BATCH_ACK_MESSAGE in flight;
 * acks arriving meanwhile wait and go together in the next request once it is answered. Under load a request then
 * carries what the application consumed during one round trip, so the acks cost a fraction of a request per message
 * (the queue-receive throughput depends on it), and an idle consumer's single ack goes at once.
 *
 * <p>Guarded by this object's monitor: the application thread adds, a remoting callback thread completes a request
 * and sends the next one.
 */
final class PopAckCoalescer {
    private static final Logger LOG = LoggerFactory.getLogger(PopAckCoalescer.class);

    private final SimpleConsumer consumer;
    private final String group;
    private List<PoppedMessage> waiting = new ArrayList<>();
    private boolean inFlight;

    PopAckCoalescer(SimpleConsumer consumer, String group) {
        this.consumer = consumer;
        this.group = group;
    }

    synchronized void add(List<PoppedMessage> messages) {
        waiting.addAll(messages);
        if (!inFlight) {
            sendWaiting();
        }
    }

    /** Sends what waits and waits until nothing is in flight, at most {@code timeoutMillis}. */
    synchronized void flush(long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (inFlight || !waiting.isEmpty()) {
            if (!inFlight) {
                sendWaiting();
                continue;
            }
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                LOG.warn("JMS-POP-ACK-FLUSH acks of {} not answered within {} ms: those messages may come again",
                        NameEncoding.describe(group), timeoutMillis);
                return;
            }
            wait(left);
        }
    }

    private void sendWaiting() {
        List<PoppedMessage> batch = waiting;
        waiting = new ArrayList<>();
        inFlight = true;
        CompletableFuture<Void> sent;
        try {
            sent = consumer.ackAsync(batch);
        } catch (MQClientException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        sent.whenComplete((ignored, error) -> completed(batch.size(), error));
    }

    private synchronized void completed(int count, Throwable error) {
        if (error != null) { // unacked messages come again after their invisible time: duplicates, never a loss
            LOG.warn("JMS-POP-ACK-FAILED acking {} messages of {} failed: {}", count, NameEncoding.describe(group),
                    error.toString());
        }
        inFlight = false;
        if (!waiting.isEmpty()) {
            sendWaiting();
        } else {
            notifyAll();
        }
    }
}
