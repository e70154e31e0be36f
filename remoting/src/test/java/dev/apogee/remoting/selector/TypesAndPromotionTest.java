package dev.apogee.remoting.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Spec 3.8.1.1 on types: "only like type values can be compared" (others compare FALSE), exact and approximate numbers
 * compare after Java numeric promotion, arithmetic uses Java numeric promotion; and the implementation-defined
 * points (integer division by zero is NULL, long overflow wraps as in Java). Rows run against
 * {@link Messages#STANDARD} in the JMS dialect.
 */
class TypesAndPromotionTest {

    @ParameterizedTest(name = "{0}: {1} is {2}")
    @CsvSource(delimiter = '|', value = {
            "mismatch: string property vs number                | s = 5              | FALSE",
            "mismatch: is FALSE, so NOT makes it TRUE            | NOT (s = 5)        | TRUE",
            "mismatch: <> of unlike types is FALSE too           | s <> 5             | FALSE",
            "mismatch: numeric-looking string is still a string  | num = 5            | FALSE",
            "mismatch: boolean vs number                         | b = 1              | FALSE",
            "mismatch: number vs string literal                  | i = 'five'         | FALSE",
            "mismatch: number vs boolean literal                 | i = TRUE           | FALSE",
            "mismatch: string identifiers vs boolean identifier  | s = b              | FALSE",
            "mismatch: ordering a string                         | s > 1              | FALSE",
            "mismatch: ordering a string, other way              | 1 < s              | FALSE",
            "mismatch: ordering two strings                      | s < q              | FALSE",
            "mismatch: ordering booleans                         | b > nb             | FALSE",
            "mismatch: arithmetic on a string is NULL            | s + 1 = 2          | UNKNOWN",
            "mismatch: unary minus on a string is NULL           | -s = 1             | UNKNOWN",
            "mismatch: arithmetic on a boolean is NULL           | b * 1 = 1          | UNKNOWN",
            "mismatch: LIKE on a number is FALSE                 | i LIKE '5'         | FALSE",
            "mismatch: NOT LIKE on a number is TRUE              | i NOT LIKE '5'     | TRUE",
            "IN applies to strings: on a number UNKNOWN          | i IN ('5')         | UNKNOWN",
            "NOT IN applies to strings: on a number UNKNOWN      | i NOT IN ('5')     | UNKNOWN",
            "IN on a decimal is UNKNOWN                          | d IN ('2.5')       | UNKNOWN",
            "IN on a boolean is UNKNOWN                          | b IN ('true')      | UNKNOWN",
            "NOT IN on a boolean is UNKNOWN                      | b NOT IN ('x')     | UNKNOWN",
            "NOT of an IN on a number stays UNKNOWN              | NOT (i IN ('5'))   | UNKNOWN",
            "IN on a string that reads as a number is by string  | num IN ('5')       | TRUE",
            "mismatch: BETWEEN on a string is FALSE              | s BETWEEN 1 AND 9  | FALSE",
            "mismatch: NOT BETWEEN = (s < 1 OR s > 9), FALSE     | s NOT BETWEEN 1 AND 9 | FALSE",
            "mismatch: number as a condition is UNKNOWN          | i AND TRUE         | UNKNOWN",
            "mismatch: NOT of a number is UNKNOWN                | NOT i              | UNKNOWN",
            "mismatch: string as a condition is UNKNOWN          | s OR FALSE         | UNKNOWN",
            "mismatch: unsupported value type is NULL            | odd = 1            | UNKNOWN",
            "promotion: int vs double literal                    | i = 5.0            | TRUE",
            "promotion: int vs long                              | l = i              | TRUE",
            "promotion: short and byte                           | sh + by = 5        | TRUE",
            "promotion: int vs double ordering                   | i < 5.5            | TRUE",
            "promotion: float 1.5 is exact                       | f = 1.5            | TRUE",
            "promotion: float 1.1 widened is not double 1.1      | f2 = 1.1           | FALSE",
            "promotion: float vs float literal                   | f2 = 1.1f          | TRUE",
            "promotion: float arithmetic stays float             | f2 * 1.0f = 1.1f   | TRUE",
            "promotion: integer division truncates               | i / 2 = 2          | TRUE",
            "promotion: division with a double                   | i / 2.0 = 2.5      | TRUE",
            "promotion: long overflow wraps as in Java           | big + 1 < 0        | TRUE",
            "promotion: with a double it does not wrap           | big + 1.0 > 0      | TRUE",
            "promotion: MIN / -1 wraps as in Java                | -9223372036854775808 / -1 < 0 | TRUE",
            "promotion: long widened to double loses precision   | 9007199254740993 = 9007199254740992.0 | TRUE",
            "promotion: long vs long keeps precision             | 9007199254740993 = 9007199254740992 | FALSE",
            "division by zero: integer is NULL                   | i / 0 = 0          | UNKNOWN",
            "division by zero: integer is NULL for <> too        | i / 0 <> 0         | UNKNOWN",
            "division by zero: double is infinite                | d / 0 > 1000       | TRUE",
            "division by zero: int by 0.0 is infinite            | i / 0.0 > 1000     | TRUE",
            "NaN is unequal to itself                            | 0.0 / 0 = 0.0 / 0  | FALSE",
            "NaN <> NaN                                          | 0.0 / 0 <> 0.0 / 0 | TRUE",
            "NaN orders with nothing                             | 0.0 / 0 < 1        | FALSE"})
    void evaluates(String rule, String selector, String expected) {
        assertEquals(expected.trim(), Messages.truth(Selector.compile(selector.trim()), Messages.STANDARD), rule);
    }
}
