package dev.apogee.client.pop;

/**
 * Consumes one popped message for a {@link PopConsumer}, on a consume pool thread. Throwing counts as
 * {@link PopConsumeResult#later()}. A listener slower than the invisible time keeps its message: the consumer
 * renews the invisibility while it runs.
 */
@FunctionalInterface
public interface PopListener {
    PopConsumeResult consume(PoppedMessage message) throws Exception;
}
