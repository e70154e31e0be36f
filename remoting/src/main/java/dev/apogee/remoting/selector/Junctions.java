package dev.apogee.remoting.selector;

/** Shared rendering of AND/OR chains for {@code toString} (diagnostics only). */
final class Junctions {
    private Junctions() {
    }

    static String join(Expression[] operands, String separator) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < operands.length; i++) {
            sb.append(i == 0 ? "" : separator).append(operands[i]);
        }
        return sb.append(')').toString();
    }
}
