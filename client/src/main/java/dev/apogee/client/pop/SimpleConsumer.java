package dev.apogee.client.pop;

import dev.apogee.client.ClientInstance;
import dev.apogee.client.MQClientException;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.pop.ReceiptHandle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A pop consumer driven by its caller: {@link #receive} pops up to {@code maxMessages} for one invisible duration,
 * waiting on the broker up to {@code waitTime} (long polling); each message is then acked, nacked (visible again
 * after a delay, redelivered with its reconsume count + 1) or kept longer. Thread-safe: any number of threads may
 * receive and ack. Consumers with the same client config share one client instance (connection, heartbeat) and one
 * {@link PopGroupMember}. Every call is bounded: the wait time plus the client's RPC timeout. With a
 * {@link PopConsumerConfig#setLeaseRenewal lease renewal} the messages received stay invisible while held.
 */
public final class SimpleConsumer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SimpleConsumer.class);

    private final PopConsumerConfig config;
    private final AtomicInteger next = new AtomicInteger();
    private volatile ClientInstance instance;
    private volatile PopGroupMember member;
    private volatile PopApi api;
    private volatile PopAcks acks;
    private volatile PopTargets targets;

    public SimpleConsumer(PopConsumerConfig config) {
        this.config = config;
    }

    /** Joins the group on a (shared) client instance and loads the topic's route. */
    public synchronized void start() throws MQClientException, InterruptedException {
        if (instance != null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "simple consumer already started");
        }
        ClientInstance acquired = ClientInstance.acquire(config.getClientConfig());
        try {
            PopTargets loaded = new PopTargets(acquired.routes(), config.getTopic());
            loaded.load();
            member = PopGroupMember.join(acquired, config.getGroup(), config.getTopic(), config.getSelector());
            api = new PopApi(acquired.rpc(), acquired.routes(), acquired.config().getRpcTimeoutMillis(),
                    acquired.config().getClock());
            acks = new PopAcks(api);
            targets = loaded;
            instance = acquired;
        } catch (MQClientException | InterruptedException | RuntimeException e) {
            acquired.release();
            throw e;
        }
        LOG.info("simple consumer of group {} on topic {} started in client {}", config.getGroup(),
                config.getTopic(), acquired.clientId());
    }

    /**
     * Pops up to {@code maxMessages} (1..32), invisible to the group for {@code invisibleDuration}, waiting up to
     * {@code waitTime} for the first one. Returns an empty list when none came. Brokers (queues, when orderly) are
     * taken in turn, one per call.
     */
    public List<PoppedMessage> receive(int maxMessages, Duration invisibleDuration, Duration waitTime)
            throws MQClientException, InterruptedException {
        requireStarted();
        long waitMillis = waitTime.toMillis();
        if (waitMillis < 0) {
            throw new IllegalArgumentException("wait time must not be negative, got " + waitTime);
        }
        String broker;
        int queueId = -1;
        if (config.isOrder()) {
            List<MessageQueue> queues = targets.readableQueues();
            if (queues.isEmpty()) {
                return noTarget();
            }
            MessageQueue queue = queues.get(Math.floorMod(next.getAndIncrement(), queues.size()));
            broker = queue.brokerName();
            queueId = queue.queueId();
        } else {
            List<String> brokers = targets.brokers();
            if (brokers.isEmpty()) {
                return noTarget();
            }
            broker = brokers.get(Math.floorMod(next.getAndIncrement(), brokers.size()));
        }
        PopRequest request = new PopRequest(config.getGroup(), config.getTopic(), broker, queueId, maxMessages,
                invisibleDuration.toMillis(), waitMillis, config.getSelector(), config.isOrder());
        List<PoppedMessage> popped = await(api.pop(request), waitMillis).messages();
        LeaseRenewal renewal = config.getLeaseRenewal();
        if (renewal != null) {
            for (PoppedMessage message : popped) {
                renewal.track(message, acks, request.invisibleMillis(), () -> instance != null);
            }
        }
        return popped;
    }

    private List<PoppedMessage> noTarget() throws MQClientException {
        throw new MQClientException(MQClientException.NOT_FOUND_TOPIC_EXCEPTION, "topic " + config.getTopic()
                + " has no readable queue on a broker with a master right now");
    }

    /** Acks one message: the group will not see it again. */
    public void ack(PoppedMessage message) throws MQClientException, InterruptedException {
        requireStarted();
        await(acks.ack(message), 0);
    }

    /** Acks messages with one BATCH_ACK_MESSAGE request per broker. */
    public void ack(List<PoppedMessage> messages) throws MQClientException, InterruptedException {
        requireStarted();
        await(acks.ackAll(messages), 0);
    }

    /**
     * Keeps the message invisible for {@code duration} from now (0: visible again at once) and returns its new
     * handle; the message's {@link PoppedMessage#handle()} is updated too.
     */
    public ReceiptHandle changeInvisibleDuration(PoppedMessage message, Duration duration)
            throws MQClientException, InterruptedException {
        requireStarted();
        if (duration.isNegative()) {
            throw new IllegalArgumentException("invisible duration must not be negative, got " + duration);
        }
        return await(acks.changeInvisibleTime(message, duration.toMillis()), 0);
    }

    /**
     * Acks messages with one BATCH_ACK_MESSAGE request per broker without waiting: completes when the brokers
     * answered (exceptionally with {@link MQClientException} or {@link dev.apogee.client.MQBrokerException}).
     */
    public CompletableFuture<Void> ackAsync(List<PoppedMessage> messages) throws MQClientException {
        requireStarted();
        return acks.ackAll(messages);
    }

    /**
     * Gives messages back to the group at once, each in its own request, all in flight together, and waits for the
     * answers. {@code delivered}: the application saw them, so they come again with their reconsume count + 1 (a JMS
     * recover); otherwise they were never handed out (a prefetch) and an Apogee broker keeps their count (the
     * extension {@code apogeeNotDelivered}; Apache counts a delivery). A message acked or released already is skipped.
     */
    public void release(List<PoppedMessage> messages, boolean delivered)
            throws MQClientException, InterruptedException {
        requireStarted();
        List<CompletableFuture<Void>> sent = new java.util.ArrayList<>(messages.size());
        for (PoppedMessage message : messages) {
            if (!message.isDone()) {
                sent.add(delivered ? acks.release(message) : acks.releaseUndelivered(message));
            }
        }
        await(CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)), 0);
    }

    /** Gives the message back: redelivered after {@code delay} with its reconsume count + 1. */
    public void nack(PoppedMessage message, Duration delay) throws MQClientException, InterruptedException {
        changeInvisibleDuration(message, delay);
    }

    private <T> T await(CompletableFuture<T> future, long extraMillis) throws MQClientException, InterruptedException {
        long timeout = extraMillis + instance.config().getRpcTimeoutMillis() + 1_000;
        try {
            return future.get(timeout, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof MQClientException client) {
                throw client;
            }
            throw new MQClientException(MQClientException.ILLEGAL_STATE, String.valueOf(cause.getMessage()), cause);
        } catch (TimeoutException e) {
            future.cancel(false);
            throw new MQClientException(MQClientException.REQUEST_TIMEOUT_EXCEPTION,
                    "no answer within " + timeout + " ms");
        }
    }

    private void requireStarted() throws MQClientException {
        if (instance == null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "simple consumer not started (or closed)");
        }
    }

    /**
     * Leaves the group and gives the client instance back; messages still held are no longer renewed and become
     * visible at their deadline.
     */
    @Override
    public synchronized void close() {
        ClientInstance held = instance;
        if (held == null) {
            return;
        }
        instance = null;
        member.leave(config.getTopic(), config.getSelector());
        held.release();
    }
}
