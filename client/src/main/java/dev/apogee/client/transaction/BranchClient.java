package dev.apogee.client.transaction;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.ClientInstance;
import dev.apogee.client.MQClientException;
import dev.apogee.client.message.BatchEncoder;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageValidator;
import dev.apogee.client.message.UniqueKeyGenerator;
import dev.apogee.client.message.OffsetMessageId;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.SendResult;
import dev.apogee.client.transaction.BranchException.Reason;
import dev.apogee.remoting.protocol.BodyWriter;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.remoting.protocol.body.BranchIdList;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * The client side of the branch protocol (BRANCH_PREPARE … BRANCH_FORGET, see {@code dev.apogee.broker.transaction
 * .branch}): sends become invisible halves of a branch, and prepare / commit / rollback make them, a set of
 * consumed positions ({@link BranchAck}) and popped messages to ack ({@link BranchPopAck}) one atomic unit on a
 * broker. Thread-safe. One per JMS connection; it registers
 * {@code producerGroup} with the shared client instance, so two live branch clients of one client id need distinct
 * groups. Every remote call uses the client's request timeout ({@link ClientConfig#getRpcTimeoutMillis()}).
 */
public final class BranchClient {
    /** Message property naming the branch a half belongs to. */
    public static final String BRANCH_PROPERTY = "__APOGEE_BRANCH";
    private static final Logger LOG = LoggerFactory.getLogger(BranchClient.class);
    private static final int DECISION_ATTEMPTS = 3;
    private static final long DECISION_RETRY_PAUSE_MILLIS = 200;
    /** The most bytes of encoded messages one {@link #commitLocal} carries (bounds the request and the append). */
    public static final int MAX_LOCAL_COMMIT_BYTES = 4 << 20;

    private final ClientConfig config;
    private final String producerGroup;
    private final BrokerDirectory directory = new BrokerDirectory();
    /** Cleared (by any caller thread) when a broker answers BRANCH_COMMIT_LOCAL with REQUEST_CODE_NOT_SUPPORTED. */
    private volatile boolean localCommitSupported = true;
    /** Set by start, cleared by shutdown (both synchronized); read once per call. */
    private volatile Running running;

    private record Running(Producer producer, ClientInstance instance) {
    }

    public BranchClient(ClientConfig config, String producerGroup) {
        this.config = config;
        this.producerGroup = producerGroup;
    }

    public synchronized void start() throws MQClientException {
        if (running != null) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "branch client already started");
        }
        Producer sender = new Producer(new ProducerConfig(producerGroup).setClientConfig(config)
                .setSendTimeoutMillis(config.getRpcTimeoutMillis()));
        sender.start();
        running = new Running(sender, ClientInstance.acquire(config));
    }

    /** Leaves the client instance; halves sent and never prepared are rolled back by the broker. */
    public synchronized void shutdown() {
        Running current = running;
        if (current != null) {
            running = null;
            current.producer().shutdown();
            current.instance().release();
        }
    }

    /**
     * Sends {@code message} as an invisible half of {@code branchId}; returns where it is stored. Marks the message
     * itself as a transactional half of this client's producer group. A delivery time or delay level is kept and
     * applies from the commit on.
     */
    public BranchHalf send(String branchId, Message message) throws BranchException {
        return send(branchId, message, -1);
    }

    /** {@link #send(String, Message)} to the queue of {@code shard} (see {@link Producer#send(Message, long, int)}). */
    public BranchHalf send(String branchId, Message message, int shard) throws BranchException {
        Producer sender = markAsHalf(branchId, message);
        try {
            return half(sender.send(message, sender.config().getSendTimeoutMillis(), shard));
        } catch (MQClientException e) {
            throw BranchFailures.of("sending a half of branch " + branchId, e);
        } catch (InterruptedException e) {
            throw BranchFailures.interrupted("sending a half of branch " + branchId, e);
        }
    }

    /**
     * {@link #send(String, Message, int)} without waiting, so that a commit can have all of its halves in flight at
     * once. The halves may be stored in any order: what counts is the order of the list given to {@link #prepare},
     * which is the order the broker materializes them in. Fails with a {@link BranchException}.
     */
    public CompletableFuture<BranchHalf> sendAsync(String branchId, Message message, int shard) {
        Producer sender;
        try {
            sender = markAsHalf(branchId, message);
        } catch (BranchException e) {
            return CompletableFuture.failedFuture(e);
        }
        return sender.sendAsync(message, shard).handle((result, error) -> {
            if (error == null) {
                return half(result);
            }
            Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
            throw new CompletionException(cause instanceof MQClientException e
                    ? BranchFailures.of("sending a half of branch " + branchId, e)
                    : new BranchException(Reason.UNAVAILABLE, "sending a half of branch " + branchId + " failed: "
                            + cause, cause));
        });
    }

    private Producer markAsHalf(String branchId, Message message) throws BranchException {
        requireValid(branchId);
        Producer sender = running().producer();
        message.putProperty(MessageConst.TRAN_MSG, "true");
        message.putProperty(MessageConst.PGROUP, producerGroup);
        message.putProperty(BRANCH_PROPERTY, branchId);
        // A half need not be durable on its own: the prepare record is made durable after it, and a flush of the
        // commit log covers every byte before the flushed position, so one fsync per branch covers all its halves.
        message.putProperty(MessageConst.WAIT, "false");
        return sender;
    }

    private static BranchHalf half(SendResult result) {
        String transactionId = result.transactionId() != null ? result.transactionId() : result.msgId();
        return new BranchHalf(result.messageQueue().brokerName(),
                OffsetMessageId.decode(result.offsetMsgId()).commitLogOffset(), result.offsetMsgId(), transactionId);
    }

    /** The queue of {@code topic} a half sent to {@code shard} would go to (see {@link #commitLocal}). */
    public MessageQueue queueFor(String topic, int shard) throws BranchException {
        try {
            return running().producer().chooseQueue(topic, shard);
        } catch (MQClientException e) {
            throw BranchFailures.of("choosing a queue of " + topic, e);
        } catch (InterruptedException e) {
            throw BranchFailures.interrupted("choosing a queue of " + topic, e);
        }
    }

    /** {@link #commitLocal(String, String, List, List, List)} without popped messages to ack. */
    public boolean commitLocal(String brokerName, String branchId, List<BranchMessage> messages, List<BranchAck> acks)
            throws BranchException {
        return commitLocal(brokerName, branchId, messages, acks, List.of());
    }

    /**
     * Commits a whole one-phase branch on one broker in one request (BRANCH_COMMIT_LOCAL): the broker stores
     * {@code messages}, in this order, the decision with {@code acks} and the acks of {@code popAcks} (messages popped
     * from that broker) as one atomic, durable append. The
     * request is repeated on a timeout or lost connection (the broker answers a repeat of a committed branch with
     * SUCCESS and stores nothing twice). Fails with NOT_SUPPORTED, having done nothing, when the broker predates this
     * request.
     *
     * @return false, having sent nothing, when the messages encode to more than {@link #MAX_LOCAL_COMMIT_BYTES} (one
     *     request and one append must stay bounded): the caller then sends them as halves and prepares
     */
    public boolean commitLocal(String brokerName, String branchId, List<BranchMessage> messages, List<BranchAck> acks,
            List<BranchPopAck> popAcks) throws BranchException {
        requireValid(branchId);
        int maxSize = running().producer().config().getMaxMessageSize();
        List<Message> batch = new ArrayList<>(messages.size());
        for (BranchMessage m : messages) {
            if (!brokerName.equals(m.queue().brokerName())) {
                throw new BranchException(Reason.INVALID, "a message for " + m.queue() + " cannot be committed on "
                        + brokerName);
            }
            Message message = m.message();
            String problem = MessageValidator.check(message, maxSize);
            if (problem != null) {
                throw new BranchException(Reason.INVALID, "a message of branch " + branchId + " is refused: "
                        + problem);
            }
            if (message.getProperty(MessageConst.UNIQ_KEY) == null) {
                message.putProperty(MessageConst.UNIQ_KEY, UniqueKeyGenerator.next());
            }
            message.putProperty(MessageConst.REAL_TOPIC, m.queue().topic());
            message.putProperty(MessageConst.REAL_QID, String.valueOf(m.queue().queueId()));
            batch.add(message);
        }
        BodyWriter body = batch.isEmpty() ? null : BatchEncoder.writer(batch);
        if (body != null && body.length() > MAX_LOCAL_COMMIT_BYTES) {
            return false;
        }
        String ackJson = new String(body(brokerName, List.of(), acks, popAcks).encode(), StandardCharsets.UTF_8);
        try {
            callIdempotent(brokerName, () -> RemotingCommand.createRequest(RequestCode.BRANCH_COMMIT_LOCAL)
                    .putExtField("branchId", branchId)
                    .putExtField("producerGroup", producerGroup)
                    .putExtField("acks", ackJson)
                    .bodyWriter(body), "committing branch " + branchId);
        } catch (BranchException e) {
            if (e.reason() == Reason.NOT_SUPPORTED) {
                localCommitSupported = false;
                LOG.info("broker {} does not know BRANCH_COMMIT_LOCAL: local commits send halves, then commit",
                        brokerName);
            }
            throw e;
        }
        return true;
    }

    /**
     * False once a broker answered {@link #commitLocal} with NOT_SUPPORTED (an older Apogee broker): the caller then
     * sends halves and prepares instead.
     */
    public boolean supportsLocalCommit() {
        return localCommitSupported;
    }

    /** {@link #prepare(String, String, List, List, boolean, List)} without popped messages to ack. */
    public void prepare(String brokerName, String branchId, List<BranchHalf> halves, List<BranchAck> acks,
            boolean onePhase) throws BranchException {
        prepare(brokerName, branchId, halves, acks, onePhase, List.of());
    }

    /**
     * Durably records the branch on one broker: the given halves (stored there), acks (queues of that broker) and pop
     * acks (messages popped from that broker). While the branch is prepared the popped messages cannot come back to
     * the group; commit acks them, rollback makes them due again at once.
     */
    public void prepare(String brokerName, String branchId, List<BranchHalf> halves, List<BranchAck> acks,
            boolean onePhase, List<BranchPopAck> popAcks) throws BranchException {
        requireValid(branchId);
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.BRANCH_PREPARE)
                .putExtField("branchId", branchId)
                .putExtField("onePhase", String.valueOf(onePhase))
                .putExtField("producerGroup", producerGroup)
                .body(body(brokerName, halves, acks, popAcks).encode());
        call(brokerName, request, "preparing branch " + branchId);
    }

    public void commit(String brokerName, String branchId) throws BranchException {
        requireValid(branchId);
        callIdempotent(brokerName, () -> RemotingCommand.createRequest(RequestCode.BRANCH_COMMIT)
                .putExtField("branchId", branchId), "committing branch " + branchId);
    }

    /** Rolls the branch back; {@code halves} name the sends of a branch that was never prepared (may be empty). */
    public void rollback(String brokerName, String branchId, List<BranchHalf> halves) throws BranchException {
        requireValid(branchId);
        byte[] body = body(brokerName, halves == null ? List.of() : halves, List.of(), List.of()).encode();
        callIdempotent(brokerName, () -> RemotingCommand.createRequest(RequestCode.BRANCH_ROLLBACK)
                .putExtField("branchId", branchId).body(body), "rolling back branch " + branchId);
    }

    /** The branches prepared on {@code brokerName} and not yet decided. */
    public List<String> recover(String brokerName) throws BranchException {
        RemotingCommand response = call(brokerName, RemotingCommand.createRequest(RequestCode.BRANCH_RECOVER),
                "recovering branches");
        try {
            return BranchIdList.decode(response.body()).branchIds();
        } catch (RuntimeException e) {
            throw new BranchException(Reason.UNAVAILABLE, "broker " + brokerName + " sent a malformed branch list", e);
        }
    }

    public void forget(String brokerName, String branchId) throws BranchException {
        requireValid(branchId);
        call(brokerName, RemotingCommand.createRequest(RequestCode.BRANCH_FORGET).putExtField("branchId", branchId),
                "forgetting branch " + branchId);
    }

    /** Names of the master brokers currently known (cluster info), for recovery scans and commit broadcasts. */
    public Set<String> brokerNames() throws BranchException {
        try {
            return directory.refresh(running().instance());
        } catch (MQClientException e) {
            throw BranchFailures.of("fetching the cluster info", e);
        } catch (InterruptedException e) {
            throw BranchFailures.interrupted("fetching the cluster info", e);
        }
    }

    /**
     * Commit and rollback are idempotent on the broker, so a timeout or a dropped connection is retried a few times
     * before giving up: a decision left undelivered keeps the branch prepared and its queues' pulls suspended until a
     * transaction manager's recovery comes back, which can be minutes.
     */
    private void callIdempotent(String brokerName, Supplier<RemotingCommand> request, String what)
            throws BranchException {
        for (int attempt = 1; ; attempt++) {
            try {
                call(brokerName, request.get(), what);
                return;
            } catch (BranchException e) {
                if (e.reason() != Reason.UNAVAILABLE || attempt >= DECISION_ATTEMPTS) {
                    throw e;
                }
                LOG.warn("{} on {} failed (attempt {} of {}), retrying: {}", what, brokerName, attempt,
                        DECISION_ATTEMPTS, e.getMessage());
                try {
                    Thread.sleep(DECISION_RETRY_PAUSE_MILLIS * attempt);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private RemotingCommand call(String brokerName, RemotingCommand request, String what) throws BranchException {
        ClientInstance current = running().instance();
        try {
            String address = directory.masterAddress(current, brokerName);
            if (address == null) {
                throw new BranchException(Reason.UNAVAILABLE, what + " failed: no master of broker " + brokerName
                        + " is known");
            }
            RemotingCommand response = current.rpc().call(address, request, config.getRpcTimeoutMillis());
            if (response.code() != ResponseCode.SUCCESS) {
                throw new BranchException(BranchFailures.reasonOf(response.code()), what + " on " + brokerName
                        + " failed: " + response.remark() + " (code " + response.code() + ")");
            }
            return response;
        } catch (MQClientException e) {
            throw BranchFailures.of(what + " on " + brokerName, e);
        } catch (InterruptedException e) {
            throw BranchFailures.interrupted(what + " on " + brokerName, e);
        }
    }

    private static BranchBody body(String brokerName, List<BranchHalf> halves, List<BranchAck> acks,
            List<BranchPopAck> popAcks) throws BranchException {
        List<BranchBody.Half> wireHalves = new ArrayList<>(halves.size());
        for (BranchHalf h : halves) {
            if (!brokerName.equals(h.brokerName())) {
                throw new BranchException(Reason.INVALID, "half " + h.msgId() + " is stored on " + h.brokerName()
                        + ", not on " + brokerName);
            }
            wireHalves.add(new BranchBody.Half(h.commitLogOffset(), h.msgId(), h.transactionId()));
        }
        List<BranchBody.Ack> wireAcks = new ArrayList<>(acks.size());
        for (BranchAck a : acks) {
            if (!brokerName.equals(a.brokerName())) {
                throw new BranchException(Reason.INVALID, "ack of " + a.topic() + "/" + a.queueId() + " is for "
                        + a.brokerName() + ", not for " + brokerName);
            }
            wireAcks.add(new BranchBody.Ack(a.group(), a.topic(), a.queueId(), a.nextOffset()));
        }
        List<BranchBody.PopAck> wirePopAcks = new ArrayList<>(popAcks.size());
        for (BranchPopAck p : popAcks) {
            if (!brokerName.equals(p.brokerName())) {
                throw new BranchException(Reason.INVALID, "pop ack of " + p.topic() + "/" + p.queueId() + " offset "
                        + p.offset() + " is for " + p.brokerName() + ", not for " + brokerName);
            }
            wirePopAcks.add(new BranchBody.PopAck(p.group(), p.topic(), p.queueId(), p.offset(), p.receiptHandle()));
        }
        return new BranchBody(wireHalves, wireAcks, wirePopAcks);
    }

    private static void requireValid(String branchId) throws BranchException {
        if (!BranchBody.isValidBranchId(branchId)) {
            throw new BranchException(Reason.INVALID, "malformed branch id (at most "
                    + BranchBody.MAX_BRANCH_ID_LENGTH + " characters of [A-Za-z0-9:_.-]): " + branchId);
        }
    }

    private Running running() throws BranchException {
        Running current = running;
        if (current == null) {
            throw new BranchException(Reason.UNAVAILABLE, "the branch client of " + producerGroup + " is not started");
        }
        return current;
    }
}
