package dev.apogee.remoting.selector;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code identifier [NOT] IN ('a', 'b', ...)} (spec 3.8.1.1): UNKNOWN if the identifier is NULL. The spec defines NOT
 * IN as {@code NOT ((x = 'a') OR (x = 'b') ...)}, so a non-string value (every equality FALSE) is FALSE for IN and
 * TRUE for NOT IN.
 */
final class InExpression extends Expression {
    private final boolean negated;
    private final Identifier identifier;
    private final Set<String> values;

    InExpression(boolean negated, Identifier identifier, List<String> values) {
        super(2);
        this.negated = negated;
        this.identifier = identifier;
        this.values = Set.copyOf(values);
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
        if (v == null) {
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
