package dev.apogee.examples.springcamel;

/** The providers the scenarios run against. */
enum ProviderKind {
    /** Apogee MQ: the server {@code bin/apogee-standalone} runs, in the test JVM on loopback. */
    APOGEE,
    /** ActiveMQ Artemis 2.40, embedded with an in-VM acceptor: the reference the scenarios must pass on. */
    ARTEMIS;

    Provider start() throws Exception {
        return switch (this) {
            case APOGEE -> ApogeeServer.start();
            case ARTEMIS -> ArtemisServer.start();
        };
    }
}
