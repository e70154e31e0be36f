package dev.apogee.remoting.selector;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Splits a selector into {@link Token}s (spec 3.8.1.1): Java identifiers, reserved words in any case, string literals
 * in single quotes with {@code ''} for a quote, Java integer literals (decimal, hex {@code 0x}, octal {@code 0}, optional
 * {@code L}) and Java floating-point literals (decimal point and/or exponent, optional {@code F}/{@code D}; no hex
 * floats, no underscores). White space is Java's: space, tab, form feed and line terminators. Numeric values are
 * parsed later by the {@link Parser}, which knows whether a unary minus applies.
 */
final class Lexer {
    private final String text;
    private int at;

    private Lexer(String text) {
        this.text = text;
    }

    static List<Token> tokenize(String text) {
        Lexer lexer = new Lexer(text);
        List<Token> tokens = new ArrayList<>();
        Token token;
        do {
            token = lexer.next();
            tokens.add(token);
        } while (token.kind() != TokenKind.END);
        return tokens;
    }

    private Token next() {
        skipWhiteSpace();
        if (at >= text.length()) {
            return new Token(TokenKind.END, "", at);
        }
        int start = at;
        char c = text.charAt(at);
        if (c == '\'') {
            return stringLiteral(start);
        }
        if (isDigit(c) || (c == '.' && at + 1 < text.length() && isDigit(text.charAt(at + 1)))) {
            return numericLiteral(start);
        }
        int cp = text.codePointAt(at);
        if (Character.isJavaIdentifierStart(cp)) {
            return word(start);
        }
        return operator(start, c);
    }

    private void skipWhiteSpace() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\t' && c != '\f' && c != '\n' && c != '\r') {
                return;
            }
            at++;
        }
    }

    private Token stringLiteral(int start) {
        StringBuilder value = new StringBuilder();
        at++;
        while (true) {
            int quote = text.indexOf('\'', at);
            if (quote < 0) {
                throw error("unterminated string literal", start);
            }
            value.append(text, at, quote);
            at = quote + 1;
            if (at < text.length() && text.charAt(at) == '\'') {
                value.append('\'');
                at++;
            } else {
                return new Token(TokenKind.STRING, value.toString(), start);
            }
        }
    }

    private Token word(int start) {
        at += Character.charCount(text.codePointAt(at));
        while (at < text.length() && Character.isJavaIdentifierPart(text.codePointAt(at))) {
            at += Character.charCount(text.codePointAt(at));
        }
        String word = text.substring(start, at);
        TokenKind reserved = isAscii(word) ? TokenKind.reserved(word.toUpperCase(Locale.ROOT)) : null;
        return new Token(reserved == null ? TokenKind.IDENTIFIER : reserved, word, start);
    }

    /** Keywords are ASCII; without this check {@code "ın".toUpperCase()} would read as {@code IN}. */
    static boolean isAscii(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (word.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    private Token numericLiteral(int start) {
        if (text.charAt(at) == '0' && at + 1 < text.length() && (text.charAt(at + 1) | 0x20) == 'x') {
            at += 2;
            int digits = skip(Lexer::isHexDigit);
            if (digits == 0) {
                throw error("hexadecimal literal without digits", start);
            }
            return integerEnd(start);
        }
        skip(Lexer::isDigit);
        boolean decimal = false;
        if (at < text.length() && text.charAt(at) == '.') {
            decimal = true;
            at++;
            skip(Lexer::isDigit);
        }
        if (at < text.length() && (text.charAt(at) | 0x20) == 'e') {
            decimal = true;
            at++;
            if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
                at++;
            }
            if (skip(Lexer::isDigit) == 0) {
                throw error("exponent without digits in numeric literal", start);
            }
        }
        if (at < text.length() && "fFdD".indexOf(text.charAt(at)) >= 0) {
            decimal = true;
            at++;
        }
        if (!decimal) {
            return integerEnd(start);
        }
        checkNumberEnd(start);
        return new Token(TokenKind.DECIMAL, text.substring(start, at), start);
    }

    private Token integerEnd(int start) {
        if (at < text.length() && (text.charAt(at) | 0x20) == 'l') {
            at++;
        }
        checkNumberEnd(start);
        return new Token(TokenKind.INTEGER, text.substring(start, at), start);
    }

    private void checkNumberEnd(int start) {
        if (at < text.length() && (Character.isJavaIdentifierPart(text.codePointAt(at)) || text.charAt(at) == '.')) {
            throw error("malformed numeric literal", start);
        }
    }

    private Token operator(int start, char c) {
        at++;
        TokenKind kind = switch (c) {
            case '=' -> TokenKind.EQ;
            case '<' -> followedBy('>') ? TokenKind.NE : followedBy('=') ? TokenKind.LE : TokenKind.LT;
            case '>' -> followedBy('=') ? TokenKind.GE : TokenKind.GT;
            case '+' -> TokenKind.PLUS;
            case '-' -> TokenKind.MINUS;
            case '*' -> TokenKind.TIMES;
            case '/' -> TokenKind.DIVIDE;
            case '(' -> TokenKind.LPAREN;
            case ')' -> TokenKind.RPAREN;
            case ',' -> TokenKind.COMMA;
            default -> null;
        };
        if (kind == null) {
            String shown = c == '"' ? "'\"' (string literals use single quotes)"
                    : c == '!' ? "'!' (use <> or NOT)" : describe(text.codePointAt(start));
            throw error("unexpected character " + shown, start);
        }
        return new Token(kind, text.substring(start, at), start);
    }

    private static String describe(int codePoint) {
        return codePoint >= 0x20 && codePoint < 0x7F ? "'" + (char) codePoint + "'"
                : String.format("U+%04X", codePoint);
    }

    private boolean followedBy(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private int skip(CharTest test) {
        int from = at;
        while (at < text.length() && test.test(text.charAt(at))) {
            at++;
        }
        return at - from;
    }

    private SelectorSyntaxException error(String reason, int position) {
        return new SelectorSyntaxException(reason, text, position);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHexDigit(char c) {
        return isDigit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
    }

    @FunctionalInterface
    private interface CharTest {
        boolean test(char c);
    }
}
