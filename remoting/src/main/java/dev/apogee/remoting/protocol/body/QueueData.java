package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.Objects;

/** One broker's queues of a topic in {@link TopicRouteData}; ordered by broker name like the official class. */
public final class QueueData implements JsonBody, Comparable<QueueData> {
    private String brokerName;
    private int readQueueNums;
    private int writeQueueNums;
    private int perm;
    private int topicSysFlag;

    public QueueData() {
    }

    public QueueData(String brokerName, int readQueueNums, int writeQueueNums, int perm, int topicSysFlag) {
        this.brokerName = brokerName;
        this.readQueueNums = readQueueNums;
        this.writeQueueNums = writeQueueNums;
        this.perm = perm;
        this.topicSysFlag = topicSysFlag;
    }

    public QueueData copy() {
        return new QueueData(brokerName, readQueueNums, writeQueueNums, perm, topicSysFlag);
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject()
            .member("brokerName", brokerName)
            .member("perm", perm)
            .member("readQueueNums", readQueueNums)
            .member("topicSysFlag", topicSysFlag)
            .member("writeQueueNums", writeQueueNums)
            .endObject();
    }

    /** Reads queue data, or returns null for JSON null. */
    public static QueueData readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        QueueData data = new QueueData();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "brokerName": data.brokerName = reader.nextString(); break;
                case "perm": data.perm = reader.nextInt(); break;
                case "readQueueNums": data.readQueueNums = reader.nextInt(); break;
                case "topicSysFlag": data.topicSysFlag = reader.nextInt(); break;
                case "writeQueueNums": data.writeQueueNums = reader.nextInt(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return data;
    }

    public String getBrokerName() {
        return brokerName;
    }

    public void setBrokerName(String brokerName) {
        this.brokerName = brokerName;
    }

    public int getReadQueueNums() {
        return readQueueNums;
    }

    public void setReadQueueNums(int readQueueNums) {
        this.readQueueNums = readQueueNums;
    }

    public int getWriteQueueNums() {
        return writeQueueNums;
    }

    public void setWriteQueueNums(int writeQueueNums) {
        this.writeQueueNums = writeQueueNums;
    }

    public int getPerm() {
        return perm;
    }

    public void setPerm(int perm) {
        this.perm = perm;
    }

    public int getTopicSysFlag() {
        return topicSysFlag;
    }

    public void setTopicSysFlag(int topicSysFlag) {
        this.topicSysFlag = topicSysFlag;
    }

    @Override
    public int compareTo(QueueData other) {
        return Objects.compare(brokerName, other.brokerName, java.util.Comparator.nullsFirst(String::compareTo));
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof QueueData)) {
            return false;
        }
        QueueData other = (QueueData) o;
        return readQueueNums == other.readQueueNums && writeQueueNums == other.writeQueueNums && perm == other.perm
            && topicSysFlag == other.topicSysFlag && Objects.equals(brokerName, other.brokerName);
    }

    @Override
    public int hashCode() {
        return Objects.hash(brokerName, readQueueNums, writeQueueNums, perm, topicSysFlag);
    }

    @Override
    public String toString() {
        return "QueueData[brokerName=" + brokerName + ", readQueueNums=" + readQueueNums + ", writeQueueNums="
            + writeQueueNums + ", perm=" + perm + ", topicSysFlag=" + topicSysFlag + ']';
    }
}
