package dev.apogee.client.producer;

/**
 * What a producer's coalesced oneway sends ({@link Producer#sendOnewayCoalesced}) came to: {@code requests} written
 * carrying {@code messages} messages in all (equal when the connection was never busy enough to batch).
 */
public record CoalescedOnewayStats(long requests, long messages) {
}
