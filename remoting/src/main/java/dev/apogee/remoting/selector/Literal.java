package dev.apogee.remoting.selector;

/** A string, numeric or boolean literal, or NULL. */
final class Literal extends Expression {
    static final Literal NULL = new Literal(null, StaticType.NULL);
    static final Literal TRUE = new Literal(Boolean.TRUE, StaticType.BOOLEAN);
    static final Literal FALSE = new Literal(Boolean.FALSE, StaticType.BOOLEAN);

    private final Object value;
    private final StaticType type;

    private Literal(Object value, StaticType type) {
        super(1);
        this.value = value;
        this.type = type;
    }

    static Literal string(String value) {
        return new Literal(value, StaticType.STRING);
    }

    static Literal number(Number value) {
        return new Literal(value, StaticType.NUMERIC);
    }

    Object value() {
        return value;
    }

    @Override
    Object evaluate(ValueResolver values) {
        return value;
    }

    @Override
    StaticType type() {
        return type;
    }

    @Override
    public String toString() {
        return value instanceof String s ? "'" + s.replace("'", "''") + "'" : String.valueOf(value).toUpperCase();
    }
}
