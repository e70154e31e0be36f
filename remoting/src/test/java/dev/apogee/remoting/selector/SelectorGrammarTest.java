package dev.apogee.remoting.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of Jakarta Messaging 3.1 section 3.8.1.1 ("Message selector syntax"), one row per case, evaluated
 * against {@link Messages#STANDARD}. The first column cites the rule.
 */
class SelectorGrammarTest {

    static Stream<Arguments> rules() {
        return Stream.of(
                // Literals
                row("literal: string in single quotes", "s = 'abc'", "TRUE"),
                row("literal: '' is a quote inside a string", "q = 'it''s'", "TRUE"),
                row("literal: empty string", "e = ''", "TRUE"),
                row("literal: strings equal only with the same characters", "s = 'ABC'", "FALSE"),
                row("literal: strings are Unicode", "'héllo ü' = 'héllo ü'", "TRUE"),
                row("literal: exact numeric", "i = 5", "TRUE"),
                row("literal: exact numeric, signed", "-957 < +62", "TRUE"),
                row("literal: exact numeric, Java hex", "i = 0x5", "TRUE"),
                row("literal: exact numeric, Java octal", "010 = 8", "TRUE"),
                row("literal: exact numeric, Java long suffix", "i = 5L", "TRUE"),
                row("literal: exact numeric, long range max", "big = 9223372036854775807", "TRUE"),
                row("literal: exact numeric, long range min", "-9223372036854775808 < big", "TRUE"),
                row("literal: exact numeric, 64-bit hex", "big = 0x7FFFFFFFFFFFFFFF", "TRUE"),
                row("literal: approximate numeric, decimal point", "d = 2.5", "TRUE"),
                row("literal: approximate numeric, exponent", "d = 25E-1", "TRUE"),
                row("literal: approximate numeric, leading point", "d = .25e1", "TRUE"),
                row("literal: approximate numeric, trailing point (7.)", "7. = 7", "TRUE"),
                row("literal: approximate numeric, -57.9E2", "-57.9E2 = -5790", "TRUE"),
                row("literal: approximate numeric, +6.2", "+6.2 = 6.2", "TRUE"),
                row("literal: approximate numeric, Java d suffix", "d = 2.5d", "TRUE"),
                row("literal: approximate numeric, Java f suffix", "f = 1.5f", "TRUE"),
                row("literal: boolean TRUE", "b = TRUE", "TRUE"),
                row("literal: boolean FALSE", "nb = FALSE", "TRUE"),
                row("literal: TRUE alone is a condition", "TRUE", "TRUE"),
                row("literal: FALSE alone is a condition", "FALSE", "FALSE"),
                // Identifiers
                row("identifier: boolean identifier is a condition", "b", "TRUE"),
                row("identifier: false boolean identifier", "nb", "FALSE"),
                row("identifier: missing property is NULL", "n", "UNKNOWN"),
                row("identifier: missing property compares UNKNOWN", "n = 1", "UNKNOWN"),
                row("identifier: case-sensitive", "S = 'abc'", "UNKNOWN"),
                row("identifier: Java identifier start _", "_under = 1", "TRUE"),
                row("identifier: Java identifier start $", "$cash = 2", "TRUE"),
                row("identifier: Java identifier letters beyond ASCII", "ünï = 3", "TRUE"),
                row("identifier: starts like AND", "Andy = 'x'", "TRUE"),
                row("identifier: starts like OR", "ORDER = 1", "TRUE"),
                row("identifier: starts like NOT", "NOTE = 'n'", "TRUE"),
                row("identifier: starts like IN", "INdex = 0", "TRUE"),
                row("identifier: starts like IS", "ISO = 'y'", "TRUE"),
                row("identifier: starts like NULL", "nullable IS NULL", "TRUE"),
                row("identifier: CONTAINS is not reserved in JMS", "contains = 'yes'", "TRUE"),
                row("identifier: type is the type it was set with (String '5' is not 5)", "num = 5", "FALSE"),
                row("identifier: a value of an unsupported type is NULL", "odd IS NULL", "TRUE"),
                // Header fields and JMS-defined properties
                row("header: JMSPriority", "JMSPriority > 3", "TRUE"),
                row("header: JMSDeliveryMode is 'PERSISTENT' or 'NON_PERSISTENT'", "JMSDeliveryMode = 'PERSISTENT'",
                        "TRUE"),
                row("header: JMSType", "JMSType = 'car'", "TRUE"),
                row("header: JMSMessageID", "JMSMessageID = 'ID:1'", "TRUE"),
                row("header: JMSTimestamp", "JMSTimestamp BETWEEN 999 AND 1001", "TRUE"),
                row("header: unset JMSCorrelationID is NULL", "JMSCorrelationID IS NULL", "TRUE"),
                row("header: NULL header compares UNKNOWN", "JMSCorrelationID = 'x'", "UNKNOWN"),
                row("JMSX property", "JMSXDeliveryCount = 1", "TRUE"),
                row("JMSX property absent", "JMSXGroupID IS NULL", "TRUE"),
                // Reserved words are case-insensitive
                row("keywords: and", "s = 'abc' and i = 5", "TRUE"),
                row("keywords: Or", "s = 'x' Or i = 5", "TRUE"),
                row("keywords: not", "not s = 'x'", "TRUE"),
                row("keywords: bEtWeEn aNd", "i bEtWeEn 1 aNd 9", "TRUE"),
                row("keywords: like escape", "pct like '50!%' escape '!'", "TRUE"),
                row("keywords: in", "s in ('abc')", "TRUE"),
                row("keywords: Is Not nUlL", "n Is Not nUlL", "FALSE"),
                row("keywords: tRuE", "b = tRuE", "TRUE"),
                // White space
                row("white space: tab, form feed, line terminators", "s\t=\f'abc'\r\nAND\ni=5", "TRUE"),
                row("white space: none needed around operators", "(i>4)AND(s='abc')OR-1>+i", "TRUE"),
                // Comparison operators
                row("comparison: >", "i > 4", "TRUE"),
                row("comparison: >= at equality", "i >= 5", "TRUE"),
                row("comparison: <", "i < 5", "FALSE"),
                row("comparison: <= at equality", "i <= 5", "TRUE"),
                row("comparison: <>", "i <> 5", "FALSE"),
                row("comparison: string <>", "s <> 'abd'", "TRUE"),
                row("comparison: boolean <>", "b <> FALSE", "TRUE"),
                row("comparison: boolean identifiers", "b = nb", "FALSE"),
                row("comparison: two identifiers", "i = l", "TRUE"),
                row("comparison: boolean condition compared with TRUE", "(i > 4) = TRUE", "TRUE"),
                // Arithmetic
                row("arithmetic: +", "i + 1 = 6", "TRUE"),
                row("arithmetic: binary -", "i - 1 = 4", "TRUE"),
                row("arithmetic: *", "i * 2 = 10", "TRUE"),
                row("arithmetic: / on integers truncates", "i / 2 = 2", "TRUE"),
                row("arithmetic: / on doubles", "d / 2 = 1.25", "TRUE"),
                row("arithmetic: unary -", "-i = -5", "TRUE"),
                row("arithmetic: unary +", "+i = 5", "TRUE"),
                row("arithmetic: repeated unary -", "- -i = 5", "TRUE"),
                row("arithmetic: NULL operand gives NULL", "n + 1 = 1", "UNKNOWN"),
                // Precedence and associativity
                row("precedence: * before +", "1 + 2 * 3 = 7", "TRUE"),
                row("precedence: parentheses", "(1 + 2) * 3 = 9", "TRUE"),
                row("precedence: - is left-associative", "10 - 4 - 3 = 3", "TRUE"),
                row("precedence: / is left-associative", "24 / 4 / 2 = 3", "TRUE"),
                row("precedence: unary - before *", "-2 * -3 = 6", "TRUE"),
                row("precedence: unary - on an operand", "2 * -i = -10", "TRUE"),
                row("precedence: arithmetic before comparison", "i + 1 > 5 AND i * 2 < 11", "TRUE"),
                row("precedence: AND before OR", "TRUE OR TRUE AND FALSE", "TRUE"),
                row("precedence: parentheses override AND before OR", "(TRUE OR TRUE) AND FALSE", "FALSE"),
                row("precedence: NOT before AND", "NOT TRUE AND FALSE", "FALSE"),
                row("precedence: NOT before OR", "NOT TRUE OR TRUE", "TRUE"),
                row("precedence: comparison before NOT", "NOT i = 5", "FALSE"),
                row("precedence: arithmetic before NOT", "NOT i + 1 = 6", "FALSE"),
                // BETWEEN
                row("BETWEEN: lower bound inclusive", "i BETWEEN 5 AND 10", "TRUE"),
                row("BETWEEN: upper bound inclusive", "i BETWEEN 1 AND 5", "TRUE"),
                row("BETWEEN: outside", "i BETWEEN 6 AND 10", "FALSE"),
                row("BETWEEN: reversed bounds select nothing", "i BETWEEN 10 AND 1", "FALSE"),
                row("BETWEEN: mixed numeric types", "d BETWEEN 2 AND 3", "TRUE"),
                row("BETWEEN: approximate bounds", "i BETWEEN 4.5 AND 5.5", "TRUE"),
                row("BETWEEN: arithmetic operands", "i + 1 BETWEEN i AND i + 2", "TRUE"),
                row("NOT BETWEEN: outside", "i NOT BETWEEN 6 AND 10", "TRUE"),
                row("NOT BETWEEN: on the bound", "i NOT BETWEEN 5 AND 5", "FALSE"),
                row("BETWEEN: NULL value", "n BETWEEN 1 AND 2", "UNKNOWN"),
                row("NOT BETWEEN: NULL value", "n NOT BETWEEN 1 AND 2", "UNKNOWN"),
                row("BETWEEN = (a >= b AND a <= c): NULL low, high fails", "5 BETWEEN n AND 3", "FALSE"),
                row("BETWEEN = (a >= b AND a <= c): NULL low, high holds", "5 BETWEEN n AND 10", "UNKNOWN"),
                row("NOT BETWEEN = (a < b OR a > c): NULL low, above high", "5 NOT BETWEEN n AND 3", "TRUE"),
                // IN
                row("IN: member", "s IN ('x', 'abc')", "TRUE"),
                row("IN: not a member", "s IN ('x')", "FALSE"),
                row("IN: case-sensitive", "s IN ('ABC')", "FALSE"),
                row("NOT IN: not a member", "s NOT IN ('x', 'y')", "TRUE"),
                row("NOT IN: member", "s NOT IN ('abc')", "FALSE"),
                row("IN: NULL identifier is UNKNOWN", "n IN ('a')", "UNKNOWN"),
                row("NOT IN: NULL identifier is UNKNOWN", "n NOT IN ('a')", "UNKNOWN"),
                row("IN: quote in a list literal", "q IN ('it''s')", "TRUE"),
                // LIKE
                row("LIKE: no wildcard is equality", "s LIKE 'abc'", "TRUE"),
                row("LIKE: % suffix", "s LIKE 'a%'", "TRUE"),
                row("LIKE: % prefix", "s LIKE '%c'", "TRUE"),
                row("LIKE: % both sides", "s LIKE '%b%'", "TRUE"),
                row("LIKE: _ is one character", "s LIKE 'a_c'", "TRUE"),
                row("LIKE: _ is exactly one character", "s LIKE '_'", "FALSE"),
                row("LIKE: ___", "s LIKE '___'", "TRUE"),
                row("LIKE: % matches empty", "e LIKE '%'", "TRUE"),
                row("LIKE: _% needs a character", "e LIKE '_%'", "FALSE"),
                row("LIKE: _ matches a supplementary character", "emoji LIKE 'x_y'", "TRUE"),
                row("NOT LIKE", "s NOT LIKE 'a%'", "FALSE"),
                row("LIKE: NULL identifier is UNKNOWN", "n LIKE '%'", "UNKNOWN"),
                row("NOT LIKE: NULL identifier is UNKNOWN", "n NOT LIKE '%'", "UNKNOWN"),
                row("LIKE ESCAPE: escaped % is literal", "pct LIKE '50\\%' ESCAPE '\\'", "TRUE"),
                row("LIKE ESCAPE: escaped % needs a %", "s LIKE 'ab!%' ESCAPE '!'", "FALSE"),
                row("LIKE ESCAPE: escaped _ is literal", "und LIKE 'a!_b' ESCAPE '!'", "TRUE"),
                row("LIKE ESCAPE: escaped _ does not match other characters", "s LIKE 'a!_c' ESCAPE '!'", "FALSE"),
                row("LIKE ESCAPE: escaped escape", "bang LIKE '!!%' ESCAPE '!'", "TRUE"),
                row("LIKE ESCAPE: after an unescaped %", "pct LIKE '%!%' ESCAPE '!'", "TRUE"),
                row("LIKE: regex metacharacters are literal", "dots LIKE 'a.b*c'", "TRUE"),
                row("LIKE: . is not a wildcard", "s LIKE 'a.c'", "FALSE"),
                row("LIKE: brackets are literal", "brk LIKE '[a]%'", "TRUE"),
                row("LIKE: parentheses are literal", "brk LIKE '%(b)'", "TRUE"),
                row("LIKE: quote in the pattern", "q LIKE 'it''%'", "TRUE"),
                // IS [NOT] NULL
                row("IS NULL: missing", "n IS NULL", "TRUE"),
                row("IS NULL: present", "s IS NULL", "FALSE"),
                row("IS NOT NULL: missing", "n IS NOT NULL", "FALSE"),
                row("IS NOT NULL: present", "s IS NOT NULL", "TRUE"),
                row("IS NULL: the empty string is not NULL", "e IS NULL", "FALSE"),
                // RocketMQ SQL92 extras
                row("RocketMQ: CONTAINS", "s CONTAINS 'b'", "TRUE"),
                row("RocketMQ: NOT CONTAINS", "s NOT CONTAINS 'b'", "FALSE"),
                row("RocketMQ: STARTSWITH", "s STARTSWITH 'ab'", "TRUE"),
                row("RocketMQ: startswith, any case", "s startswith 'b'", "FALSE"),
                row("RocketMQ: ENDSWITH", "s ENDSWITH 'bc'", "TRUE"),
                row("RocketMQ: NOT ENDSWITH", "s NOT ENDSWITH 'x'", "TRUE"),
                row("RocketMQ: CONTAINS on NULL is UNKNOWN", "n CONTAINS 'a'", "UNKNOWN"),
                row("RocketMQ: CONTAINS takes its text literally", "dots CONTAINS '.b*'", "TRUE"),
                row("RocketMQ: CONTAINS has no wildcards", "s CONTAINS '%'", "FALSE"));
    }

    private static Arguments row(String rule, String selector, String expected) {
        return arguments(rule, selector, expected);
    }

    @ParameterizedTest(name = "[{index}] {0}: {1} is {2}")
    @MethodSource("rules")
    void evaluatesPerSpec(String rule, String selector, String expected) {
        assertEquals(expected, Messages.truth(Selector.compile(selector), Messages.STANDARD), rule);
    }
}
