package dev.apogee.broker.transaction.branch;

import io.netty.channel.Channel;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which connection sent the halves of each branch not prepared yet, so that the reaper can roll them back once that
 * connection is gone. Written by send threads ({@link BranchSendTracker}) and branch request threads, read by the
 * reaper. A branch with no entry whose halves the reaper finds was sent before this broker started (or its entry
 * was dropped): its sender is gone.
 */
final class OpenBranches {
    private final Map<String, Channel> senders = new ConcurrentHashMap<>();

    void sent(String branchId, Channel channel) {
        senders.put(branchId, channel);
    }

    /** The branch got prepared or decided: its halves follow the branch now. */
    void forget(String branchId) {
        senders.remove(branchId);
    }

    /** Whether the connection that sent the branch's halves is still open. */
    boolean senderAlive(String branchId) {
        Channel channel = senders.get(branchId);
        return channel != null && channel.isActive();
    }

    /** Drops the entries of closed connections (a send that never stored a half would otherwise stay forever). */
    void pruneClosed() {
        senders.values().removeIf(channel -> !channel.isActive());
    }

    int size() {
        return senders.size();
    }
}
