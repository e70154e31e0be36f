package dev.apogee.broker.subscription;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

/**
 * Per-group settings, in the JSON shape of the official SubscriptionGroupConfig (admin
 * UPDATE_AND_CREATE_SUBSCRIPTIONGROUP body). Immutable: a change replaces the whole config.
 */
public record SubscriptionGroupConfig(String groupName, boolean consumeEnable, boolean consumeFromMinEnable,
                                      boolean consumeBroadcastEnable, boolean consumeMessageOrderly,
                                      int retryQueueNums, int retryMaxTimes, long brokerId,
                                      long whichBrokerWhenConsumeSlowly, boolean notifyConsumerIdsChangedEnable) {
    public static final int DEFAULT_RETRY_MAX_TIMES = 16;

    public static SubscriptionGroupConfig defaults(String groupName) {
        return new SubscriptionGroupConfig(groupName, true, false, true, false, 1, DEFAULT_RETRY_MAX_TIMES, 0, 1,
                true);
    }

    public void writeTo(JsonWriter writer) {
        writer.beginObject()
                .member("brokerId", brokerId)
                .member("consumeBroadcastEnable", consumeBroadcastEnable)
                .member("consumeEnable", consumeEnable)
                .member("consumeFromMinEnable", consumeFromMinEnable)
                .member("consumeMessageOrderly", consumeMessageOrderly)
                .member("groupName", groupName)
                .member("notifyConsumerIdsChangedEnable", notifyConsumerIdsChangedEnable)
                .member("retryMaxTimes", retryMaxTimes)
                .member("retryQueueNums", retryQueueNums)
                .member("whichBrokerWhenConsumeSlowly", whichBrokerWhenConsumeSlowly)
                .endObject();
    }

    /** Reads the official shape leniently: unknown members skipped, missing ones default. */
    public static SubscriptionGroupConfig readFrom(JsonReader reader) {
        SubscriptionGroupConfig d = defaults(null);
        String groupName = null;
        boolean consumeEnable = d.consumeEnable;
        boolean fromMin = d.consumeFromMinEnable;
        boolean broadcast = d.consumeBroadcastEnable;
        boolean orderly = d.consumeMessageOrderly;
        int retryQueues = d.retryQueueNums;
        int retryMax = d.retryMaxTimes;
        long brokerId = d.brokerId;
        long slowly = d.whichBrokerWhenConsumeSlowly;
        boolean notify = d.notifyConsumerIdsChangedEnable;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "groupName" -> groupName = reader.nextString();
                case "consumeEnable" -> consumeEnable = reader.nextBoolean();
                case "consumeFromMinEnable" -> fromMin = reader.nextBoolean();
                case "consumeBroadcastEnable" -> broadcast = reader.nextBoolean();
                case "consumeMessageOrderly" -> orderly = reader.nextBoolean();
                case "retryQueueNums" -> retryQueues = reader.nextInt();
                case "retryMaxTimes" -> retryMax = reader.nextInt();
                case "brokerId" -> brokerId = reader.nextLong();
                case "whichBrokerWhenConsumeSlowly" -> slowly = reader.nextLong();
                case "notifyConsumerIdsChangedEnable" -> notify = reader.nextBoolean();
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new SubscriptionGroupConfig(groupName, consumeEnable, fromMin, broadcast, orderly, retryQueues,
                retryMax, brokerId, slowly, notify);
    }
}
