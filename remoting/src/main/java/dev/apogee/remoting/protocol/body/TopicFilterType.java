package dev.apogee.remoting.protocol.body;

/** A topic's tag filter type as registered by brokers; {@code SINGLE_TAG} is all a 5.3.3 broker sends. */
public enum TopicFilterType {
    SINGLE_TAG,
    MULTI_TAG
}
