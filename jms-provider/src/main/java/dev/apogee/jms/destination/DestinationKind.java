package dev.apogee.jms.destination;

/** The four JMS destination kinds, each with its URI prefix. */
public enum DestinationKind {
    QUEUE("queue://"),
    TOPIC("topic://"),
    TEMPORARY_QUEUE("temp-queue://"),
    TEMPORARY_TOPIC("temp-topic://");

    private final String prefix;

    DestinationKind(String prefix) {
        this.prefix = prefix;
    }

    /** The URI prefix, e.g. {@code queue://}. */
    public String prefix() {
        return prefix;
    }
}
