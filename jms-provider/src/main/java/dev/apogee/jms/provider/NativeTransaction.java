package dev.apogee.jms.provider;

import dev.apogee.client.message.Message;
import dev.apogee.client.transaction.BranchAck;
import dev.apogee.client.transaction.BranchClient;
import dev.apogee.client.transaction.BranchException;
import dev.apogee.client.transaction.BranchHalf;
import dev.apogee.client.transaction.BranchMessage;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.remoting.protocol.body.MessageQueue;
import jakarta.jms.JMSException;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * A {@link ProviderTransaction} over the {@link BranchClient}: it remembers, per broker, the halves it sent and the
 * positions it acknowledged, because the broker learns about them only at prepare. States: ACTIVE → PREPARED →
 * COMMITTED, or → ROLLED_BACK from either; a branch that touched no broker is READ_ONLY after prepare. All methods
 * are synchronized (work on the session's thread, completion on the transaction manager's).
 */
final class NativeTransaction implements ProviderTransaction {
    private enum State { ACTIVE, PREPARED, READ_ONLY, COMMITTED, ROLLED_BACK }

    private record QueueKey(String group, String topic, String brokerName, int queueId) {
    }

    private final NativeProvider provider;
    private final BranchClient client;
    private final String branchId;
    /** Halves a commit may have in flight at once: bounds the memory and the broker queue one commit can take. */
    private static final int MAX_IN_FLIGHT = 64;

    private final Map<String, List<BranchHalf>> halves = new LinkedHashMap<>();
    private final Map<QueueKey, BranchAck> acks = new LinkedHashMap<>();
    private final Set<String> prepared = new LinkedHashSet<>();
    /** Messages of POP consumers: acked by the brokers with the branch, released when it rolls back. */
    private final PopBranchAcks popAcks = new PopBranchAcks();
    private State state = State.ACTIVE;

    NativeTransaction(NativeProvider provider, BranchClient client, String branchId) {
        this.provider = provider;
        this.client = client;
        this.branchId = branchId;
    }

    @Override
    public String branchId() {
        return branchId;
    }

    @Override
    public synchronized void send(WireMessage message, long deliveryTime, int orderKey) throws JMSException {
        require(State.ACTIVE, "send in");
        try {
            provider.ensureTopic(message.topic()).join();
        } catch (RuntimeException e) {
            throw NativeProvider.translate(e);
        }
        BranchHalf half = NativeBranches.call(() -> client.send(branchId,
                NativeMessages.nativeMessage(message, deliveryTime), orderKey));
        halves.computeIfAbsent(half.brokerName(), b -> new ArrayList<>()).add(half);
    }

    /**
     * All halves in flight together, at most {@value #MAX_IN_FLIGHT} at a time; their futures are awaited in list
     * order, so the halves are recorded (and later materialized) in the order of {@code sends} whatever order the
     * broker stored them in. Halves stored before a failure stay recorded, so a rollback discards them.
     */
    @Override
    public synchronized void sendAll(List<Send> sends, int orderKey) throws JMSException {
        require(State.ACTIVE, "send in");
        try {
            sends.stream().map(s -> s.message().topic()).distinct().forEach(t -> provider.ensureTopic(t).join());
        } catch (RuntimeException e) {
            throw NativeProvider.translate(e);
        }
        ArrayDeque<CompletableFuture<BranchHalf>> inFlight = new ArrayDeque<>();
        JMSException failure = null;
        int next = 0;
        while (true) {
            if (failure == null && next < sends.size() && inFlight.size() < MAX_IN_FLIGHT) {
                Send s = sends.get(next++);
                inFlight.add(client.sendAsync(branchId, NativeMessages.nativeMessage(s.message(), s.deliveryTime()),
                        orderKey));
                continue;
            }
            if (inFlight.isEmpty()) {
                break; // all sent, or a failure and nothing left in flight
            }
            try {
                BranchHalf half = inFlight.poll().join();
                halves.computeIfAbsent(half.brokerName(), b -> new ArrayList<>()).add(half);
            } catch (CompletionException e) {
                if (failure == null) {
                    failure = e.getCause() instanceof BranchException b ? NativeBranches.translate(b)
                            : NativeProvider.translate(e.getCause() == null ? e : e.getCause());
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * When everything the branch touches is on one broker (and the broker knows BRANCH_COMMIT_LOCAL), the sends and
     * acks go in one request: one round trip and one flush on the broker. Otherwise, or for a branch that already
     * sent halves, or more than one request carries ({@link BranchClient#MAX_LOCAL_COMMIT_BYTES}), the sends go as
     * halves and the branch is then committed.
     */
    @Override
    public synchronized void commitWith(List<Send> sends, int orderKey) throws JMSException {
        require(State.ACTIVE, "commit");
        if (!halves.isEmpty() || !client.supportsLocalCommit()) {
            sendAll(sends, orderKey);
            commit(true);
            return;
        }
        List<BranchMessage> messages = new ArrayList<>(sends.size());
        Set<String> brokers = new LinkedHashSet<>();
        try {
            sends.stream().map(s -> s.message().topic()).distinct().forEach(t -> provider.ensureTopic(t).join());
        } catch (RuntimeException e) {
            throw NativeProvider.translate(e);
        }
        for (Send s : sends) {
            Message message = NativeMessages.nativeMessage(s.message(), s.deliveryTime());
            MessageQueue queue = NativeBranches.call(() -> client.queueFor(message.getTopic(), orderKey));
            messages.add(new BranchMessage(message, queue));
            brokers.add(queue.brokerName());
        }
        acks.values().forEach(a -> brokers.add(a.brokerName()));
        brokers.addAll(popAcks.brokers());
        String broker = brokers.size() == 1 ? brokers.iterator().next() : null;
        boolean committed;
        try {
            committed = broker != null && client.commitLocal(broker, branchId, messages, acksOf(broker),
                    popAcks.of(broker));
        } catch (BranchException e) {
            if (e.reason() != BranchException.Reason.NOT_SUPPORTED) {
                state = State.ROLLED_BACK;
                popAcks.releaseExcept(Set.of()); // the broker did nothing: the consumed messages go back from here
                throw NativeBranches.translate(e);
            }
            committed = false; // nothing was done: the broker predates the request
        }
        if (!committed) { // several brokers (or none), more than one request carries, or an older broker
            sendAll(sends, orderKey);
            commit(true);
            return;
        }
        state = State.COMMITTED;
        popAcks.clear();
    }

    @Override
    public synchronized void acknowledge(ConsumerId consumer) throws JMSException {
        require(State.ACTIVE, "acknowledge in");
        if (consumer.perMessage()) {
            PopReceiver receiver = provider.popReceiver(consumer);
            popAcks.add(receiver, receiver.takeHandedOut());
            return;
        }
        for (BranchAck ack : provider.deliveredPositions(consumer)) {
            acks.merge(new QueueKey(ack.group(), ack.topic(), ack.brokerName(), ack.queueId()), ack,
                    (a, b) -> a.nextOffset() >= b.nextOffset() ? a : b);
        }
    }

    @Override
    public synchronized boolean prepare() throws JMSException {
        require(State.ACTIVE, "prepare");
        Set<String> brokers = brokers();
        if (brokers.isEmpty()) {
            state = State.READ_ONLY;
            return false;
        }
        for (String broker : brokers) {
            try {
                client.prepare(broker, branchId, halvesOf(broker), acksOf(broker), false, popAcks.of(broker));
                prepared.add(broker);
            } catch (BranchException e) {
                rollbackQuietly();
                throw NativeBranches.translate(e);
            }
        }
        state = State.PREPARED;
        return true;
    }

    @Override
    public synchronized void commit(boolean onePhase) throws JMSException {
        if (state == State.READ_ONLY || state == State.COMMITTED) {
            return;
        }
        if (state == State.ACTIVE) {
            if (!onePhase) {
                throw new BranchFailure(BranchFailure.Reason.INVALID, "two-phase commit of branch " + branchId
                        + " that was not prepared", null);
            }
            Set<String> brokers = brokers();
            if (brokers.size() == 1) {
                String broker = brokers.iterator().next();
                try {
                    client.prepare(broker, branchId, halvesOf(broker), acksOf(broker), true, popAcks.of(broker));
                } catch (BranchException e) {
                    rollbackQuietly();
                    throw NativeBranches.translate(e);
                }
                state = State.COMMITTED;
                popAcks.clear();
                return;
            }
            if (!prepare()) {
                return;
            }
        }
        require(State.PREPARED, "commit");
        for (String broker : prepared) {
            NativeBranches.call(() -> {
                client.commit(broker, branchId);
                return null;
            });
        }
        state = State.COMMITTED;
        popAcks.clear();
    }

    @Override
    public synchronized void rollback() throws JMSException {
        if (state == State.ROLLED_BACK || state == State.READ_ONLY) {
            return;
        }
        if (state == State.COMMITTED) {
            throw new BranchFailure(BranchFailure.Reason.COMMITTED, "branch " + branchId + " is committed", null);
        }
        BranchException failure = null;
        Set<String> decidedByBrokers = state == State.PREPARED ? prepared : Set.of();
        for (String broker : state == State.PREPARED ? prepared : halves.keySet()) {
            try {
                client.rollback(broker, branchId, halvesOf(broker));
            } catch (BranchException e) {
                // the broker discards an unprepared branch's halves by itself after a timeout: nothing to undo
                if (e.reason() != BranchException.Reason.UNKNOWN_BRANCH) {
                    failure = e;
                }
            }
        }
        state = State.ROLLED_BACK;
        popAcks.releaseExcept(decidedByBrokers);
        if (failure != null) {
            throw NativeBranches.translate(failure);
        }
    }

    /** After a failed prepare: undo what may have been recorded; the caller reports the original failure. */
    private void rollbackQuietly() {
        Set<String> touched = new LinkedHashSet<>(prepared);
        touched.addAll(halves.keySet());
        for (String broker : touched) {
            try {
                client.rollback(broker, branchId, halvesOf(broker));
            } catch (BranchException ignored) {
                // best effort: an unprepared branch is discarded by the broker on timeout anyway
            }
        }
        state = State.ROLLED_BACK;
        popAcks.releaseExcept(prepared);
    }

    private Set<String> brokers() {
        Set<String> brokers = new LinkedHashSet<>(halves.keySet());
        for (BranchAck ack : acks.values()) {
            brokers.add(ack.brokerName());
        }
        brokers.addAll(popAcks.brokers());
        return brokers;
    }

    private List<BranchHalf> halvesOf(String broker) {
        return halves.getOrDefault(broker, List.of());
    }

    private List<BranchAck> acksOf(String broker) {
        List<BranchAck> out = new ArrayList<>();
        for (BranchAck ack : acks.values()) {
            if (ack.brokerName().equals(broker)) {
                out.add(ack);
            }
        }
        return out;
    }

    private void require(State wanted, String what) throws BranchFailure {
        if (state != wanted) {
            BranchFailure.Reason reason = state == State.ROLLED_BACK ? BranchFailure.Reason.ROLLED_BACK
                    : state == State.COMMITTED ? BranchFailure.Reason.COMMITTED : BranchFailure.Reason.INVALID;
            throw new BranchFailure(reason, "cannot " + what + " branch " + branchId + ": it is " + state, null);
        }
    }
}
