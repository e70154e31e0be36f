package dev.apogee.remoting.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Dialect#ROCKETMQ}: properties are strings, read as numbers or booleans where the other operand needs one
 * (as the official broker's SQL92 filter does); a string that does not read as one does not match. The last
 * column is the JMS dialect's answer for the same message, where no string conversion happens.
 */
class RocketMqDialectTest {
    private static final ValueResolver STRINGS = Messages.of("a", "10", "pi", "3.14", "flag", "true", "off", "FALSE",
            "name", "x", "neg", "-5", "huge", "99999999999999999999", "exp", "1e3", "TAGS", "TagA");

    @ParameterizedTest(name = "{0}: {1} is {2} (JMS: {3})")
    @CsvSource(delimiter = '|', value = {
            "numeric string = number           | a = 10                 | TRUE    | FALSE",
            "numeric string ordering           | a > 9                  | TRUE    | FALSE",
            "numeric string BETWEEN            | a BETWEEN 1 AND 10     | TRUE    | FALSE",
            "numeric string arithmetic         | a + 1 = 11             | TRUE    | UNKNOWN",
            "decimal string vs integer         | pi > 3                 | TRUE    | FALSE",
            "negative numeric string           | neg < 0                | TRUE    | FALSE",
            "beyond long reads as double       | huge > 1               | TRUE    | FALSE",
            "exponent                          | exp = 1000             | TRUE    | FALSE",
            "string still equals string        | a = '10'               | TRUE    | TRUE",
            "non-numeric string vs number      | name = 1               | FALSE   | FALSE",
            "non-numeric string ordering       | name > 1               | FALSE   | FALSE",
            "boolean string = TRUE             | flag = TRUE            | TRUE    | FALSE",
            "boolean string ignores case       | off = FALSE            | TRUE    | FALSE",
            "boolean string as a condition     | flag AND a > 1         | TRUE    | FALSE  ",
            "non-boolean string vs TRUE        | name = TRUE            | FALSE   | FALSE",
            "two strings order as strings: no  | a > name               | FALSE   | FALSE",
            "missing property                  | missing > 1            | UNKNOWN | UNKNOWN",
            "IN                                | a IN ('10', '11')      | TRUE    | TRUE",
            "LIKE                              | a LIKE '1%'            | TRUE    | TRUE",
            "TAGS                              | TAGS = 'TagA'          | TRUE    | TRUE"})
    void convertsStrings(String rule, String selector, String rocketMq, String jms) {
        assertEquals(rocketMq.trim(), Messages.truth(Selector.compile(selector.trim(), Dialect.ROCKETMQ), STRINGS),
                rule);
        assertEquals(jms.trim(), Messages.truth(Selector.compile(selector.trim(), Dialect.JMS), STRINGS), rule);
    }

    // RocketMQ SQL92 (the official broker's grammar) takes NULL as a literal; Jakarta Messaging only in IS [NOT] NULL
    @Test
    void nullLiteralIsAValueInSql92Only() {
        assertEquals("UNKNOWN", Messages.truth(Selector.compile("NULL = 0", Dialect.ROCKETMQ), STRINGS));
        assertEquals("TRUE", Messages.truth(Selector.compile("a = NULL OR a = '10'", Dialect.ROCKETMQ), STRINGS));
        assertThrows(SelectorSyntaxException.class, () -> Selector.compile("NULL = 0", Dialect.JMS));
    }
}
