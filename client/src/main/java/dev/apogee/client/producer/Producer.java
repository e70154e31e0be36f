package dev.apogee.client.producer;

import dev.apogee.client.ClientInstance;
import dev.apogee.client.MQBrokerException;
import dev.apogee.client.MQClientException;
import dev.apogee.client.ProducerMember;
import dev.apogee.client.latency.LatencyFaultTolerance;
import dev.apogee.client.message.Compression;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageValidator;
import dev.apogee.client.message.SysFlag;
import dev.apogee.client.message.UniqueKeyGenerator;
import dev.apogee.client.route.TopicRouteInfo;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * Sends messages: synchronously (retrying on another broker within the send timeout), asynchronously (with
 * retries), oneway, in batches, to a chosen queue or through a {@link QueueSelector}. Thread-safe; start once,
 * share, shut down once.
 */
public class Producer implements ProducerMember, AutoCloseable {
    /** Broker answers that make a sync send try another queue (section 2.4). */
    private static final Set<Integer> RETRYABLE = Set.of(ResponseCode.TOPIC_NOT_EXIST,
            ResponseCode.SERVICE_NOT_AVAILABLE, ResponseCode.SYSTEM_ERROR, ResponseCode.SYSTEM_BUSY,
            ResponseCode.NO_PERMISSION, ResponseCode.NO_BUYER_ID, ResponseCode.NOT_IN_CURRENT_UNIT,
            ResponseCode.GO_AWAY);

    private final ProducerConfig config;
    private final LongSupplier clock;
    private final LatencyFaultTolerance faults;
    private final QueueChooser chooser;
    private final CoalescedSends coalesced = new CoalescedSends(this);
    private volatile ClientInstance instance;

    public Producer(ProducerConfig config) {
        this.config = config;
        this.clock = config.getClientConfig().getClock();
        this.faults = config.isLatencyFaultTolerance()
                ? new LatencyFaultTolerance(config.getBackoffTable(), clock) : null;
        this.chooser = new QueueChooser(faults);
    }

    /** Joins the shared client instance and registers the producer group. */
    public synchronized void start() throws MQClientException {
        if (instance != null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "producer already started");
        }
        String problem = config.getGroup() == null || config.getGroup().isBlank() ? "the producer group is blank"
                : null;
        if (problem != null) {
            throw new MQClientException(MQClientException.ILLEGAL_ARGUMENT, problem);
        }
        ClientInstance acquired = ClientInstance.acquire(config.getClientConfig());
        try {
            acquired.registerProducer(this);
        } catch (MQClientException e) {
            acquired.release();
            throw e;
        }
        instance = acquired;
    }

    /** Unregisters the group from the brokers and gives the client instance back. */
    public synchronized void shutdown() {
        ClientInstance current = instance;
        if (current != null) {
            instance = null;
            current.unregisterProducer(config.getGroup());
            current.release();
        }
    }

    @Override
    public void close() {
        shutdown();
    }

    @Override
    public String group() {
        return config.getGroup();
    }

    public ProducerConfig config() {
        return config;
    }

    /** Sends and waits, retrying on another broker (up to {@code retryTimesWhenSendFailed}) within the timeout. */
    public SendResult send(Message message) throws MQClientException, InterruptedException {
        return send(message, config.getSendTimeoutMillis());
    }

    public SendResult send(Message message, long timeoutMillis) throws MQClientException, InterruptedException {
        return send(message, timeoutMillis, -1);
    }

    /**
     * Sends and waits like {@link #send(Message)}, to the publish queue {@code shard % n} while its broker is
     * available (so messages of one shard stay in order); a retry goes elsewhere. {@code shard < 0}: round robin.
     */
    public SendResult send(Message message, long timeoutMillis, int shard)
            throws MQClientException, InterruptedException {
        Prepared prepared = prepare(message);
        return new SyncSend(this, message.getTopic(), queue -> prepared.request(this, queue), prepared.uniqKey(),
                timeoutMillis, shard).run();
    }

    /** Sends to the given queue, no retries. */
    public SendResult send(Message message, MessageQueue queue) throws MQClientException, InterruptedException {
        Prepared prepared = prepare(message);
        return sendOnce(queue, prepared.request(this, queue), prepared.uniqKey(), config.getSendTimeoutMillis());
    }

    /** Sends to the queue the selector picks from the topic's publish queues, no retries. */
    public SendResult send(Message message, QueueSelector selector, Object arg)
            throws MQClientException, InterruptedException {
        Prepared prepared = prepare(message);
        MessageQueue queue = selector.select(publishQueues(message.getTopic()), message, arg);
        if (queue == null) {
            throw new MQClientException(MQClientException.ILLEGAL_ARGUMENT, "the selector chose no queue");
        }
        return sendOnce(queue, prepared.request(this, queue), prepared.uniqKey(), config.getSendTimeoutMillis());
    }

    /** Sends a batch of messages of one topic as one request; they get consecutive offsets in one queue. */
    public SendResult send(Collection<? extends Message> messages) throws MQClientException, InterruptedException {
        List<Message> batch = prepareBatch(messages);
        String wrapperKey = UniqueKeyGenerator.next();
        Prepared first = new Prepared(batch.get(0), null, 0, SendCodec.joinUniqKeys(batch));
        return new SyncSend(this, batch.get(0).getTopic(),
                queue -> SendCodec.batch(first.target(this, queue), batch, wrapperKey), first.uniqKey(),
                config.getSendTimeoutMillis()).run();
    }

    /** Sends asynchronously; the future completes on a remoting callback thread. Retries on errors. */
    public CompletableFuture<SendResult> sendAsync(Message message) {
        return sendAsync(message, -1);
    }

    /** {@link #sendAsync(Message)} to the queue of {@code shard} (see {@link #send(Message, long, int)}). */
    public CompletableFuture<SendResult> sendAsync(Message message, int shard) {
        return sendAsync(message, shard, true);
    }

    /**
     * {@link #sendAsync(Message, int)}, with {@code retry == false} one attempt only: for sends pipelined to one
     * queue, where a retry (stored after the sends behind it, or on another queue) would break their order; the
     * failure goes to the caller instead.
     */
    public CompletableFuture<SendResult> sendAsync(Message message, int shard, boolean retry) {
        CompletableFuture<SendResult> result = new CompletableFuture<>();
        try {
            Prepared prepared = prepare(message);
            int attempts = retry ? 1 + config.getRetryTimesWhenSendAsyncFailed() : 1;
            new AsyncSend(this, message.getTopic(), queue -> prepared.request(this, queue), prepared.uniqKey(),
                    result, config.getSendTimeoutMillis(), shard, attempts).start();
        } catch (MQClientException e) {
            result.completeExceptionally(e);
        }
        return result;
    }

    public void sendAsync(Message message, SendCallback callback) {
        sendAsync(message).whenComplete((result, error) -> {
            if (error != null) {
                callback.onException(error instanceof java.util.concurrent.CompletionException && error.getCause()
                        != null ? error.getCause() : error);
            } else {
                callback.onSuccess(result);
            }
        });
    }

    /** Sends without waiting for any answer: no result, no retries. */
    public void sendOneway(Message message) throws MQClientException, InterruptedException {
        sendOneway(message, -1);
    }

    /** {@link #sendOneway(Message)} to the queue of {@code shard} (see {@link #send(Message, long, int)}). */
    public void sendOneway(Message message, int shard) throws MQClientException, InterruptedException {
        Prepared prepared = prepare(message);
        TopicRouteInfo route = running().routes().getForPublish(message.getTopic(), config.getDefaultTopicQueueNums());
        MessageQueue queue = chooser.choose(message.getTopic(), route.publishQueues(), null, shard);
        running().rpc().oneway(running().routes().masterAddress(queue.brokerName()), prepared.request(this, queue),
                config.getSendTimeoutMillis());
    }

    /**
     * Sends without waiting for any answer, like {@link #sendOneway(Message, int)}, but coalesced: while the
     * connection is busy writing, oneway sends to the same queue join one SEND_BATCH_MESSAGE request instead of one
     * request each; a lone send goes out as soon as the connection can write it, with no timer. One thread's
     * coalesced sends to a queue arrive in order, and any other send of this producer made after them arrives after
     * them. Messages the batch format cannot carry (compressed, delayed, transactional, retry topics) are sent alone.
     */
    public void sendOnewayCoalesced(Message message, int shard) throws MQClientException, InterruptedException {
        if (!CoalescedSends.batchable(message, config.getCompressThreshold())) {
            sendOneway(message, shard);
            return;
        }
        MessageQueue queue = coalescedQueue(message, shard);
        coalesced.sendOneway(message, queue, running().routes().masterAddress(queue.brokerName()));
    }

    /**
     * Sends asynchronously without retries, like {@link #sendAsync(Message, int, boolean)} with {@code retry ==
     * false}, but coalesced like {@link #sendOnewayCoalesced}: while the connection is busy writing, sends to the
     * same queue join one SEND_BATCH_MESSAGE request, stored with one append and answered once; each message's future
     * gets its own result (its queue offset, its offset message id). The same order guarantees hold. Messages the
     * batch format cannot carry go alone through {@link #sendAsync(Message, int, boolean)}. The future completes on
     * a remoting callback thread.
     */
    public CompletableFuture<SendResult> sendAsyncCoalesced(Message message, int shard) {
        try {
            if (!CoalescedSends.batchable(message, config.getCompressThreshold())) {
                return sendAsync(message, shard, false);
            }
            MessageQueue queue = coalescedQueue(message, shard);
            return coalesced.sendAnswered(message, queue, running().routes().masterAddress(queue.brokerName()));
        } catch (MQClientException e) {
            return CompletableFuture.failedFuture(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Validates a coalesced send's message, gives it its key, and picks its queue. */
    private MessageQueue coalescedQueue(Message message, int shard) throws MQClientException, InterruptedException {
        running();
        validateAndKey(message);
        TopicRouteInfo route = running().routes().getForPublish(message.getTopic(), config.getDefaultTopicQueueNums());
        return chooser.choose(message.getTopic(), route.publishQueues(), null, shard);
    }

    /** How many requests this producer's coalesced sends took, for the messages they carried. */
    public CoalescedSendStats coalescedSendStats() {
        return coalesced.stats();
    }

    /**
     * The queue a send of {@code topic} to {@code shard} would go to now (see {@link #send(Message, long, int)}), for
     * a caller that ships messages in its own request (a transaction branch's local commit).
     */
    public MessageQueue chooseQueue(String topic, int shard) throws MQClientException, InterruptedException {
        return chooser.choose(topic, publishQueues(topic), null, shard);
    }

    /** The queues messages of {@code topic} can be sent to (fetching the route if needed). */
    public List<MessageQueue> publishQueues(String topic) throws MQClientException, InterruptedException {
        return running().routes().getForPublish(topic, config.getDefaultTopicQueueNums()).publishQueues();
    }

    SendResult sendOnce(MessageQueue queue, RemotingCommand request, String msgId, long timeoutMillis)
            throws MQClientException, InterruptedException {
        String address = running().routes().masterAddress(queue.brokerName());
        long start = clock.getAsLong();
        try {
            SendResult result = SendCodec.result(running().rpc().call(address, request, timeoutMillis), address,
                    queue, msgId);
            recordLatency(queue.brokerName(), clock.getAsLong() - start, false);
            return result;
        } catch (MQBrokerException e) {
            recordLatency(queue.brokerName(), clock.getAsLong() - start, RETRYABLE.contains(e.responseCode()));
            throw e;
        } catch (MQClientException e) {
            recordLatency(queue.brokerName(), clock.getAsLong() - start, true);
            running().routeRefresh().refreshSoon(queue.topic());
            throw e;
        }
    }

    void recordLatency(String brokerName, long latencyMillis, boolean failed) {
        if (faults != null) {
            faults.record(brokerName, latencyMillis, failed);
        }
    }

    static boolean isRetryable(MQClientException e) {
        return !(e instanceof MQBrokerException) || RETRYABLE.contains(e.responseCode());
    }

    QueueChooser chooser() {
        return chooser;
    }

    LongSupplier clock() {
        return clock;
    }

    /** The fault tolerance table (null when disabled), for tests and diagnostics. */
    public LatencyFaultTolerance faultTolerance() {
        return faults;
    }

    ClientInstance running() throws MQClientException {
        ClientInstance current = instance;
        if (current == null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "the producer " + config.getGroup()
                    + " is not started");
        }
        return current;
    }

    Prepared prepare(Message message) throws MQClientException {
        running();
        coalesced.seal(); // every send but a coalesced one comes here: it must not overtake open batches
        validateAndKey(message);
        byte[] body = null; // the message's own body, written into the request from it (a text body as UTF-8)
        int sysFlag = 0;
        if (message.getBodyLength() > config.getCompressThreshold()) {
            body = Compression.zlib(message.getBody(), config.getCompressLevel());
            sysFlag |= SysFlag.COMPRESSED | SysFlag.COMPRESSION_ZLIB;
        }
        if (Boolean.parseBoolean(message.getProperty(MessageConst.TRAN_MSG))) {
            sysFlag |= SysFlag.TRANSACTION_PREPARED;
        }
        return new Prepared(message, body, sysFlag, message.getProperty(MessageConst.UNIQ_KEY));
    }

    /** Refuses an invalid message; gives it a UNIQ_KEY (its message id) if it has none. */
    private void validateAndKey(Message message) throws MQClientException {
        String problem = MessageValidator.check(message, config.getMaxMessageSize());
        if (problem != null) {
            throw new MQClientException(ResponseCode.MESSAGE_ILLEGAL, problem);
        }
        if (message.getProperty(MessageConst.UNIQ_KEY) == null) {
            message.putProperty(MessageConst.UNIQ_KEY, UniqueKeyGenerator.next());
        }
    }

    private List<Message> prepareBatch(Collection<? extends Message> messages) throws MQClientException {
        running();
        coalesced.seal();
        if (messages == null || messages.isEmpty()) {
            throw new MQClientException(MQClientException.ILLEGAL_ARGUMENT, "the batch is empty");
        }
        List<Message> batch = new ArrayList<>(messages);
        Message first = batch.get(0);
        int total = 0;
        for (Message m : batch) {
            String problem = MessageValidator.check(m, config.getMaxMessageSize());
            if (problem == null && !m.getTopic().equals(first.getTopic())) {
                problem = "all messages of a batch must have the same topic";
            } else if (problem == null && m.isWaitStoreMsgOK() != first.isWaitStoreMsgOK()) {
                problem = "all messages of a batch must have the same WAIT flag";
            } else if (problem == null && m.getDelayTimeLevel() > 0) {
                problem = "batch messages cannot be delayed";
            } else if (problem == null && m.getTopic().startsWith("%RETRY%")) {
                problem = "batch messages cannot be sent to retry topics";
            }
            if (problem != null) {
                throw new MQClientException(ResponseCode.MESSAGE_ILLEGAL, problem);
            }
            if (m.getProperty(MessageConst.UNIQ_KEY) == null) {
                m.putProperty(MessageConst.UNIQ_KEY, UniqueKeyGenerator.next());
            }
            total += m.getBodyLength();
        }
        if (total > config.getMaxMessageSize()) {
            throw new MQClientException(ResponseCode.MESSAGE_ILLEGAL, "the batch bodies take " + total
                    + " bytes, more than the limit of " + config.getMaxMessageSize());
        }
        return batch;
    }

    /** A validated message with its send flags and its compressed body, or null to send the message's own. */
    record Prepared(Message message, byte[] body, int sysFlag, String uniqKey) {
        SendCodec.SendTarget target(Producer producer, MessageQueue queue) {
            return new SendCodec.SendTarget(producer.config.getGroup(), queue, sysFlag,
                    producer.clock.getAsLong(), producer.config.getDefaultTopicQueueNums());
        }

        RemotingCommand request(Producer producer, MessageQueue queue) {
            return body == null ? SendCodec.single(target(producer, queue), message)
                    : SendCodec.single(target(producer, queue), message, body);
        }
    }
}
