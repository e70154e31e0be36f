package dev.apogee.remoting.selector;

/**
 * A node of a compiled selector. {@link #evaluate} returns a {@link Boolean} (null meaning UNKNOWN), a number, a
 * string, or null for NULL; it never throws for any value a {@link ValueResolver} may return. Immutable.
 */
abstract class Expression {
    private final int depth;

    /** {@code depth} is 1 for a leaf, else 1 + the deepest child; the parser bounds it. */
    Expression(int depth) {
        this.depth = depth;
    }

    abstract Object evaluate(ValueResolver values);

    abstract StaticType type();

    final int depth() {
        return depth;
    }

    static int depthOver(Expression... children) {
        int max = 0;
        for (Expression child : children) {
            max = Math.max(max, child.depth());
        }
        return max + 1;
    }
}
