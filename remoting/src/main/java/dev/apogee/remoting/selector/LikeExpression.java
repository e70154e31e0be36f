package dev.apogee.remoting.selector;

/**
 * {@code identifier [NOT] LIKE pattern [ESCAPE c]} and RocketMQ's {@code [NOT] CONTAINS/STARTSWITH/ENDSWITH}, which
 * are LIKE with a literal pattern. UNKNOWN if the identifier is NULL (spec 3.8.1.1); FALSE for LIKE and TRUE for
 * NOT LIKE when the value is not a string, treating NOT LIKE as {@code NOT (x LIKE p)} as for NOT IN.
 */
final class LikeExpression extends Expression {
    private final boolean negated;
    private final Identifier identifier;
    private final LikePattern pattern;
    private final String shown;

    /** {@code shown} renders the predicate after the identifier, for diagnostics. */
    LikeExpression(boolean negated, Identifier identifier, LikePattern pattern, String shown) {
        super(2);
        this.negated = negated;
        this.identifier = identifier;
        this.pattern = pattern;
        this.shown = shown;
    }

    @Override
    Object evaluate(ValueResolver values) {
        Object v = identifier.evaluate(values);
        if (v == null) {
            return null;
        }
        boolean like = v instanceof String s && pattern.matches(s);
        return like != negated;
    }

    @Override
    StaticType type() {
        return StaticType.BOOLEAN;
    }

    @Override
    public String toString() {
        return "(" + identifier + (negated ? " NOT " : " ") + shown + ")";
    }
}
