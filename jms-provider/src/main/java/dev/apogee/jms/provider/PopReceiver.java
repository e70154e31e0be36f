package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.pop.PopApi;
import dev.apogee.client.pop.PoppedMessage;
import dev.apogee.client.pop.SimpleConsumer;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.remoting.naming.NameEncoding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One JMS consumer of a queue or shared subscription, consuming by POP: a receive pops only when called (a consumer
 * that does not receive, or whose connection is stopped, holds nothing), each message is acked on its own, and a
 * recover or rollback gives the unacked messages back to the group at once.
 *
 * <p>The prefetch is adaptive and small: a pop asks for one message, twice as many after a pop that came back full,
 * up to {@value #MAX_BATCH}, and one again after a pop that came back short. A consumer keeping up with a backlog
 * then needs one round trip per {@value #MAX_BATCH} messages, while consumers of a queue that is mostly empty take
 * one message at a time and so share it evenly. What is popped and not handed out is given back as "not delivered"
 * (its delivery count unchanged) on recover, connection stop and close. Until then the connection's
 * {@code LeaseRenewal} keeps every message popped here invisible to the group's other consumers (see
 * {@link PopReceivers}).
 *
 * <p>State: {@code prefetch} (popped, not handed out), {@code handedOut} (handed to the application, not acked or
 * released) and {@code batch} are guarded by this object's monitor (the session's delivery thread; connection stop
 * and close from other threads).
 */
final class PopReceiver {
    private static final Logger LOG = LoggerFactory.getLogger(PopReceiver.class);
    /** Largest pop: the prefetch a busy consumer holds at most. */
    static final int MAX_BATCH = 16;

    final ConsumerSpec spec;
    private final SimpleConsumer consumer;
    private final Duration invisible;
    private final long requestTimeoutMillis;
    private final PopAckCoalescer lazyAcks;
    private final ArrayDeque<PoppedMessage> prefetch = new ArrayDeque<>();
    private final List<PoppedMessage> handedOut = new ArrayList<>();
    private final String[] receivedValues = NativeMessages.newValueCache();
    private int batch = 1;

    PopReceiver(ConsumerSpec spec, SimpleConsumer consumer, long invisibleMillis, long requestTimeoutMillis) {
        this.spec = spec;
        this.consumer = consumer;
        this.invisible = Duration.ofMillis(Math.max(PopApi.MIN_INVISIBLE_MILLIS, invisibleMillis));
        this.requestTimeoutMillis = requestTimeoutMillis;
        this.lazyAcks = new PopAckCoalescer(consumer, spec.group());
    }

    /** The next message, popping (waiting up to {@code timeoutMillis} on the broker) when none is prefetched. */
    synchronized WireMessage next(long timeoutMillis) throws MQClientException, InterruptedException {
        if (prefetch.isEmpty()) {
            List<PoppedMessage> popped = new ArrayList<>(consumer.receive(batch, invisible,
                    Duration.ofMillis(Math.max(0, timeoutMillis))));
            batch = popped.size() >= batch ? Math.min(MAX_BATCH, batch * 2) : 1;
            PriorityOrder.sort(popped);
            prefetch.addAll(popped);
        }
        PoppedMessage next = prefetch.poll();
        if (next == null) {
            return null;
        }
        handedOut.add(next);
        return NativeMessages.toWire(next.message(), receivedValues);
    }

    /** Acks every message handed out so far, waiting for the broker. */
    void acknowledge() throws MQClientException, InterruptedException {
        List<PoppedMessage> acked = takeHandedOut();
        if (!acked.isEmpty()) {
            consumer.ack(acked);
        }
    }

    /** Acks every message handed out so far without waiting (coalesced into batch acks). */
    void acknowledgeLazily() {
        List<PoppedMessage> acked = takeHandedOut();
        if (!acked.isEmpty()) {
            lazyAcks.add(acked);
        }
    }

    /** Hands over (and forgets) the messages handed out so far: a transaction acks them at commit. */
    synchronized List<PoppedMessage> takeHandedOut() {
        if (handedOut.isEmpty()) {
            return List.of();
        }
        List<PoppedMessage> taken = new ArrayList<>(handedOut);
        handedOut.clear();
        return taken;
    }

    /**
     * Recover / rollback: the messages handed out and not acked go back to the group at once, counted as delivered
     * (they come again with JMSXDeliveryCount + 1, to any consumer), and so does the prefetch, not counted.
     */
    void releaseAll() throws MQClientException, InterruptedException {
        List<PoppedMessage> delivered = takeHandedOut();
        releasePrefetch();
        if (!delivered.isEmpty()) {
            consumer.release(delivered, true);
        }
    }

    /** A listener threw on the message handed out last: it goes back to the group, counted as delivered. */
    void releaseLast() throws MQClientException, InterruptedException {
        PoppedMessage last;
        synchronized (this) {
            if (handedOut.isEmpty()) {
                return;
            }
            last = handedOut.remove(handedOut.size() - 1);
        }
        consumer.release(List.of(last), true);
    }

    /** Gives the popped messages not handed out back to the group, not counted as a delivery (connection stop). */
    void releasePrefetch() throws MQClientException, InterruptedException {
        List<PoppedMessage> undelivered;
        synchronized (this) {
            if (prefetch.isEmpty()) {
                return;
            }
            undelivered = new ArrayList<>(prefetch);
            prefetch.clear();
            batch = 1;
        }
        consumer.release(undelivered, false);
    }

    /** Stores the lazy acks, gives back the prefetch and the unacked deliveries, then leaves the group. */
    void close() {
        try {
            lazyAcks.flush(requestTimeoutMillis + 1_000);
            releaseAll();
        } catch (MQClientException e) { // the messages come again after their invisible time: delayed, not lost
            LOG.warn("JMS-POP-RELEASE-FAILED giving messages of {} back at close failed: {}",
                    NameEncoding.describe(spec.group()), e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            consumer.close();
        }
    }

    /** Releases messages a transaction took from this consumer (its rollback). */
    void release(List<PoppedMessage> delivered) throws MQClientException, InterruptedException {
        consumer.release(delivered, true);
    }

    /**
     * Stops renewing messages a transaction took from this consumer, before their handles go into its branch;
     * waits (at most the request timeout) for a renewal in flight, which would spend the handle taken.
     */
    void stopRenewal(List<PoppedMessage> messages) {
        CompletableFuture<?>[] stopped = messages.stream().map(PoppedMessage::stopRenewal)
                .toArray(CompletableFuture[]::new);
        try {
            CompletableFuture.allOf(stopped).get(requestTimeoutMillis + 1_000, TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) { // the branch acks by queue and offset on an Apogee broker
            LOG.warn("JMS-POP-RENEW-PENDING a renewal of {} is unanswered at commit: the message may come again",
                    NameEncoding.describe(spec.group()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Acks messages a transaction took from this consumer (after its commit). */
    void ack(List<PoppedMessage> messages) throws MQClientException, InterruptedException {
        consumer.ack(messages);
    }
}
