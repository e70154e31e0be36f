package dev.apogee.remoting.selector;

/**
 * An expression that is not a valid selector. The message names the problem, the 0-based character position and the
 * text near it; the JMS provider turns this into {@code jakarta.jms.InvalidSelectorException}, the broker into
 * SUBSCRIPTION_PARSE_FAILED.
 */
public final class SelectorSyntaxException extends RuntimeException {
    private static final int SNIPPET_LENGTH = 24;

    private final int position;
    private final String reason;

    SelectorSyntaxException(String reason, String expression, int position) {
        super(describe(reason, expression, position), null, false, false);
        this.reason = reason;
        this.position = position;
    }

    /** 0-based index into the expression where the problem was found. */
    public int position() {
        return position;
    }

    /** The problem without the position, e.g. {@code expected ')'}. */
    public String reason() {
        return reason;
    }

    private static String describe(String reason, String expression, int position) {
        StringBuilder sb = new StringBuilder("Invalid selector: ").append(reason).append(" at position ").append(position);
        if (expression != null && position < expression.length()) {
            int end = Math.min(expression.length(), position + SNIPPET_LENGTH);
            sb.append(" near \"").append(expression, position, end).append(end < expression.length() ? "...\"" : "\"");
        } else {
            sb.append(" (end of expression)");
        }
        return sb.toString();
    }
}
