package dev.apogee.remoting.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Selector → tag subscription mapping: which selectors are pure tag tests, and their tags. */
class TagSelectorAnalysisTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiterString = "->", quoteCharacter = '"', value = {
            "TAGS = 'a'                                   -> a",
            "'a' = TAGS                                   -> a",
            "TAGS in ('a', 'b')                           -> a || b",
            "TAGS = 'b' OR TAGS = 'a'                     -> a || b",
            "TAGS = 'a' OR (TAGS = 'b' OR TAGS IN ('c'))  -> a || b || c",
            "((TAGS = 'a'))                               -> a",
            "TAGS = 'a' or TAGS = 'a'                     -> a",
            "TAGS = 'it''s'                               -> it's"})
    void pureTagTests(String selector, String tagExpression) {
        assertEquals(Optional.of(tagExpression.trim()),
                TagSelectorAnalysis.tagExpression(Selector.compile(selector.trim())));
    }

    @ParameterizedTest(name = "{0} stays SQL92")
    @ValueSource(strings = {
            "TAGS <> 'a'", "TAGS NOT IN ('a')", "NOT TAGS = 'a'", "TAGS = 'a' AND x = 1", "TAGS = 'a' OR x = 1",
            "tags = 'a'", "TAGS LIKE 'a'", "TAGS CONTAINS 'a'", "TAGS = '*'", "TAGS = 'a||b'", "TAGS = ' a'",
            "TAGS = ''", "TAGS = x", "TAGS IS NULL", "x = 'a'", "TAGS = 'a' OR TAGS IN ('b', ' c')"})
    void notTagTests(String selector) {
        assertEquals(Optional.empty(), TagSelectorAnalysis.tags(Selector.compile(selector)));
    }

    @Test
    void emptySelectorIsNotATagTest() {
        assertEquals(Optional.empty(), TagSelectorAnalysis.tags(Selector.compile("")));
    }

    @Test
    void returnsTheTagSet() {
        assertEquals(Optional.of(Set.of("x", "y")),
                TagSelectorAnalysis.tags(Selector.compile("TAGS IN ('x') OR TAGS = 'y'")));
    }
}
