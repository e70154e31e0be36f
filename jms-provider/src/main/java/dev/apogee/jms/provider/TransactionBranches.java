package dev.apogee.jms.provider;

import jakarta.jms.JMSException;

import java.util.List;

/**
 * A connection's transaction branches ({@link Provider#branches()}): starts branches, and resolves branches by id
 * for a process that recovers after a crash (the branch's own {@link ProviderTransaction} object is gone then).
 * Operations by id go to every master broker of the cluster. Blocking, each remote call bounded by the request
 * timeout; failures are {@link BranchFailure}s. Thread-safe.
 */
public interface TransactionBranches {

    /**
     * A new branch. Fails with {@link BranchFailure.Reason#NOT_SUPPORTED} (before anything is sent) when a broker
     * of the cluster does not speak the branch protocol.
     *
     * @param branchId at most 300 characters of {@code [A-Za-z0-9:_.-]}
     */
    ProviderTransaction begin(String branchId) throws JMSException;

    /** The ids of the branches prepared and not yet decided, over all brokers. */
    List<String> recover() throws JMSException;

    /** Commits a prepared branch on every broker that holds it; UNKNOWN_BRANCH when none does. */
    void commit(String branchId) throws JMSException;

    /** Rolls a prepared branch back on every broker that holds it; UNKNOWN_BRANCH when none does. */
    void rollback(String branchId) throws JMSException;

    /** Lets every broker drop what it remembers of a decided branch. */
    void forget(String branchId) throws JMSException;

    /** Identifies the broker cluster (its name-server addresses): equal ids mean the same resource manager. */
    String resourceManagerId();
}
