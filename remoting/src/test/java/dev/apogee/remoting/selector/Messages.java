package dev.apogee.remoting.selector;

import java.util.HashMap;
import java.util.Map;

/** Test messages as resolvers, and the three-valued outcome of evaluating a selector against one. */
final class Messages {
    private Messages() {
    }

    /** A resolver over {@code name, value, name, value, ...}. */
    static ValueResolver of(Object... namesAndValues) {
        Map<String, Object> values = new HashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            values.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return values::get;
    }

    /** The message most table rows run against: one value of every type, JMS headers, and tricky names. */
    static final ValueResolver STANDARD = of(
            "s", "abc", "e", "", "q", "it's", "i", 5, "l", 5L, "big", Long.MAX_VALUE, "d", 2.5, "f", 1.5f,
            "f2", 1.1f, "sh", (short) 3, "by", (byte) 2, "b", true, "nb", false, "num", "5",
            "_under", 1, "$cash", 2, "ünï", 3, "Andy", "x", "ORDER", 1, "NOTE", "n", "INdex", 0, "ISO", "y",
            "contains", "yes", "pct", "50%", "und", "a_b", "bang", "!x", "dots", "a.b*c", "brk", "[a]+(b)",
            "emoji", "x\uD83D\uDE00y", "TAGS", "TagA", "odd", new Object(),
            "JMSPriority", 4, "JMSDeliveryMode", "PERSISTENT", "JMSType", "car", "JMSMessageID", "ID:1",
            "JMSTimestamp", 1000L, "JMSXDeliveryCount", 1);

    /** "TRUE", "FALSE" or "UNKNOWN": what the selector's condition is, not just whether it matches. */
    static String truth(Selector selector, ValueResolver message) {
        Boolean b = selector.dialect().truth(selector.root().evaluate(message));
        String outcome = b == null ? "UNKNOWN" : b ? "TRUE" : "FALSE";
        if (selector.matches(message) != "TRUE".equals(outcome)) {
            throw new AssertionError("matches() disagrees with the condition " + outcome);
        }
        return outcome;
    }
}
