package dev.apogee.standalone.admin;

import java.util.Set;

/** apogee-admin's commands, each with the options it accepts besides the global ones. */
enum Command {
    QUEUES("queues", "[-q QUEUE]", "JMS queues: backlog (messages not yet acknowledged), in flight, consumers",
            Set.of("-q")),
    SUBSCRIPTIONS("subscriptions", "[-t TOPIC]",
            "JMS topic subscriptions (durable, shared, shared durable, non-durable): backlog, in flight, consumers",
            Set.of("-t")),
    DLQ_LIST("dlq-list", "(-g GROUP | -q QUEUE) [-m MAX] [-b BYTES]",
            "the messages in a group's dead-letter queue %DLQ%<group>: ids, properties, body preview",
            Set.of("-g", "-q", "-m", "-b")),
    DLQ_RESEND("dlq-resend", "(-g GROUP | -q QUEUE) (-i ID | --all) [-t TOPIC]",
            "sends dead letters again to their original topic (the DLQ copies stay, see README)",
            Set.of("-g", "-q", "-i", "--all", "-t")),
    STORE_CHECK("store-check", "-d STORE_DIR",
            "checks a stopped broker's store: every commit-log record's CRC and structure, every consume-queue"
                    + " entry against the commit log", Set.of("-d")),
    HELP("help", "", "this text", Set.of());

    /** Options every command accepts. */
    static final Set<String> GLOBAL = Set.of("-n", "-a", "-s", "-h");

    final String word;
    final String synopsis;
    final String summary;
    final Set<String> options;

    Command(String word, String synopsis, String summary, Set<String> options) {
        this.word = word;
        this.synopsis = synopsis;
        this.summary = summary;
        this.options = options;
    }

    static Command of(String word) throws UsageException {
        for (Command c : values()) {
            if (c.word.equals(word)) {
                return c;
            }
        }
        throw new UsageException("unknown command '" + word + "' (commands: queues, subscriptions, dlq-list,"
                + " dlq-resend, store-check, help)");
    }

    boolean accepts(String option) {
        return GLOBAL.contains(option) || options.contains(option);
    }
}
