package dev.apogee.client.message;

/**
 * Send-time checks with clear messages, mirroring the official client and broker limits: topic name syntax and
 * length, system topics, non-empty body within the size limit, properties within 32 KiB.
 */
public final class MessageValidator {
    public static final int TOPIC_MAX_LENGTH = 127;
    public static final int PROPERTIES_MAX_LENGTH = 32767;

    private MessageValidator() {
    }

    /** Returns null when valid, else the reason. */
    public static String checkTopic(String topic) {
        if (topic == null || topic.isBlank()) {
            return "the topic must not be blank";
        }
        if (topic.length() > TOPIC_MAX_LENGTH) {
            return "the topic '" + topic + "' is longer than " + TOPIC_MAX_LENGTH + " characters";
        }
        if (!hasTopicCharsOnly(topic)) {
            return "the topic '" + topic + "' contains characters other than letters, digits, '%', '|', '_', '-'";
        }
        return null;
    }

    /** Letters, digits, '%', '|', '_', '-' only (a loop, not a regex: it runs on every send). */
    private static boolean hasTopicCharsOnly(String topic) {
        for (int i = 0; i < topic.length(); i++) {
            char c = topic.charAt(i);
            boolean allowed = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '%'
                    || c == '|' || c == '_' || c == '-';
            if (!allowed) {
                return false;
            }
        }
        return true;
    }

    /** Returns null when valid, else the reason. */
    public static String check(Message message, int maxBodySize) {
        if (message == null) {
            return "the message is null";
        }
        String topicProblem = checkTopic(message.getTopic());
        if (topicProblem != null) {
            return topicProblem;
        }
        if (isSystemTopic(message.getTopic())) {
            return "the topic '" + message.getTopic() + "' is a system topic and cannot be sent to";
        }
        int bodyLength = message.getBodyLength(); // a text body is not encoded for this
        if (bodyLength == 0) {
            return "the message body is empty";
        }
        if (bodyLength > maxBodySize) {
            return "the message body is " + bodyLength + " bytes, more than the limit of " + maxBodySize;
        }
        int propertiesLength = PropertiesCodec.encodedLength(message.getProperties());
        if (propertiesLength > PROPERTIES_MAX_LENGTH) {
            return "the message properties take " + propertiesLength + " bytes, more than " + PROPERTIES_MAX_LENGTH;
        }
        return null;
    }

    public static boolean isSystemTopic(String topic) {
        return topic.equals("SCHEDULE_TOPIC_XXXX") || topic.equals("RMQ_SYS_TRANS_HALF_TOPIC")
                || topic.equals("RMQ_SYS_TRANS_OP_HALF_TOPIC") || topic.equals("TRANS_CHECK_MAX_TIME_TOPIC")
                || topic.equals("SELF_TEST_TOPIC") || topic.equals("OFFSET_MOVED_EVENT") || topic.equals("TBW102")
                || topic.startsWith("rmq_sys_");
    }
}
