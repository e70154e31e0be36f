package dev.apogee.remoting.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The truth tables of spec 3.8.1.1 for AND, OR and NOT over TRUE, FALSE and UNKNOWN. Identifiers {@code T}, {@code F}
 * hold the booleans; {@code U} is missing (NULL, i.e. UNKNOWN as a condition).
 */
class ThreeValuedLogicTest {
    private static final ValueResolver VALUES = Messages.of("T", true, "F", false);

    @ParameterizedTest(name = "{0} AND {1} = {2}")
    @CsvSource({
            "T, T, TRUE", "T, F, FALSE", "T, U, UNKNOWN",
            "F, T, FALSE", "F, F, FALSE", "F, U, FALSE",
            "U, T, UNKNOWN", "U, F, FALSE", "U, U, UNKNOWN"})
    void andTable(String a, String b, String expected) {
        assertEquals(expected, Messages.truth(Selector.compile(a + " AND " + b), VALUES));
    }

    @ParameterizedTest(name = "{0} OR {1} = {2}")
    @CsvSource({
            "T, T, TRUE", "T, F, TRUE", "T, U, TRUE",
            "F, T, TRUE", "F, F, FALSE", "F, U, UNKNOWN",
            "U, T, TRUE", "U, F, UNKNOWN", "U, U, UNKNOWN"})
    void orTable(String a, String b, String expected) {
        assertEquals(expected, Messages.truth(Selector.compile(a + " OR " + b), VALUES));
    }

    @ParameterizedTest(name = "NOT {0} = {1}")
    @CsvSource({"T, FALSE", "F, TRUE", "U, UNKNOWN"})
    void notTable(String a, String expected) {
        assertEquals(expected, Messages.truth(Selector.compile("NOT " + a), VALUES));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
            "U AND U AND F | FALSE", "F OR U OR T | TRUE", "U OR U OR F | UNKNOWN", "T AND T AND U | UNKNOWN",
            "NOT (U AND F) | TRUE", "NOT (U OR T) | FALSE", "NOT NOT U | UNKNOWN",
            "(U = 1) OR T | TRUE", "(U > 1) AND F | FALSE", "NOT (U < 1) | UNKNOWN",
            "U IS NULL | TRUE", "NOT (U IS NULL) | FALSE", "U IS NOT NULL | FALSE"})
    void combinations(String selector, String expected) {
        assertEquals(expected, Messages.truth(Selector.compile(selector), VALUES));
    }
}
