package dev.apogee.client.pop;

import dev.apogee.remoting.protocol.body.ExpressionType;

import java.util.Set;

/**
 * A per-pop message selector: {@code TAG} ({@code a || b}, {@code *}), {@code SQL92}, or {@code JMS} (Apogee
 * broker extension: a JMS message selector evaluated by the broker; messages it does not select stay available to
 * the group's other consumers). An Apache RocketMQ broker rejects {@code JMS}.
 */
public record Selector(String expressionType, String expression) {
    // before ALL: the constructor of ALL reads it
    private static final Set<String> TYPES = Set.of(ExpressionType.TAG, ExpressionType.SQL92, ExpressionType.JMS);
    public static final Selector ALL = new Selector(ExpressionType.TAG, "*");

    public Selector {
        if (expressionType == null || !TYPES.contains(expressionType)) {
            throw new IllegalArgumentException("selector expression type must be one of " + TYPES + ", got '"
                    + expressionType + "'");
        }
        if (expression == null || expression.isBlank()) {
            throw new IllegalArgumentException("selector expression must not be empty");
        }
    }

    public static Selector tag(String expression) {
        return new Selector(ExpressionType.TAG, expression);
    }

    public static Selector sql92(String expression) {
        return new Selector(ExpressionType.SQL92, expression);
    }

    public static Selector jms(String expression) {
        return new Selector(ExpressionType.JMS, expression);
    }
}
