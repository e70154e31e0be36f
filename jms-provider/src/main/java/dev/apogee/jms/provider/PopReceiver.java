package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.pop.PopApi;
import dev.apogee.client.pop.PopResult;
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
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One JMS consumer of a queue or shared subscription, consuming by POP: a receive pops only when called (a consumer
 * that never receives, or whose connection is stopped, holds nothing), each message is acked on its own, and a
 * recover or rollback gives the unacked messages back to the group at once.
 *
 * <p>The prefetch is adaptive and bounded: a pop asks for one message, twice as many after a pop that came back full,
 * up to {@value #MAX_BATCH}, half as many after a short one and one again after an empty one, so consumers of a queue
 * that is mostly empty take few messages at a time and share it. While a backlog lasts (the last pop's answer says
 * more messages wait past the group's cursor) the next pop is sent, not held on the broker, as soon as the
 * application takes a message of the last one: it is answered while the application works, so a draining consumer
 * does not wait a round trip per batch. At most one pop is in flight; a consumer holds at most two pops' worth
 * (2 x {@value #MAX_BATCH}). What is popped and not handed out, the answer of the pop in flight included, is given
 * back as "not delivered" (its delivery count unchanged) on recover, connection stop and close. Until then the
 * connection's {@code LeaseRenewal} keeps every message popped here invisible to the group's other consumers (see
 * {@link PopReceivers}).
 *
 * <p>State: {@code prefetch} (popped, not handed out), {@code pending} (the pop in flight), {@code handedOut} (handed
 * to the application, not acked or released), {@code batch}, {@code asked} and {@code more} are guarded by this
 * object's monitor (the session's delivery thread; connection stop and close from other threads). The pop's answer
 * arrives on a remoting thread and only completes {@code pending}; the delivery thread collects it.
 */
final class PopReceiver {
    private static final Logger LOG = LoggerFactory.getLogger(PopReceiver.class);
    /** Largest pop (the broker's limit). */
    static final int MAX_BATCH = PopApi.MAX_MESSAGES;

    final ConsumerSpec spec;
    private final SimpleConsumer consumer;
    private final Duration invisible;
    private final long requestTimeoutMillis;
    private final PopAckCoalescer lazyAcks;
    private final ArrayDeque<PoppedMessage> prefetch = new ArrayDeque<>();
    private final List<PoppedMessage> handedOut = new ArrayList<>();
    private final String[] receivedValues = NativeMessages.newValueCache();
    private int batch = 1;
    /** The pop in flight (null: none), how many it asked for and when its answer is overdue. */
    private CompletableFuture<PopResult> pending;
    private int asked;
    private long pendingDeadline;
    /** The last pop suggests a backlog: pop ahead of the application. */
    private boolean more;

    PopReceiver(ConsumerSpec spec, SimpleConsumer consumer, long invisibleMillis, long requestTimeoutMillis) {
        this.spec = spec;
        this.consumer = consumer;
        this.invisible = Duration.ofMillis(Math.max(PopApi.MIN_INVISIBLE_MILLIS, invisibleMillis));
        this.requestTimeoutMillis = requestTimeoutMillis;
        this.lazyAcks = new PopAckCoalescer(consumer, spec.group());
    }

    /**
     * The next message: a prefetched one, else the answer of the pop in flight, else a pop waiting up to
     * {@code timeoutMillis} on the broker. Sends the next pop ahead while a backlog lasts.
     */
    synchronized WireMessage next(long timeoutMillis) throws MQClientException, InterruptedException {
        if (pending != null && (prefetch.isEmpty() || pending.isDone())) {
            collect();
        }
        if (prefetch.isEmpty()) {
            pop(Math.max(0, timeoutMillis));
            collect();
        }
        PoppedMessage next = prefetch.poll();
        if (next == null) {
            return null;
        }
        handedOut.add(next);
        if (more && pending == null) {
            try {
                pop(0); // answered at once, while the application works on this message
            } catch (MQClientException e) { // not this message's failure: the next pop, waiting, reports it
                more = false;
                LOG.debug("pop ahead of {} not sent: {}", NameEncoding.describe(spec.group()), e.toString());
            }
        }
        return NativeMessages.toWire(next.message(), receivedValues);
    }

    private void pop(long waitMillis) throws MQClientException {
        asked = batch;
        pendingDeadline = System.currentTimeMillis() + waitMillis + requestTimeoutMillis + 1_000;
        pending = consumer.receiveAsync(asked, invisible, Duration.ofMillis(waitMillis));
    }

    /**
     * Waits for the pop in flight (until its answer is overdue) and queues its messages, highest priority first.
     * Unanswered, it stays pending: collected (or given back) by the next call, stop or close.
     */
    private void collect() throws MQClientException, InterruptedException {
        PopResult result;
        try {
            result = pending.get(Math.max(1, pendingDeadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new MQClientException(MQClientException.REQUEST_TIMEOUT_EXCEPTION, "a pop of "
                    + NameEncoding.describe(spec.group()) + " was not answered in time");
        } catch (ExecutionException e) {
            pending = null;
            more = false;
            batch = 1;
            Throwable cause = e.getCause();
            while (cause instanceof CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof MQClientException client) {
                throw client;
            }
            throw new MQClientException(MQClientException.ILLEGAL_STATE, String.valueOf(cause), cause);
        }
        pending = null;
        List<PoppedMessage> popped = new ArrayList<>(result.messages());
        int n = popped.size();
        // the broker's count of messages past the group's cursor, not "the pop came back full": on a live stream a
        // pop of one comes back full, and a pop ahead would mostly come back empty, a round trip per message wasted
        more = n > 0 && result.restNum() > 0;
        batch = n >= asked ? Math.min(MAX_BATCH, asked * 2) : n == 0 ? 1 : Math.max(1, asked / 2);
        PriorityOrder.sort(popped);
        prefetch.addAll(popped);
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
            if (pending != null) {
                try {
                    collect();
                } catch (MQClientException e) { // its messages, if any, come again after their invisible time
                    LOG.warn("JMS-POP-AHEAD-UNANSWERED a pop of {} in flight failed or is unanswered: {}",
                            NameEncoding.describe(spec.group()), e.toString());
                }
            }
            batch = 1;
            more = false;
            if (prefetch.isEmpty()) {
                return;
            }
            undelivered = new ArrayList<>(prefetch);
            prefetch.clear();
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
