package dev.apogee.store;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Messages found by key.
 *
 * @param messages               whole stored records, read-only slices
 * @param physicalOffsets        their commit-log offsets
 * @param indexLastUpdateTimestamp store time of the newest indexed message
 * @param indexLastUpdatePhyOffset commit-log offset up to which messages are indexed
 */
public record QueryResult(List<ByteBuffer> messages, List<Long> physicalOffsets, long indexLastUpdateTimestamp,
                          long indexLastUpdatePhyOffset) {
}
