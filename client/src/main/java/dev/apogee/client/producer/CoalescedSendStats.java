package dev.apogee.client.producer;

/**
 * What a producer's coalesced sends ({@link Producer#sendOnewayCoalesced}, {@link Producer#sendAsyncCoalesced}) came
 * to: {@code requests} written carrying {@code messages} messages in all (equal when the connection was never busy
 * enough to batch).
 */
public record CoalescedSendStats(long requests, long messages) {
}
