package dev.apogee.remoting.selector;

/** Kinds of {@link Token}; reserved words are case-insensitive (spec 3.8.1.1). */
enum TokenKind {
    IDENTIFIER("an identifier"), STRING("a string literal"), INTEGER("an integer literal"),
    DECIMAL("a decimal literal"),
    NOT("NOT"), AND("AND"), OR("OR"), BETWEEN("BETWEEN"), LIKE("LIKE"), IN("IN"), IS("IS"), ESCAPE("ESCAPE"),
    NULL("NULL"), TRUE("TRUE"), FALSE("FALSE"),
    EQ("'='"), NE("'<>'"), LT("'<'"), LE("'<='"), GT("'>'"), GE("'>='"),
    PLUS("'+'"), MINUS("'-'"), TIMES("'*'"), DIVIDE("'/'"), LPAREN("'('"), RPAREN("')'"), COMMA("','"),
    END("the end of the expression");

    private final String description;

    TokenKind(String description) {
        this.description = description;
    }

    String description() {
        return description;
    }

    boolean isComparison() {
        return this == EQ || this == NE || this == LT || this == LE || this == GT || this == GE;
    }

    /** The reserved word spelled {@code upperCaseWord}, or null. */
    static TokenKind reserved(String upperCaseWord) {
        return switch (upperCaseWord) {
            case "NOT" -> NOT;
            case "AND" -> AND;
            case "OR" -> OR;
            case "BETWEEN" -> BETWEEN;
            case "LIKE" -> LIKE;
            case "IN" -> IN;
            case "IS" -> IS;
            case "ESCAPE" -> ESCAPE;
            case "NULL" -> NULL;
            case "TRUE" -> TRUE;
            case "FALSE" -> FALSE;
            default -> null;
        };
    }
}
