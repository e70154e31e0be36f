package dev.apogee.broker.pull;

/**
 * Says whether a group's pulls on a queue must return nothing for now: a prepared transaction branch holds an ack
 * for it, and delivering again what the branch consumed would duplicate it if the branch commits. Called on pull
 * threads; implementations are thread-safe.
 */
@FunctionalInterface
public interface QueueSuspension {
    QueueSuspension NONE = (group, topic, queueId) -> false;

    boolean isSuspended(String group, String topic, int queueId);
}
