package dev.apogee.remoting.selector;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Recursive descent over the {@link Lexer}'s tokens, one method per precedence level (spec 3.8.1.1):
 * <pre>
 * selector   := or END
 * or         := and (OR and)*
 * and        := not (AND not)*
 * not        := NOT not | predicate
 * predicate  := sum [ cmp sum | [NOT] BETWEEN sum AND sum | IS [NOT] NULL          (identifier only)
 *                   | [NOT] IN '(' string (',' string)* ')' | [NOT] LIKE string [ESCAPE string]
 *                   | [NOT] (CONTAINS | STARTSWITH | ENDSWITH) string ]          (identifier only)
 * sum        := product (('+' | '-') product)*
 * product    := unary (('*' | '/') unary)*
 * unary      := ('+' | '-') unary | primary
 * primary    := literal | identifier | '(' or ')'       (the NULL literal: ROCKETMQ dialect only)
 * </pre>
 * Comparisons do not chain ({@code a = b = c} is rejected, as in SQL). CONTAINS, STARTSWITH and ENDSWITH are
 * recognised only where an operator is expected, so they stay usable as JMS identifiers. Static types are checked
 * as nodes are built; nesting (parentheses, NOT, signs) and tree depth are bounded by {@link #MAX_DEPTH}.
 */
final class Parser {
    static final int MAX_LENGTH = 64 * 1024;
    static final int MAX_DEPTH = 200;

    private final String text;
    private final Dialect dialect;
    private final List<Token> tokens;
    private final Set<String> identifiers = new LinkedHashSet<>();
    private final PredicateParser predicates;
    private int index;
    private int nesting;

    private Parser(String text, Dialect dialect) {
        this.text = text;
        this.dialect = dialect;
        this.tokens = Lexer.tokenize(text);
        this.predicates = new PredicateParser(this);
    }

    /** The parse of a whole selector: its root and the identifiers it reads. */
    record Result(Expression root, Set<String> identifiers) {
    }

    static Result parse(String text, Dialect dialect) {
        if (text.length() > MAX_LENGTH) {
            throw new SelectorSyntaxException("expression longer than " + MAX_LENGTH + " characters", null, MAX_LENGTH);
        }
        Parser parser = new Parser(text, dialect);
        Expression root = parser.or();
        Token end = parser.peek();
        if (end.kind() != TokenKind.END) {
            throw parser.unexpected(end, end.kind().isComparison()
                    ? "comparisons cannot be chained; add parentheses" : "expected AND, OR or the end of the expression");
        }
        if (!root.type().canBeBoolean()) {
            throw parser.error("a selector must be a condition, but this is " + root.type().description()
                    + " expression", 0);
        }
        return new Result(root, Set.copyOf(parser.identifiers));
    }

    private Expression or() {
        int at = peek().position();
        Expression first = and();
        if (peek().kind() != TokenKind.OR) {
            return first;
        }
        List<Expression> operands = new ArrayList<>();
        operands.add(requireCondition(first, at, "OR"));
        while (accept(TokenKind.OR)) {
            at = peek().position();
            operands.add(requireCondition(and(), at, "OR"));
        }
        return checkDepth(new OrExpression(operands, dialect), at);
    }

    private Expression and() {
        int at = peek().position();
        Expression first = not();
        if (peek().kind() != TokenKind.AND) {
            return first;
        }
        List<Expression> operands = new ArrayList<>();
        operands.add(requireCondition(first, at, "AND"));
        while (accept(TokenKind.AND)) {
            at = peek().position();
            operands.add(requireCondition(not(), at, "AND"));
        }
        return checkDepth(new AndExpression(operands, dialect), at);
    }

    private Expression not() {
        Token token = peek();
        if (!accept(TokenKind.NOT)) {
            return predicates.predicate();
        }
        enter(token);
        int at = peek().position();
        Expression operand = requireCondition(not(), at, "NOT");
        nesting--;
        return checkDepth(new NotExpression(operand, dialect), token.position());
    }

    Expression sum() {
        int at = peek().position();
        Expression left = product();
        while (peek().kind() == TokenKind.PLUS || peek().kind() == TokenKind.MINUS) {
            Token operator = next();
            int rightAt = peek().position();
            Expression right = product();
            left = arithmetic(operator, left, at, right, rightAt);
        }
        return left;
    }

    private Expression product() {
        int at = peek().position();
        Expression left = unary();
        while (peek().kind() == TokenKind.TIMES || peek().kind() == TokenKind.DIVIDE) {
            Token operator = next();
            int rightAt = peek().position();
            Expression right = unary();
            left = arithmetic(operator, left, at, right, rightAt);
        }
        return left;
    }

    private Expression arithmetic(Token operator, Expression left, int leftAt, Expression right, int rightAt) {
        String what = "arithmetic operator " + operator.kind().description();
        requireNumeric(left, leftAt, what);
        requireNumeric(right, rightAt, what);
        return checkDepth(new ArithmeticExpression(ArithmeticOperator.of(operator.kind()), left, right, dialect),
                operator.position());
    }

    private Expression unary() {
        Token sign = peek();
        if (sign.kind() != TokenKind.PLUS && sign.kind() != TokenKind.MINUS) {
            return primary();
        }
        next();
        enter(sign);
        boolean negative = sign.kind() == TokenKind.MINUS;
        Expression result;
        if (peek().kind() == TokenKind.INTEGER) {
            // Folded here so that -9223372036854775808 (Long.MIN_VALUE) is in range, as in Java.
            result = Literal.number(NumericLiterals.integer(this, next(), negative));
        } else {
            int at = peek().position();
            Expression operand = requireNumeric(unary(), at, "unary " + sign.kind().description());
            if (operand instanceof Literal literal && literal.value() instanceof Number n) {
                result = Literal.number(negative ? Numbers.negate(n) : n);
            } else {
                result = checkDepth(new SignExpression(negative, operand, dialect), sign.position());
            }
        }
        nesting--;
        return result;
    }

    private Expression primary() {
        Token token = next();
        switch (token.kind()) {
            case STRING:
                return Literal.string(token.text());
            case INTEGER:
                return Literal.number(NumericLiterals.integer(this, token, false));
            case DECIMAL:
                return Literal.number(NumericLiterals.decimal(this, token));
            case TRUE:
                return Literal.TRUE;
            case FALSE:
                return Literal.FALSE;
            case NULL:
                if (dialect == Dialect.JMS) {
                    // Jakarta Messaging's grammar has NULL only in IS [NOT] NULL (parsed by the predicate);
                    // RocketMQ SQL92 also takes it as a literal (NULL = 0 is UNKNOWN there), which the official
                    // client's SQL92 filtering relies on.
                    throw error("NULL is allowed only in IS NULL and IS NOT NULL, not as a value", token.position());
                }
                return Literal.NULL;
            case IDENTIFIER:
                identifiers.add(token.text());
                return new Identifier(token.text());
            case LPAREN:
                enter(token);
                Expression inner = or();
                expect(TokenKind.RPAREN, "to close the '(' at position " + token.position());
                nesting--;
                return inner;
            default:
                throw unexpected(token, "expected an identifier, a literal or '('");
        }
    }

    Expression requireCondition(Expression e, int at, String operator) {
        if (!e.type().canBeBoolean()) {
            throw error(operator + " needs a condition, not " + e.type().description(), at);
        }
        return e;
    }

    Expression requireNumeric(Expression e, int at, String operator) {
        if (!e.type().canBeNumeric()) {
            throw error(operator + " needs a number, not " + e.type().description(), at);
        }
        return e;
    }

    Expression checkDepth(Expression e, int at) {
        if (e.depth() > MAX_DEPTH) {
            throw error("expression nested too deeply (more than " + MAX_DEPTH + " levels)", at);
        }
        return e;
    }

    private void enter(Token token) {
        if (++nesting > MAX_DEPTH) {
            throw error("expression nested too deeply (more than " + MAX_DEPTH + " levels)", token.position());
        }
    }

    Dialect dialect() {
        return dialect;
    }

    Token peek() {
        return tokens.get(index);
    }

    Token next() {
        Token token = tokens.get(index);
        if (token.kind() != TokenKind.END) {
            index++;
        }
        return token;
    }

    boolean accept(TokenKind kind) {
        if (peek().kind() == kind) {
            index++;
            return true;
        }
        return false;
    }

    Token expect(TokenKind kind, String why) {
        Token token = next();
        if (token.kind() != kind) {
            throw unexpected(token, "expected " + kind.description() + " " + why);
        }
        return token;
    }

    SelectorSyntaxException unexpected(Token token, String expectation) {
        String found = token.kind() == TokenKind.END ? "the end of the expression"
                : token.kind() == TokenKind.STRING ? "a string literal" : "'" + token.text() + "'";
        return error(expectation + ", found " + found, token.position());
    }

    SelectorSyntaxException error(String reason, int position) {
        return new SelectorSyntaxException(reason, text, position);
    }
}
