package dev.apogee.client.rebalance;

import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.body.LockBatchRequestBody;
import dev.apogee.remoting.protocol.body.LockBatchResponseBody;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.UnlockBatchRequestBody;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;

/** LOCK_BATCH_MQ / UNLOCK_BATCH_MQ (section 2.5): broker-side queue locks of orderly consumers. */
public final class QueueLocks {
    private static final long LOCK_TIMEOUT_MILLIS = 1_000;

    private final Rpc rpc;
    private final String group;
    private final String clientId;

    public QueueLocks(Rpc rpc, String group, String clientId) {
        this.rpc = rpc;
        this.group = group;
        this.clientId = clientId;
    }

    /** Locks (or renews) {@code queues} on one broker; returns the subset this client now holds. */
    public Set<MessageQueue> lock(String brokerAddress, Set<MessageQueue> queues)
            throws MQClientException, InterruptedException {
        LockBatchRequestBody body = new LockBatchRequestBody();
        body.setConsumerGroup(group);
        body.setClientId(clientId);
        body.setMqSet(new HashSet<>(queues));
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.LOCK_BATCH_MQ).body(body.encode());
        request.extFields(new HashMap<>());
        RemotingCommand response = rpc.callOk(brokerAddress, request, LOCK_TIMEOUT_MILLIS);
        try {
            Set<MessageQueue> locked = LockBatchResponseBody.decode(response.body()).getLockOKMQSet();
            return locked == null ? Set.of() : locked;
        } catch (JsonException e) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "unparsable lock response", e);
        }
    }

    /** Releases {@code queues} on one broker; oneway when a single queue is handed over, sync at shutdown. */
    public void unlock(String brokerAddress, Set<MessageQueue> queues, boolean oneway)
            throws MQClientException, InterruptedException {
        UnlockBatchRequestBody body = new UnlockBatchRequestBody();
        body.setConsumerGroup(group);
        body.setClientId(clientId);
        body.setMqSet(new HashSet<>(queues));
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.UNLOCK_BATCH_MQ).body(body.encode());
        request.extFields(new HashMap<>());
        if (oneway) {
            rpc.oneway(brokerAddress, request, LOCK_TIMEOUT_MILLIS);
        } else {
            rpc.callOk(brokerAddress, request, LOCK_TIMEOUT_MILLIS);
        }
    }
}
