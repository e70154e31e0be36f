package dev.apogee.broker.pop;

import dev.apogee.store.MessageFilter;

/**
 * What one pop asks for, after its header was checked.
 *
 * @param queueId       a queue, or -1 for any queue of the topic
 * @param filter        the subscription's filter (TAG, SQL92 or JMS)
 * @param selectorKey   non-null for a JMS selector pop (Apogee extension): messages it does not select stay
 *                      available to the group's other consumers; null keeps Apache's behaviour (a pop's filter
 *                      consumes what it skips)
 * @param initFromMin   where a group's first pop of a queue starts when it has no committed offset: the queue's
 *                      first message (initMode 0) or its end
 * @param order         orderly pop: a queue with messages in flight for the group is not popped
 */
record PopQuery(String group, String topic, int queueId, int maxMessages, long invisibleTime, MessageFilter filter,
                String selectorKey, boolean initFromMin, boolean order) {
}
