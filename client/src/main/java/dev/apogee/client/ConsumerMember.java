package dev.apogee.client;

import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import dev.apogee.remoting.protocol.body.ConsumeType;
import dev.apogee.remoting.protocol.body.MessageModel;
import dev.apogee.remoting.protocol.body.SubscriptionData;

import java.util.Set;

/**
 * A consumer registered with a {@link ClientInstance}: described in heartbeats, rebalanced by the rebalance service
 * and asked to persist its offsets by the offset persist service.
 */
public interface ConsumerMember {
    String group();

    MessageModel messageModel();

    ConsumeType consumeType();

    ConsumeFromWhere consumeFromWhere();

    /** The subscriptions to announce in heartbeats (including {@code %RETRY%<group>} for push consumers). */
    Set<SubscriptionData> subscriptions();

    /** Recomputes this consumer's queues; called on the rebalance thread. */
    void doRebalance();

    /** Commits the offsets of the queues it owns; called on the offset persist thread. */
    void persistOffsets();
}
