package dev.apogee.remoting.selector;

import java.util.Objects;
import java.util.Set;

/**
 * A compiled message selector (Jakarta Messaging 3.1, section 3.8.1.1, plus RocketMQ's CONTAINS, STARTSWITH and
 * ENDSWITH). Compile once per subscription or consumer; {@link #matches} is then cheap and safe to call from any
 * number of threads. It allocates only to box arithmetic results (and, for LIKE patterns of more than 63 items, two
 * small state arrays per match).
 *
 * <p>A message matches only when the selector evaluates to TRUE; FALSE and UNKNOWN (SQL's third truth value, from
 * NULLs) do not match. Evaluation never throws: a missing value is NULL, and a value of the wrong type makes its
 * comparison FALSE or its arithmetic NULL. A null, empty or blank expression selects every message.
 */
public final class Selector {
    /** Longest expression accepted, in chars. */
    public static final int MAX_LENGTH = Parser.MAX_LENGTH;
    /** Deepest nesting accepted (parentheses, NOT, signs, and operator chains such as {@code a+b+c}). */
    public static final int MAX_DEPTH = Parser.MAX_DEPTH;

    private final String expression;
    private final Dialect dialect;
    private final Expression root;
    private final Set<String> identifiers;

    private Selector(String expression, Dialect dialect, Expression root, Set<String> identifiers) {
        this.expression = expression;
        this.dialect = dialect;
        this.root = root;
        this.identifiers = identifiers;
    }

    /** Compiles a JMS message selector ({@link Dialect#JMS}). */
    public static Selector compile(String expression) {
        return compile(expression, Dialect.JMS);
    }

    /**
     * Compiles {@code expression}.
     *
     * @throws SelectorSyntaxException when it is not a valid selector; nothing else is thrown for any input
     */
    public static Selector compile(String expression, Dialect dialect) {
        Objects.requireNonNull(dialect, "dialect");
        if (expression == null || expression.isBlank()) {
            return new Selector(expression == null ? "" : expression, dialect, null, Set.of());
        }
        Parser.Result parsed = Parser.parse(expression, dialect);
        return new Selector(expression, dialect, parsed.root(), parsed.identifiers());
    }

    /** True when the message whose values {@code values} supplies is selected (the selector is TRUE). */
    public boolean matches(ValueResolver values) {
        return root == null || dialect.truth(root.evaluate(values)) == Boolean.TRUE;
    }

    /** The identifiers (headers and properties) the selector reads, e.g. to decode only those. Unmodifiable. */
    public Set<String> identifiers() {
        return identifiers;
    }

    /** True for an empty expression, which selects everything without reading anything. */
    public boolean selectsAll() {
        return root == null;
    }

    public String expression() {
        return expression;
    }

    public Dialect dialect() {
        return dialect;
    }

    /** The root node, null when {@link #selectsAll()}; for analyses in this package. */
    Expression root() {
        return root;
    }

    /** The expression as parsed, fully parenthesised: for diagnostics and tests of precedence. */
    public String toParsedString() {
        return root == null ? "" : root.toString();
    }

    @Override
    public String toString() {
        return "Selector[" + dialect + ": " + expression + "]";
    }
}
