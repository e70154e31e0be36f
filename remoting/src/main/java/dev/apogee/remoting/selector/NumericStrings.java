package dev.apogee.remoting.selector;

/**
 * Reads a property string as a number for {@link Dialect#ROCKETMQ}: an optional sign, digits with an optional
 * fraction and exponent, nothing else (no blanks, no suffix, no NaN/Infinity, no hex). The syntax is checked before
 * parsing so that a non-numeric value costs no exception.
 */
final class NumericStrings {
    private NumericStrings() {
    }

    /** A {@link Long} for an integer in range, a {@link Double} for any other decimal number, else null. */
    static Number parse(String s) {
        int n = s.length();
        int i = 0;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int intDigits = skipDigits(s, i);
        i += intDigits;
        int fractionDigits = 0;
        boolean integral = true;
        if (i < n && s.charAt(i) == '.') {
            integral = false;
            fractionDigits = skipDigits(s, ++i);
            i += fractionDigits;
        }
        if (intDigits + fractionDigits == 0) {
            return null;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            integral = false;
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exponentDigits = skipDigits(s, i);
            if (exponentDigits == 0) {
                return null;
            }
            i += exponentDigits;
        }
        if (i != n) {
            return null;
        }
        if (integral && intDigits <= 18) {
            return Long.parseLong(s);
        }
        if (integral) {
            try {
                return Long.parseLong(s);
            } catch (NumberFormatException outOfRange) {
                return Double.parseDouble(s);
            }
        }
        return Double.parseDouble(s);
    }

    private static int skipDigits(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        return i - from;
    }
}
