package dev.apogee.broker;

import dev.apogee.broker.admin.ThreadPoolLoads;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.remoting.netty.ExecutorLoad;
import dev.apogee.remoting.netty.LaneGroup;
import dev.apogee.remoting.netty.RemotingExecutors;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The broker's processor executors, bounded so that overload is answered SYSTEM_BUSY: sends, pulls, client
 * management (heartbeats), consumer offsets, and admin. Separate pools keep slow admin calls or a burst of sends
 * from starving pulls and heartbeats.
 */
final class BrokerExecutors {
    final ExecutorService send;
    /**
     * Ordered sends on {@link #send}: per connection as many lanes as send threads, each holding at most its share of
     * the send queue's capacity, so one connection cannot queue more sends than the pool itself would hold.
     */
    final LaneGroup sendLanes;
    final ExecutorService pull;
    /** POP_MESSAGE and re-run held pops; acks and invisible-time changes (they wait for no thread) too. */
    final ExecutorService pop;
    final ExecutorService clientManage;
    final ExecutorService consumerManage;
    /**
     * Offset commits on one thread: they are applied in the order they arrived, so an older periodic commit can never
     * overwrite a newer one (e.g. the final commit a consumer sends at shutdown) by finishing later on another thread.
     * Offset queries run here too, so a query answers after the (oneway) commits its connection sent before it: the
     * official consumer commits a reset offset and at once re-reads it when it takes the queue back (mqadmin
     * resetOffsetByTime); on another thread the query could overtake the commit and hand back the old offset.
     */
    final ExecutorService offsetUpdates;
    final ExecutorService admin;
    final ExecutorService transaction;
    /**
     * Branch requests (prepare/commit/rollback of transaction branches). A prepare or commit holds its thread until
     * its record is flushed; with many threads, concurrent branches wait on the same group-commit fsync instead of
     * queueing behind two.
     */
    final ExecutorService branch;

    BrokerExecutors(BrokerConfig config) {
        send = RemotingExecutors.bounded("apogee-send", config.getSendMessageThreadPoolNums(),
                config.getSendThreadPoolQueueCapacity());
        int sendThreads = config.getSendMessageThreadPoolNums();
        sendLanes = new LaneGroup(send, sendThreads,
                Math.max(1, config.getSendThreadPoolQueueCapacity() / sendThreads));
        pull = RemotingExecutors.bounded("apogee-pull", config.getPullMessageThreadPoolNums(),
                config.getPullThreadPoolQueueCapacity());
        pop = RemotingExecutors.bounded("apogee-pop", config.getPullMessageThreadPoolNums(),
                config.getPullThreadPoolQueueCapacity());
        clientManage = RemotingExecutors.bounded("apogee-broker-client-manage", config.getClientManageThreadPoolNums(),
                50_000);
        consumerManage = RemotingExecutors.bounded("apogee-consumer-manage", 4, 100_000);
        offsetUpdates = RemotingExecutors.bounded("apogee-offset-update", 1, 100_000);
        admin = RemotingExecutors.bounded("apogee-admin", config.getAdminBrokerThreadPoolNums(), 10_000);
        transaction = RemotingExecutors.bounded("apogee-end-transaction", 2, 100_000);
        branch = RemotingExecutors.bounded("apogee-branch", config.getBranchThreadPoolNums(), 10_000);
    }

    /** The executors' queues now, for the runtime info (any thread). */
    ThreadPoolLoads loads() {
        return new ThreadPoolLoads(ExecutorLoad.of(sendLanes), ExecutorLoad.of(pull), ExecutorLoad.of(pop),
                ExecutorLoad.of(admin), ExecutorLoad.of(transaction));
    }

    /** Stops taking work and waits (bounded) for queued work to finish. */
    void shutdown() throws InterruptedException {
        List<ExecutorService> all = List.of(send, pull, pop, clientManage, consumerManage, offsetUpdates, admin, transaction,
                branch);
        all.forEach(ExecutorService::shutdown);
        for (ExecutorService executor : all) {
            if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
                executor.shutdownNow();
            }
        }
    }
}
