package dev.apogee.broker.console;

import org.eclipse.jetty.util.Fields;

/**
 * The console's API by name: {@code GET /api/<view>} and {@code POST /api/<action>}. Each view builds a fresh JSON
 * tree from the broker's state; nothing is cached.
 */
final class ApiRoutes {
    private final ClusterView cluster;
    private final TopicView topics;
    private final GroupView groups;
    private final ConnectionView connections;
    private final MessageLookup messages;
    private final DeadLetterView deadLetters;
    private final DeadLetterResend resend;
    private final RateHistory rates;

    ApiRoutes(ConsoleSources sources, RateHistory rates) {
        MessageJson messageJson = new MessageJson(sources.storeHost());
        this.cluster = new ClusterView(sources);
        this.topics = new TopicView(sources.topics(), sources.store());
        this.groups = new GroupView(sources);
        this.connections = new ConnectionView(sources.consumers(), sources.producers());
        this.messages = new MessageLookup(sources.store(), sources.topics(), messageJson);
        this.deadLetters = new DeadLetterView(sources.store(), sources.topics(), messageJson);
        this.resend = new DeadLetterResend(sources, deadLetters);
        this.rates = rates;
    }

    /** The tree of a view, or null when there is no view of that name. */
    Object view(String name, Fields params) {
        return switch (name) {
            case "overview" -> cluster.overview();
            case "rates" -> rates.json();
            case "topics" -> topics.list();
            case "groups" -> groups.list();
            case "jms" -> groups.jms();
            case "connections" -> connections.list();
            case "messages" -> messages.find(param(params, "id"), param(params, "key"), param(params, "topic"));
            case "dlq" -> deadLetters.list();
            case "dlq/messages" -> deadLetters.browse(required(params, "topic"), number(params, "offset", -1),
                    (int) number(params, "limit", DeadLetterView.DEFAULT_LIMIT));
            default -> null;
        };
    }

    /** The result of an action by {@code accessKey} (null without ACL), or null when there is no such action. */
    Object action(String name, Fields params, String accessKey) {
        if (name.equals("dlq/resend")) {
            return resend.resend(required(params, "topic"), (int) number(params, "queueId", 0),
                    number(params, "offset", -1), accessKey);
        }
        return null;
    }

    private static String param(Fields params, String name) {
        String value = params.getValue(name);
        return value == null || value.isBlank() ? null : value.trim();
    }

    private static String required(Fields params, String name) {
        String value = param(params, name);
        if (value == null) {
            throw ConsoleRequestException.badRequest("parameter '" + name + "' is required");
        }
        return value;
    }

    private static long number(Fields params, String name, long absent) {
        String value = param(params, name);
        if (value == null) {
            return absent;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw ConsoleRequestException.badRequest("parameter '" + name + "' must be a number, got '" + value + "'");
        }
    }
}
