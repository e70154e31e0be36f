package dev.apogee.client.pop;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * Runs the listener on consume pool threads and settles each message: success queues its ack in the
 * {@link AckBatcher}; a "later" result or an exception nacks it (invisible for the delay, then redelivered with its
 * reconsume count + 1). Orderly batches run message by message; the first failure nacks the rest of the batch, so
 * they come back in order. Stateless besides its collaborators.
 */
final class ConsumeTasks {
    private static final Logger LOG = LoggerFactory.getLogger(ConsumeTasks.class);

    private final PopListener listener;
    private final PopConsumerConfig config;
    private final PopAcks acks;
    private final AckBatcher batcher;
    private final InFlight inFlight;

    ConsumeTasks(PopListener listener, PopConsumerConfig config, PopAcks acks, AckBatcher batcher, InFlight inFlight) {
        this.listener = listener;
        this.config = config;
        this.acks = acks;
        this.batcher = batcher;
        this.inFlight = inFlight;
    }

    /** Consumes one message (concurrent mode). */
    void consume(PoppedMessage message) {
        PopConsumeResult result = invoke(message);
        if (result.success()) {
            batcher.add(message);
        } else {
            nack(message, result);
        }
    }

    /** Consumes an orderly batch in order; returns when every message is settled or nacked. */
    void consumeInOrder(List<PoppedMessage> batch) {
        for (int i = 0; i < batch.size(); i++) {
            PoppedMessage message = batch.get(i);
            PopConsumeResult result = invoke(message);
            if (result.success()) {
                // acked one by one: the broker unlocks the orderly queue once the whole batch is acked
                acks.ack(message).whenComplete((ignored, error) -> inFlight.settled(message));
                continue;
            }
            for (PoppedMessage rest : batch.subList(i, batch.size())) {
                nack(rest, result);
            }
            return;
        }
    }

    private PopConsumeResult invoke(PoppedMessage message) {
        try {
            PopConsumeResult result = listener.consume(message);
            return result == null ? PopConsumeResult.later() : result;
        } catch (Exception e) {
            LOG.warn("listener of group {} failed on {}: {}", config.getGroup(), message, e.toString());
            return PopConsumeResult.later();
        }
    }

    private void nack(PoppedMessage message, PopConsumeResult result) {
        long delay = result.delayMillis() >= 0 ? result.delayMillis()
                : config.backoffMillis(message.reconsumeTimes());
        acks.nack(message, delay).whenComplete((ignored, error) -> {
            if (error != null) {
                LOG.warn("nack of {} failed, it comes back at its deadline: {}", message, error.toString());
            }
            inFlight.settled(message);
        });
    }
}
