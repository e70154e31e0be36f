package dev.apogee.remoting.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Expressions that are not selectors are rejected when compiled, with a message naming the problem and where it
 * is (spec 3.8.1.1 grammar and its compile-time type rules; plus our limits on length and nesting).
 */
class InvalidSelectorTest {

    static Stream<Arguments> invalid() {
        return Stream.of(
                row("missing right operand", "s = ", 4, "expected an identifier, a literal or '('"),
                row("unterminated string literal", "s = 'abc", 4, "unterminated string literal"),
                row("unclosed parenthesis", "(s = 'a'", 8, "expected ')' to close the '(' at position 0"),
                row("stray closing parenthesis", "s = 'a')", 7, "expected AND, OR or the end"),
                row("== is not an operator", "s == 'a'", 3, "expected an identifier, a literal or '('"),
                row("!= is not an operator", "s != 'a'", 2, "unexpected character '!' (use <> or NOT)"),
                row("double quotes are not string quotes", "s = \"a\"", 4, "string literals use single quotes"),
                row("unknown character", "s = 'a' ; x", 8, "unexpected character ';'"),
                row("arithmetic on a string literal", "'a' + 1 = 2", 0, "'+' needs a number, not a string"),
                row("arithmetic on a boolean literal", "TRUE * 2 = 2", 0, "'*' needs a number, not a boolean"),
                row("unary minus on a string literal", "-'a' = 1", 1, "unary '-' needs a number"),
                row("BETWEEN with string bounds", "i BETWEEN 'a' AND 'b'", 10, "BETWEEN needs a number, not a string"),
                row("BETWEEN on a string literal", "'a' BETWEEN 1 AND 2", 0, "BETWEEN needs a number"),
                row("BETWEEN without AND", "i BETWEEN 1 OR 2", 12, "expected AND between the BETWEEN bounds"),
                row("ordering strings", "'a' < 'b'", 0, "'<' compares numbers only; a string allows only = and <>"),
                row("ordering booleans", "TRUE > FALSE", 0, "'>' compares numbers only; a boolean allows only"),
                row("comparing unlike literals", "'a' = 1", 0, "cannot compare a string with a number"),
                row("comparing boolean and number literals", "1 = TRUE", 0, "cannot compare a number with a boolean"),
                row("a number is not a condition", "i + 1", 0, "a selector must be a condition, but this is a number"),
                row("a string is not a condition", "'abc'", 0, "a selector must be a condition, but this is a string"),
                row("NOT of a number", "NOT 5", 4, "NOT needs a condition, not a number"),
                row("AND of a number", "i = 1 AND 5", 10, "AND needs a condition, not a number"),
                row("OR of a string", "'x' OR TRUE", 0, "OR needs a condition, not a string"),
                row("empty IN list", "s IN ()", 6, "expected a string literal in the IN list, found ')'"),
                row("numbers in an IN list", "s IN (1, 2)", 6, "expected a string literal in the IN list"),
                row("IN without parentheses", "s IN 'a'", 5, "expected '(' after IN"),
                row("IN on a literal", "'a' IN ('a')", 0, "IN applies to an identifier only"),
                row("LIKE with a number", "s LIKE 5", 7, "expected a string literal as the LIKE pattern"),
                row("LIKE with an identifier pattern", "s LIKE s", 7, "expected a string literal as the LIKE pattern"),
                row("ESCAPE longer than one character", "s LIKE 'a' ESCAPE 'ab'", 18,
                        "the ESCAPE string must be exactly one character"),
                row("empty ESCAPE", "s LIKE 'a' ESCAPE ''", 18, "exactly one character"),
                row("pattern ending with the escape", "s LIKE 'a!' ESCAPE '!'", 7, "ends with its escape character"),
                row("LIKE on a literal", "'x' LIKE 'x'", 0, "LIKE applies to an identifier only"),
                row("IS NULL on an expression", "i + 1 IS NULL", 0, "IS NULL applies to an identifier only"),
                row("NULL compared (JMS grammar: only IS [NOT] NULL)", "NULL = 0", 0,
                        "NULL is allowed only in IS NULL and IS NOT NULL"),
                row("compared with NULL, any case", "n = null", 4, "NULL is allowed only in IS NULL"),
                row("NULL as the condition", "NULL", 0, "NULL is allowed only in IS NULL"),
                row("NULL in arithmetic", "i + NULL = 1", 4, "NULL is allowed only in IS NULL"),
                row("NULL as a BETWEEN bound", "i BETWEEN NULL AND 2", 10, "NULL is allowed only in IS NULL"),
                row("IS without NULL", "s IS 'x'", 5, "expected NULL after IS"),
                row("IS NOT without NULL", "s IS NOT 1", 9, "expected NULL after IS NOT"),
                row("NOT before a non-operator", "s NOT 'x'", 6, "expected BETWEEN, IN, LIKE, CONTAINS"),
                row("chained comparison", "a = b = c", 6, "comparisons cannot be chained"),
                row("CONTAINS with a number", "s CONTAINS 5", 11, "expected a string literal after CONTAINS"),
                row("CONTAINS on a literal", "'ab' CONTAINS 'a'", 0, "CONTAINS applies to an identifier only"),
                row("reserved word as identifier", "AND = 1", 0, "expected an identifier, a literal or '(', found 'AND'"),
                row("reserved word in any case", "s = 'a' OR between = 1", 11, "found 'between'"),
                row("decimal literal beyond long", "i = 9223372036854775808", 4, "out of the range of long"),
                row("hex literal beyond 64 bits", "i = 0x1FFFFFFFFFFFFFFFF", 4, "out of the range of long"),
                row("8 in an octal literal", "i = 09", 4, "invalid digit in octal literal 09"),
                row("decimal literal overflows double", "d = 1e999", 4, "is out of range"),
                row("decimal literal underflows to zero", "d = 1e-400", 4, "too small to represent"),
                row("exponent without digits", "d = 1e", 4, "exponent without digits"),
                row("letters after a number", "i = 12abc", 4, "malformed numeric literal"),
                row("two decimal points", "d = 1.2.3", 4, "malformed numeric literal"),
                row("hex prefix without digits", "i = 0x", 4, "hexadecimal literal without digits"),
                row("operator at the end", "i = 1 AND", 9, "found the end of the expression"),
                row("two operands without operator", "i 5", 2, "expected AND, OR or the end"),
                row("nesting: parentheses", "(".repeat(201) + "TRUE" + ")".repeat(201), 200,
                        "nested too deeply (more than 200 levels)"),
                row("nesting: NOT", "NOT ".repeat(201) + "TRUE", 800, "nested too deeply"),
                row("nesting: unary minus", "-".repeat(201) + "i = 1", 200, "nested too deeply"),
                row("nesting: a long operator chain", "i" + " + i".repeat(250) + " = 1", 798, "nested too deeply"),
                row("too long", "s = '" + "x".repeat(Selector.MAX_LENGTH) + "'", Selector.MAX_LENGTH,
                        "expression longer than 65536 characters"));
    }

    private static Arguments row(String rule, String selector, int position, String message) {
        return arguments(rule, selector, position, message);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("invalid")
    void rejectedWithAClearMessage(String rule, String selector, int position, String message) {
        SelectorSyntaxException e = assertThrows(SelectorSyntaxException.class, () -> Selector.compile(selector));
        assertTrue(e.getMessage().contains(message), () -> rule + ": got " + e.getMessage());
        assertEquals(position, e.position(), () -> rule + ": " + e.getMessage());
        assertTrue(e.getMessage().startsWith("Invalid selector: "), e.getMessage());
        assertTrue(e.getMessage().contains("at position " + position), e.getMessage());
    }

    @Test
    void messageShowsTheTextNearTheProblem() {
        SelectorSyntaxException e = assertThrows(SelectorSyntaxException.class,
                () -> Selector.compile("color = 'red' AND size === 3"));
        assertEquals("Invalid selector: expected an identifier, a literal or '(', found '=' at position 24"
                + " near \"== 3\"", e.getMessage());
    }

    @Test
    void limitsStillAllowDeepButLegalExpressions() {
        String deep = "(".repeat(199) + "i = 1" + ")".repeat(199);
        assertTrue(Selector.compile(deep).matches(Messages.of("i", 1)));
        String wide = "i = 0" + " OR i = 1".repeat(5000);
        assertTrue(Selector.compile(wide).matches(Messages.of("i", 1)), "flattened OR chains are not deep");
    }

    @Test
    void emptyExpressionSelectsEverything() {
        for (String empty : new String[] {null, "", "  \t"}) {
            Selector selector = Selector.compile(empty);
            assertTrue(selector.selectsAll());
            assertTrue(selector.matches(ValueResolver.EMPTY));
            assertTrue(selector.identifiers().isEmpty());
        }
    }
}
