package dev.apogee.remoting.interop;

import org.apache.rocketmq.remoting.CommandCustomHeader;

import java.util.HashMap;
import java.util.Map;

/**
 * An official-style custom header with fields of each boxed type the official encoder stringifies. Public with a
 * public no-arg constructor because the official decoder instantiates it reflectively.
 */
public class TestCustomHeader implements CommandCustomHeader {
    private String topic;
    private Integer queueId;
    private Long queueOffset;
    private Boolean unitMode;
    private String properties;

    public TestCustomHeader() {
    }

    /** A header full of awkward values: unicode, control characters, extreme numbers. */
    public static TestCustomHeader sample() {
        TestCustomHeader header = new TestCustomHeader();
        header.topic = "Topic-测试-✓";
        header.queueId = Integer.MIN_VALUE;
        header.queueOffset = Long.MAX_VALUE;
        header.unitMode = Boolean.TRUE;
        header.properties = "KEYS\u0001k1 k2\u0002TAGS\u0001tagA\u0002\"quoted\" \\ back\n";
        return header;
    }

    /** The extFields the official encoder produces for this header. */
    public Map<String, String> asExtFields() {
        Map<String, String> fields = new HashMap<>();
        fields.put("topic", topic);
        fields.put("queueId", String.valueOf(queueId));
        fields.put("queueOffset", String.valueOf(queueOffset));
        fields.put("unitMode", String.valueOf(unitMode));
        fields.put("properties", properties);
        return fields;
    }

    @Override
    public void checkFields() {
    }

    public String getTopic() {
        return topic;
    }

    public void setTopic(String topic) {
        this.topic = topic;
    }

    public Integer getQueueId() {
        return queueId;
    }

    public void setQueueId(Integer queueId) {
        this.queueId = queueId;
    }

    public Long getQueueOffset() {
        return queueOffset;
    }

    public void setQueueOffset(Long queueOffset) {
        this.queueOffset = queueOffset;
    }

    public Boolean getUnitMode() {
        return unitMode;
    }

    public void setUnitMode(Boolean unitMode) {
        this.unitMode = unitMode;
    }

    public String getProperties() {
        return properties;
    }

    public void setProperties(String properties) {
        this.properties = properties;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TestCustomHeader h && asExtFields().equals(h.asExtFields());
    }

    @Override
    public int hashCode() {
        return asExtFields().hashCode();
    }

    @Override
    public String toString() {
        return "TestCustomHeader" + asExtFields();
    }
}
