package dev.apogee.jms.xa;

import dev.apogee.jms.api.SessionTransactions;
import dev.apogee.jms.provider.ProviderTransaction;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One XA branch of a connection: the provider branch doing the work, the sessions associated with it now or
 * suspended, and the messages each session consumed in it (delivered again if it rolls back). Guarded by the
 * {@link XABranchTable} that owns it.
 */
final class XABranch {
    enum State { ACTIVE, PREPARED }

    record Ended(SessionTransactions session, SessionTransactions.DeliveredWork work) {
    }

    final BranchXid xid;
    final ProviderTransaction work;
    final Set<SessionTransactions> associated = new HashSet<>();
    final Map<SessionTransactions, SessionTransactions.DeliveredWork> suspended = new HashMap<>();
    final List<Ended> ended = new ArrayList<>();
    State state = State.ACTIVE;
    boolean rollbackOnly;
    /** System.nanoTime() after which the unprepared branch is rolled back instead of prepared; 0 = no limit. */
    private final long deadlineNanos;

    XABranch(BranchXid xid, ProviderTransaction work, int timeoutSeconds) {
        this.xid = xid;
        this.work = work;
        this.deadlineNanos = timeoutSeconds <= 0 ? 0 : System.nanoTime() + timeoutSeconds * 1_000_000_000L;
    }

    /** The transaction timeout set on the resource when the branch started has passed. */
    boolean timedOut() {
        return deadlineNanos != 0 && System.nanoTime() - deadlineNanos > 0;
    }

    /** True while a session still works in the branch (prepare and commit must wait for end). */
    boolean inUse() {
        return !associated.isEmpty() || !suspended.isEmpty();
    }

    /** After the outcome: the sessions learn it (a rollback delivers their consumed messages again). */
    void completed(boolean committed) {
        for (Ended e : ended) {
            e.session().completed(e.work(), committed);
        }
        ended.clear();
    }
}
