package dev.apogee.remoting.selector;

/**
 * What the parser knows about an expression's type before any message is seen. Literals and operators fix it;
 * an identifier's type is only known at evaluation ({@link #UNTYPED}).
 */
enum StaticType {
    BOOLEAN("a boolean"), NUMERIC("a number"), STRING("a string"), NULL("NULL"), UNTYPED("an identifier");

    private final String description;

    StaticType(String description) {
        this.description = description;
    }

    boolean canBeNumeric() {
        return this == NUMERIC || this == UNTYPED || this == NULL;
    }

    boolean canBeBoolean() {
        return this == BOOLEAN || this == UNTYPED || this == NULL;
    }

    /** Fixed by the expression itself: a literal or an operator's result, not an identifier or NULL. */
    boolean isFixed() {
        return this == BOOLEAN || this == NUMERIC || this == STRING;
    }

    String description() {
        return description;
    }
}
