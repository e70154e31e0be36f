package dev.apogee.remoting.selector;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The {@code predicate} level of the {@link Parser}: comparison, BETWEEN, IN, LIKE, IS NULL and RocketMQ's CONTAINS,
 * STARTSWITH and ENDSWITH, with the compile-time type rules of spec 3.8.1.1 (strings and booleans allow only
 * {@code =} and {@code <>}; literals of different types cannot be compared; BETWEEN is arithmetic; IN, LIKE and
 * IS NULL apply to an identifier, IN and LIKE with string literals).
 */
final class PredicateParser {
    private final Parser parser;

    PredicateParser(Parser parser) {
        this.parser = parser;
    }

    Expression predicate() {
        int at = parser.peek().position();
        Expression left = parser.sum();
        Token token = parser.peek();
        if (token.kind().isComparison()) {
            parser.next();
            int rightAt = parser.peek().position();
            return comparison(ComparisonOperator.of(token.kind()), left, at, parser.sum(), rightAt, token);
        }
        if (token.kind() == TokenKind.IS) {
            parser.next();
            boolean negated = parser.accept(TokenKind.NOT);
            parser.expect(TokenKind.NULL, negated ? "after IS NOT" : "after IS");
            return new IsNullExpression(negated, identifier(left, at, "IS NULL"));
        }
        boolean negated = false;
        if (token.kind() == TokenKind.NOT) {
            parser.next();
            negated = true;
            token = parser.peek();
        }
        Expression predicate = switch (token.kind()) {
            case BETWEEN -> between(negated, left, at);
            case IN -> in(negated, left, at);
            case LIKE -> like(negated, left, at);
            default -> rocketMqPredicate(negated, left, at, token);
        };
        return predicate != null ? predicate : left;
    }

    private Expression comparison(ComparisonOperator op, Expression left, int at, Expression right, int rightAt,
                                  Token operator) {
        StaticType l = left.type();
        StaticType r = right.type();
        if (!op.isEquality()) {
            requireOrderable(l, at, op);
            requireOrderable(r, rightAt, op);
        } else if (l.isFixed() && r.isFixed() && l != r) {
            throw parser.error("cannot compare " + l.description() + " with " + r.description(), at);
        }
        return parser.checkDepth(new ComparisonExpression(op, left, right, parser.dialect()), operator.position());
    }

    private void requireOrderable(StaticType type, int at, ComparisonOperator op) {
        if (type == StaticType.STRING || type == StaticType.BOOLEAN) {
            throw parser.error("'" + op + "' compares numbers only; " + type.description()
                    + " allows only = and <>", at);
        }
    }

    private Expression between(boolean negated, Expression value, int at) {
        parser.next();
        parser.requireNumeric(value, at, "BETWEEN");
        int lowAt = parser.peek().position();
        Expression low = parser.requireNumeric(parser.sum(), lowAt, "BETWEEN");
        parser.expect(TokenKind.AND, "between the BETWEEN bounds");
        int highAt = parser.peek().position();
        Expression high = parser.requireNumeric(parser.sum(), highAt, "BETWEEN");
        return parser.checkDepth(new BetweenExpression(negated, value, low, high, parser.dialect()), at);
    }

    private Expression in(boolean negated, Expression left, int at) {
        parser.next();
        Identifier identifier = identifier(left, at, "IN");
        parser.expect(TokenKind.LPAREN, "after IN");
        List<String> values = new ArrayList<>();
        do {
            values.add(parser.expect(TokenKind.STRING, "in the IN list").text());
        } while (parser.accept(TokenKind.COMMA));
        parser.expect(TokenKind.RPAREN, "to close the IN list");
        return new InExpression(negated, identifier, values, parser.dialect());
    }

    private Expression like(boolean negated, Expression left, int at) {
        parser.next();
        Identifier identifier = identifier(left, at, "LIKE");
        Token pattern = parser.expect(TokenKind.STRING, "as the LIKE pattern");
        int escape = -1;
        String shown = "LIKE " + Literal.string(pattern.text());
        if (parser.accept(TokenKind.ESCAPE)) {
            Token escapeToken = parser.expect(TokenKind.STRING, "after ESCAPE");
            String e = escapeToken.text();
            if (e.isEmpty() || e.codePointCount(0, e.length()) != 1) {
                throw parser.error("the ESCAPE string must be exactly one character", escapeToken.position());
            }
            escape = e.codePointAt(0);
            shown += " ESCAPE " + Literal.string(e);
        }
        try {
            return new LikeExpression(negated, identifier, LikePattern.like(pattern.text(), escape), shown);
        } catch (IllegalArgumentException badPattern) {
            throw parser.error(badPattern.getMessage(), pattern.position());
        }
    }

    /** CONTAINS, STARTSWITH, ENDSWITH; null when the token is none of them and nothing was negated. */
    private Expression rocketMqPredicate(boolean negated, Expression left, int at, Token token) {
        String word = token.kind() == TokenKind.IDENTIFIER && Lexer.isAscii(token.text())
                ? token.text().toUpperCase(Locale.ROOT) : "";
        boolean before;
        boolean after;
        switch (word) {
            case "CONTAINS" -> { before = true; after = true; }
            case "STARTSWITH" -> { before = false; after = true; }
            case "ENDSWITH" -> { before = true; after = false; }
            default -> {
                if (negated) {
                    throw parser.unexpected(token,
                            "expected BETWEEN, IN, LIKE, CONTAINS, STARTSWITH or ENDSWITH after NOT");
                }
                return null;
            }
        }
        parser.next();
        Identifier identifier = identifier(left, at, word);
        String text = parser.expect(TokenKind.STRING, "after " + word).text();
        return new LikeExpression(negated, identifier, LikePattern.literal(text, before, after),
                word + " " + Literal.string(text));
    }

    private Identifier identifier(Expression e, int at, String operator) {
        if (e instanceof Identifier identifier) {
            return identifier;
        }
        throw parser.error(operator + " applies to an identifier only", at);
    }
}
