package dev.apogee.jms.provider;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.MQClientException;
import dev.apogee.client.transaction.BranchClient;
import dev.apogee.client.transaction.BranchException;
import jakarta.jms.JMSException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A connection's branch protocol endpoint: one {@link BranchClient}, started on first use (most connections never
 * use transactions), the per-connection answer to "do the brokers speak the branch protocol", and the
 * connection-level operations of a recovering transaction manager (recover, commit/rollback/forget by id), which go
 * to every master broker. Thread-safe: the client is created under this object's lock.
 */
final class NativeBranches implements TransactionBranches {
    private static final Logger LOG = LoggerFactory.getLogger(NativeBranches.class);
    private final NativeProvider provider;
    private final ClientConfig clientConfig;
    private final String producerGroup;
    private BranchClient client;
    private Boolean supported;

    NativeBranches(NativeProvider provider, ClientConfig clientConfig, String producerGroup) {
        this.provider = provider;
        this.clientConfig = clientConfig;
        this.producerGroup = producerGroup;
    }

    /**
     * The started client, after checking once that every master broker speaks the branch protocol: an Apache
     * broker would take a half as one of its own transactional messages, so nothing may be sent before this check.
     */
    synchronized BranchClient client() throws JMSException {
        if (client == null) {
            BranchClient started = new BranchClient(clientConfig, producerGroup);
            try {
                started.start();
            } catch (MQClientException e) {
                throw new BranchFailure(BranchFailure.Reason.UNAVAILABLE, "cannot start the branch client: "
                        + e.getMessage(), e);
            }
            client = started;
        }
        if (supported == null) {
            for (String broker : call(client::brokerNames)) {
                try {
                    client.recover(broker);
                } catch (BranchException e) {
                    if (e.reason() == BranchException.Reason.NOT_SUPPORTED) {
                        LOG.warn("APOGEE-JMS-TX-001 broker {} does not support transaction branches (Apache "
                                + "RocketMQ): transacted sessions commit sends and acknowledgements one after the "
                                + "other, not atomically, and XA is unavailable", broker);
                        supported = false;
                        break;
                    }
                    throw translate(e);
                }
            }
            supported = supported == null;
        }
        if (!supported) {
            throw new BranchFailure(BranchFailure.Reason.NOT_SUPPORTED,
                    "a broker of the cluster does not support transaction branches (Apache RocketMQ)", null);
        }
        return client;
    }

    @Override
    public ProviderTransaction begin(String branchId) throws JMSException {
        return new NativeTransaction(provider, client(), branchId);
    }

    @Override
    public String resourceManagerId() {
        return clientConfig.getNamesrvAddress();
    }

    synchronized void shutdown() {
        if (client != null) {
            client.shutdown();
            client = null;
        }
    }

    @Override
    public List<String> recover() throws JMSException {
        BranchClient c = client();
        Set<String> ids = new TreeSet<>();
        for (String broker : call(c::brokerNames)) {
            ids.addAll(call(() -> c.recover(broker)));
        }
        return new ArrayList<>(ids);
    }

    @Override
    public void commit(String branchId) throws JMSException {
        broadcast(branchId, Decision.COMMIT);
    }

    @Override
    public void rollback(String branchId) throws JMSException {
        broadcast(branchId, Decision.ROLLBACK);
    }

    @Override
    public void forget(String branchId) throws JMSException {
        broadcast(branchId, Decision.FORGET);
    }

    private enum Decision { COMMIT, ROLLBACK, FORGET }

    /**
     * Sends a decision to every master broker. A broker that does not know the branch is fine (the branch touched
     * only some brokers); a contrary outcome (ROLLED_BACK for a commit) or an unreachable broker wins over success,
     * because the caller must not forget a branch that is not decided everywhere.
     */
    private void broadcast(String branchId, Decision decision) throws JMSException {
        BranchClient c = client();
        BranchException worst = null;
        boolean known = false;
        for (String broker : call(c::brokerNames)) {
            try {
                switch (decision) {
                    case COMMIT -> c.commit(broker, branchId);
                    case ROLLBACK -> c.rollback(broker, branchId, List.of());
                    default -> c.forget(broker, branchId);
                }
                known = true;
            } catch (BranchException e) {
                if (e.reason() != BranchException.Reason.UNKNOWN_BRANCH) {
                    known = true;
                    if (worst == null || e.reason() != BranchException.Reason.UNAVAILABLE) {
                        worst = e;
                    }
                }
            }
        }
        if (worst != null) {
            throw translate(worst);
        }
        if (!known) {
            throw new BranchFailure(BranchFailure.Reason.UNKNOWN_BRANCH, "no broker knows branch " + branchId, null);
        }
    }

    interface BranchCall<T> {
        T call() throws BranchException;
    }

    static <T> T call(BranchCall<T> call) throws BranchFailure {
        try {
            return call.call();
        } catch (BranchException e) {
            throw translate(e);
        }
    }

    static BranchFailure translate(BranchException e) {
        return new BranchFailure(BranchFailure.Reason.valueOf(e.reason().name()), e.getMessage(), e);
    }
}
