/**
 * Queue assignment within a consumer group: the allocation strategies (pure functions reproducing the official
 * ones), the per-consumer {@link dev.apogee.client.rebalance.Rebalancer} that applies an assignment (dropping handed-over
 * queues cleanly after committing their offsets, adding new ones at their start offsets), and the
 * {@link dev.apogee.client.rebalance.RebalanceService} thread.
 *
 * <p>Threads: {@code Rebalancer} runs on the rebalance thread only (and at consumer shutdown on the caller's);
 * the process-queue table it maintains is a concurrent map read by pull and consume threads.
 */
package dev.apogee.client.rebalance;
