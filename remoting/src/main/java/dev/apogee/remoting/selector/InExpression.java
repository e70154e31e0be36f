package dev.apogee.remoting.selector;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code identifier [NOT] IN ('a', 'b', ...)} (spec 3.8.1.1): UNKNOWN if the identifier is NULL. IN and NOT IN apply to
 * string values only, so in the JMS dialect a numeric or boolean value is UNKNOWN too: neither {@code x IN ('a')} nor
 * {@code x NOT IN ('a')} selects a message whose {@code x} is the number 1. In the ROCKETMQ dialect properties are
 * strings and a value of another type (none reaches it from a RocketMQ message) keeps the official engine's result:
 * FALSE for IN, TRUE for NOT IN.
 */
final class InExpression extends Expression {
    private final boolean negated;
    private final Identifier identifier;
    private final Set<String> values;
    private final Dialect dialect;

    InExpression(boolean negated, Identifier identifier, List<String> values, Dialect dialect) {
        super(2);
        this.negated = negated;
        this.identifier = identifier;
        this.values = Set.copyOf(values);
        this.dialect = dialect;
    }

    boolean negated() {
        return negated;
    }

    Identifier identifier() {
        return identifier;
    }

    Set<String> values() {
        return values;
    }

    @Override
    Object evaluate(ValueResolver resolver) {
        Object v = identifier.evaluate(resolver);
        if (v == null || dialect == Dialect.JMS && !(v instanceof String)) {
            return null;
        }
        boolean in = v instanceof String s && values.contains(s);
        return in != negated;
    }

    @Override
    StaticType type() {
        return StaticType.BOOLEAN;
    }

    @Override
    public String toString() {
        Set<String> quoted = new LinkedHashSet<>();
        values.forEach(v -> quoted.add(Literal.string(v).toString()));
        return "(" + identifier + (negated ? " NOT" : "") + " IN (" + String.join(", ", quoted) + "))";
    }
}
