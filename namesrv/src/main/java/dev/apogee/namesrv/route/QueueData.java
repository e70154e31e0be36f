package dev.apogee.namesrv.route;

/** The queues one broker name serves for a topic. */
public record QueueData(String brokerName, int readQueueNums, int writeQueueNums, int perm, int topicSysFlag) {

    public QueueData withPerm(int newPerm) {
        return new QueueData(brokerName, readQueueNums, writeQueueNums, newPerm, topicSysFlag);
    }
}
