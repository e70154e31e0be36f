package dev.apogee.remoting.selector;

/**
 * One lexical token. {@code text} is the identifier's name, the string literal's value (quotes removed, {@code ''}
 * undone) or the numeric literal as written; {@code position} is the 0-based index of its first character.
 */
record Token(TokenKind kind, String text, int position) {
}
