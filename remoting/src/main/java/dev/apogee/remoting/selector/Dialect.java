package dev.apogee.remoting.selector;

/**
 * How values of one type may stand in for another. The grammar is the same in both dialects; only evaluation differs.
 */
public enum Dialect {
    /**
     * Jakarta Messaging: a value keeps the type it was set with; the conversions of the property getters do not apply
     * (spec 3.8.1.1), so the string {@code '1'} is not the number 1 and a mismatch compares FALSE.
     */
    JMS,
    /**
     * RocketMQ SQL92: message properties are strings, so a string meeting a number (in a comparison, BETWEEN or
     * arithmetic) is read as a number and a string used as a condition or compared with a boolean is read as
     * {@code true}/{@code false} (ignoring case). A string that does not read as the needed type is a mismatch:
     * the message does not match, as on the official broker.
     */
    ROCKETMQ;

    /** {@code value} as a number, or null when it is not one (nor, in ROCKETMQ, a string that reads as one). */
    Number number(Object value) {
        if (value instanceof Number n) {
            return n;
        }
        if (this == ROCKETMQ && value instanceof String s) {
            return NumericStrings.parse(s);
        }
        return null;
    }

    /** {@code value} as a truth value: TRUE, FALSE, or null for UNKNOWN (NULL or not a boolean). */
    Boolean truth(Object value) {
        if (value instanceof Boolean b) {
            return b;
        }
        if (this == ROCKETMQ && value instanceof String s) {
            if (s.equalsIgnoreCase("true")) {
                return Boolean.TRUE;
            }
            if (s.equalsIgnoreCase("false")) {
                return Boolean.FALSE;
            }
        }
        return null;
    }
}
