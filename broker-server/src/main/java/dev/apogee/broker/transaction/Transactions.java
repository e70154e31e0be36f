package dev.apogee.broker.transaction;

import dev.apogee.broker.client.ProducerRegistry;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.store.MessageStore;

import java.net.InetSocketAddress;
import java.util.function.LongSupplier;

/**
 * The transactional-message feature as the broker wires it: the END_TRANSACTION processor and the check service,
 * sharing one record of decided transactions.
 */
public final class Transactions {
    private final EndTransactionProcessor endTransaction;
    private final TransactionCheckService checkService;
    private final TransactionDecisions decisions;
    private final DecidedTransactions decided;

    public Transactions(TransactionConfig config, MessageStore store, ProducerRegistry producers,
            ConsumerOffsetTable offsets, InetSocketAddress storeHost, LongSupplier clock) {
        this.decided = new DecidedTransactions(clock);
        this.decisions = new TransactionDecisions(store, storeHost, decided);
        this.endTransaction = new EndTransactionProcessor(store, decisions);
        this.checkService = new TransactionCheckService(config, store, producers, offsets, decided, decisions,
                storeHost, clock);
    }

    public RequestProcessor endTransactionProcessor() {
        return endTransaction;
    }

    /** Carries out decisions on half messages; shared with the branch feature. */
    public TransactionDecisions decisions() {
        return decisions;
    }

    /** How many decided transactions are remembered now (diagnostics: it follows the transactions in flight). */
    public int decidedRemembered() {
        return decided.size();
    }

    public void start(NettyRemotingServer server) {
        checkService.start(server);
    }

    public void shutdown() {
        checkService.shutdown();
    }
}
