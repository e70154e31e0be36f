package dev.apogee.remoting.protocol.pop;

/**
 * Names of a group's pop retry topics and the one-character retry marker that the receipt handle and the pop
 * response keys carry instead of the topic: {@code 0} the topic itself, {@code 1} the V1 retry topic
 * ({@code %RETRY%group_topic}), {@code 2} the V2 one ({@code %RETRY%group+topic}, unambiguous when names contain
 * {@code _}).
 */
public final class PopTopics {
    public static final String RETRY_PREFIX = "%RETRY%";
    /** Revive queue id that marks an orderly pop: its messages are not revived by the checkpoint scan. */
    public static final int ORDERLY_REVIVE_QID = 999;
    public static final String NORMAL = "0";
    public static final String RETRY_V1 = "1";
    public static final String RETRY_V2 = "2";

    private PopTopics() {
    }

    public static String retryTopicV1(String group, String topic) {
        return RETRY_PREFIX + group + '_' + topic;
    }

    public static String retryTopicV2(String group, String topic) {
        return RETRY_PREFIX + group + '+' + topic;
    }

    public static boolean isRetryTopicV2(String topic) {
        return topic.startsWith(RETRY_PREFIX) && topic.indexOf('+') >= 0;
    }

    /** The retry marker of a topic a message was popped from. */
    public static String retryMarker(String topic) {
        if (isRetryTopicV2(topic)) {
            return RETRY_V2;
        }
        return topic.startsWith(RETRY_PREFIX) ? RETRY_V1 : NORMAL;
    }

    /**
     * The topic to name in an ack or invisible-time change: {@code topic} (the subscribed one) turned into the retry
     * topic the marker designates.
     *
     * @throws IllegalArgumentException for a marker other than 0, 1 or 2
     */
    public static String realTopic(String marker, String topic, String group) {
        return switch (marker) {
            case NORMAL -> topic;
            case RETRY_V1 -> retryTopicV1(group, topic);
            case RETRY_V2 -> retryTopicV2(group, topic);
            default -> throw new IllegalArgumentException("unknown pop retry marker '" + marker
                    + "' (expected 0, 1 or 2)");
        };
    }

    static boolean isMarker(String marker) {
        return NORMAL.equals(marker) || RETRY_V1.equals(marker) || RETRY_V2.equals(marker);
    }
}
