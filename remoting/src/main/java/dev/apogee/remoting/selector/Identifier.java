package dev.apogee.remoting.selector;

/** A header field or property reference; its value and type come from the {@link ValueResolver}. */
final class Identifier extends Expression {
    private final String name;

    Identifier(String name) {
        super(1);
        this.name = name;
    }

    String name() {
        return name;
    }

    /** The resolved value, with any type a selector cannot hold read as NULL. */
    @Override
    Object evaluate(ValueResolver values) {
        Object v = values.get(name);
        if (v instanceof String || v instanceof Boolean || v instanceof Long || v instanceof Integer
                || v instanceof Double || v instanceof Float || v instanceof Short || v instanceof Byte) {
            return v;
        }
        return null;
    }

    @Override
    StaticType type() {
        return StaticType.UNTYPED;
    }

    @Override
    public String toString() {
        return name;
    }
}
