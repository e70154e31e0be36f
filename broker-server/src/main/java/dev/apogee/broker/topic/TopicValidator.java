package dev.apogee.broker.topic;

import java.util.Set;

/** Topic naming rules and the system topics clients may not write to, as the official broker enforces them. */
public final class TopicValidator {
    public static final String AUTO_CREATE_TOPIC_KEY = "TBW102";
    public static final String SCHEDULE_TOPIC = "SCHEDULE_TOPIC_XXXX";
    public static final String TRANS_HALF_TOPIC = "RMQ_SYS_TRANS_HALF_TOPIC";
    public static final String TRANS_OP_HALF_TOPIC = "RMQ_SYS_TRANS_OP_HALF_TOPIC";
    public static final String TRANS_CHECK_MAX_TIME_TOPIC = "TRANS_CHECK_MAX_TIME_TOPIC";
    public static final String SELF_TEST_TOPIC = "SELF_TEST_TOPIC";
    public static final String OFFSET_MOVED_EVENT = "OFFSET_MOVED_EVENT";
    public static final String TIMER_TOPIC = "rmq_sys_wheel_timer";
    public static final String RETRY_GROUP_TOPIC_PREFIX = "%RETRY%";
    public static final String DLQ_GROUP_TOPIC_PREFIX = "%DLQ%";
    public static final int TOPIC_MAX_LENGTH = 127;

    private static final Set<String> NOT_ALLOWED_SEND = Set.of(SCHEDULE_TOPIC, TRANS_HALF_TOPIC,
            TRANS_OP_HALF_TOPIC, TRANS_CHECK_MAX_TIME_TOPIC, SELF_TEST_TOPIC, OFFSET_MOVED_EVENT, TIMER_TOPIC);

    private TopicValidator() {
    }

    /** @return why the name is invalid, or {@code null} when it is valid. */
    public static String invalidReason(String topic) {
        if (topic == null || topic.isEmpty()) {
            return "the topic name is empty";
        }
        if (topic.length() > TOPIC_MAX_LENGTH) {
            return "the topic name is longer than " + TOPIC_MAX_LENGTH + " characters";
        }
        for (int i = 0; i < topic.length(); i++) {
            char c = topic.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '%' || c == '|' || c == '_' || c == '-';
            if (!ok) {
                return "the topic name '" + topic + "' contains illegal character '" + c
                        + "' (allowed: ^[%|a-zA-Z0-9_-]+$)";
            }
        }
        return null;
    }

    /** System topics that only the broker itself writes to. */
    public static boolean isNotAllowedToSend(String topic) {
        return NOT_ALLOWED_SEND.contains(topic);
    }

    public static boolean isRetryTopic(String topic) {
        return topic.startsWith(RETRY_GROUP_TOPIC_PREFIX);
    }

    public static boolean isDlqTopic(String topic) {
        return topic.startsWith(DLQ_GROUP_TOPIC_PREFIX);
    }

    public static String retryTopic(String group) {
        return RETRY_GROUP_TOPIC_PREFIX + group;
    }

    public static String dlqTopic(String group) {
        return DLQ_GROUP_TOPIC_PREFIX + group;
    }
}
