package dev.apogee.client.transaction;

/**
 * A consumed position that becomes durable with its branch: at commit the broker moves {@code group}'s offset of
 * ({@code topic}, {@code queueId}) on {@code brokerName} to at least {@code nextOffset}.
 */
public record BranchAck(String group, String topic, String brokerName, int queueId, long nextOffset) {
}
