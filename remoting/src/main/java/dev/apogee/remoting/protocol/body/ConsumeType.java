package dev.apogee.remoting.protocol.body;

/** How a consumer group consumes; declaration order matches the official enum's ordinals. */
public enum ConsumeType {
    /** Pull and lite-pull consumers. */
    CONSUME_ACTIVELY,
    /** Push consumers. */
    CONSUME_PASSIVELY,
    /** POP consumers. */
    CONSUME_POP
}
