package dev.apogee.remoting.protocol.body;

/** Delivery model of a consumer group; declaration order matches the official enum's ordinals. */
public enum MessageModel {
    /** Every consumer of the group gets every message; offsets are kept by the client. */
    BROADCASTING,
    /** The group's consumers share the queues; offsets are kept by the broker. */
    CLUSTERING
}
