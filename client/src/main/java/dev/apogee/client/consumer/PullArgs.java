package dev.apogee.client.consumer;

import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.SubscriptionData;

/**
 * One pull request.
 *
 * @param commitOffset    the consumer's current offset to piggy-back (with sysFlag bit 1), or -1 for none
 * @param withSubscription send the expression (sysFlag bit 4) instead of relying on the heartbeat
 * @param lite            LITE_PULL_MESSAGE (361, lite bit 16) instead of PULL_MESSAGE (11)
 */
public record PullArgs(String group, MessageQueue queue, long offset, int maxMessages, long commitOffset,
        SubscriptionData subscription, boolean withSubscription, boolean lite, long suspendMillis,
        long timeoutMillis) {
}
