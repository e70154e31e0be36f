package dev.apogee.broker.admin;

import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pop.Pops;
import dev.apogee.broker.stats.BrokerStats;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.store.MessageStore;

/**
 * The processors that report consumer progress — GET_CONSUME_STATS (one group) and GET_BROKER_CONSUME_STATS (every
 * group) — built over one {@link ConsumeStatsRows}, so both report a queue the same way.
 */
public final class ConsumeStatsProcessors {
    private final TopicConfigTable topics;
    private final ConsumerRegistry consumers;
    private final ConsumeStatsRows rows;

    /** The tables the progress is read from. */
    public record Sources(MessageStore store, ConsumerOffsetTable offsets, Pops pops, BrokerStats stats) {
    }

    public ConsumeStatsProcessors(String brokerName, TopicConfigTable topics, ConsumerRegistry consumers,
            Sources sources) {
        this.topics = topics;
        this.consumers = consumers;
        this.rows = new ConsumeStatsRows(brokerName, new ConsumeProgress(topics, sources.offsets(), consumers,
                sources.store(), sources.pops()), sources.stats());
    }

    public RequestProcessor consumeStats() {
        return new GetConsumeStatsProcessor(topics, rows);
    }

    /** @param brokerAddress this broker's address, which the answer names */
    public RequestProcessor brokerConsumeStats(String brokerAddress, SubscriptionGroupTable groups) {
        return new GetBrokerConsumeStatsProcessor(brokerAddress, topics, groups, consumers, rows);
    }
}
