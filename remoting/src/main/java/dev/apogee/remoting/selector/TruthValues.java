package dev.apogee.remoting.selector;

/** Two-operand SQL three-valued AND/OR over TRUE, FALSE and null (UNKNOWN). */
final class TruthValues {
    private TruthValues() {
    }

    static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) {
            return Boolean.FALSE;
        }
        return a == null || b == null ? null : Boolean.TRUE;
    }

    static Boolean or(Boolean a, Boolean b) {
        if (Boolean.TRUE.equals(a) || Boolean.TRUE.equals(b)) {
            return Boolean.TRUE;
        }
        return a == null || b == null ? null : Boolean.FALSE;
    }

    /** NOT, with UNKNOWN staying UNKNOWN. */
    static Boolean not(Boolean a) {
        return a == null ? null : Boolean.valueOf(!a);
    }
}
