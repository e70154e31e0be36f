package dev.apogee.namesrv.route;

/** One topic as a broker registers it; only the members that end up in routes are kept. */
public record TopicConfig(String topicName, int readQueueNums, int writeQueueNums, int perm, int topicSysFlag) {

    QueueData toQueueData(String brokerName) {
        return new QueueData(brokerName, readQueueNums, writeQueueNums, perm, topicSysFlag);
    }
}
