package dev.apogee.broker.transaction.branch;

/**
 * Rebuilds the {@link BranchTable} from the branch log at start, on the starting thread before any request is
 * served: each record moves its branch to the state it names, as of the time it was stored. Branches finished longer
 * ago than the retention are dropped as soon as their DONE record is read, so the table never holds the whole log.
 */
final class BranchReplay {
    private final BranchTable table;
    private final long replayedAt;

    BranchReplay(BranchTable table, long now) {
        this.table = table;
        this.replayedAt = now;
    }

    void apply(BranchRecord record, long storedAt) {
        Branch known = table.get(record.branchId());
        long now = storedAt;
        switch (record.type()) {
            case PREPARE -> table.put(new Branch(record.branchId(), Branch.State.PREPARED, false,
                    record.producerGroup(), record.branch(), now));
            case COMMIT -> table.put(new Branch(record.branchId(), Branch.State.COMMITTED, false,
                    record.producerGroup(), record.branch(), now));
            case COMMIT_STORED -> {
                if (storedAt >= replayedAt - BranchTable.retentionOf(record.branchId())) {
                    table.put(new Branch(record.branchId(), Branch.State.COMMITTED, true, record.producerGroup(),
                            record.branch(), now));
                }
            }
            case ROLLBACK -> table.put(new Branch(record.branchId(), Branch.State.ROLLED_BACK, false,
                    record.producerGroup(), record.branch(), now));
            case DONE -> {
                if (known != null && storedAt < replayedAt - BranchTable.retentionOf(record.branchId())) {
                    table.remove(record.branchId());
                } else if (known != null) {
                    table.put(known.finished());
                }
            }
            case FORGET -> table.remove(record.branchId());
        }
    }
}
