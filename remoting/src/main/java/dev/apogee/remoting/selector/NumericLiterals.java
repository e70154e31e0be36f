package dev.apogee.remoting.selector;

/**
 * Values of numeric literal tokens, with Java's rules (spec 3.8.1.1: "Java integer literal syntax", "Java
 * floating-point literal syntax"): integers are long (decimal, {@code 0x} hex or {@code 0} octal, up to 64 bits
 * for hex and octal, and {@code 9223372036854775808} only after a minus); decimals are double, or float with an
 * {@code F} suffix; a literal that overflows or rounds a non-zero value to zero is an error.
 */
final class NumericLiterals {
    private NumericLiterals() {
    }

    static Long integer(Parser parser, Token token, boolean negative) {
        String raw = token.text();
        String digits = (raw.endsWith("l") || raw.endsWith("L")) ? raw.substring(0, raw.length() - 1) : raw;
        try {
            if (digits.length() > 2 && (digits.charAt(1) | 0x20) == 'x') {
                long v = Long.parseUnsignedLong(digits.substring(2), 16);
                return negative ? -v : v;
            }
            if (digits.length() > 1 && digits.charAt(0) == '0') {
                long v = Long.parseUnsignedLong(digits.substring(1), 8);
                return negative ? -v : v;
            }
            return Long.parseLong(negative ? "-" + digits : digits);
        } catch (NumberFormatException e) {
            boolean octal = digits.length() > 1 && digits.charAt(0) == '0' && (digits.charAt(1) | 0x20) != 'x';
            throw parser.error(octal && !digits.matches("0[0-7]*")
                    ? "invalid digit in octal literal " + raw : "integer literal " + raw + " is out of the range of long",
                    token.position());
        }
    }

    static Number decimal(Parser parser, Token token) {
        String raw = token.text();
        char last = raw.charAt(raw.length() - 1);
        boolean isFloat = last == 'f' || last == 'F';
        double v = Double.parseDouble(raw);
        double magnitude = isFloat ? Math.abs(Float.parseFloat(raw)) : Math.abs(v);
        if (Double.isInfinite(magnitude)) {
            throw parser.error("decimal literal " + raw + " is out of range", token.position());
        }
        if (magnitude == 0 && hasNonZeroMantissa(raw)) {
            throw parser.error("decimal literal " + raw + " is too small to represent", token.position());
        }
        return isFloat ? (Number) Float.parseFloat(raw) : (Number) v;
    }

    private static boolean hasNonZeroMantissa(String raw) {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if ((c | 0x20) == 'e') {
                return false;
            }
            if (c >= '1' && c <= '9') {
                return true;
            }
        }
        return false;
    }
}
