package dev.apogee.jms.api;

import org.junit.jupiter.api.Assertions;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;

/** A few fluent assertions over JUnit's (the module has no AssertJ). */
final class Fluent {
    private Fluent() {
    }

    interface ThrowingCallable {
        void call() throws Throwable;
    }

    static That assertThat(Object actual) {
        return new That(actual, null);
    }

    static That assertThat(byte[] actual) {
        List<Object> boxed = new ArrayList<>();
        for (byte b : actual) {
            boxed.add((int) b);
        }
        return new That(boxed, null);
    }

    static That assertThatThrownBy(ThrowingCallable call) {
        try {
            call.call();
        } catch (Throwable t) {
            return new That(t, null);
        }
        return Assertions.fail("expected an exception");
    }

    static final class That {
        private final Object actual;
        private final String description;

        That(Object actual, String description) {
            this.actual = actual;
            this.description = description;
        }

        That as(String text) {
            return new That(actual, text);
        }

        private String msg() {
            return description == null ? String.valueOf(actual) : description + " (" + actual + ")";
        }

        That isEqualTo(Object expected) {
            Assertions.assertEquals(expected, actual, description);
            return this;
        }

        That isNull() {
            Assertions.assertNull(actual, description);
            return this;
        }

        That isNotNull() {
            Assertions.assertNotNull(actual, description);
            return this;
        }

        That isTrue() {
            Assertions.assertEquals(Boolean.TRUE, actual, description);
            return this;
        }

        That isFalse() {
            Assertions.assertEquals(Boolean.FALSE, actual, description);
            return this;
        }

        That isZero() {
            Assertions.assertEquals(0L, ((Number) actual).longValue(), description);
            return this;
        }

        That isInstanceOf(Class<?> type) {
            Assertions.assertTrue(type.isInstance(actual), "expected a " + type.getName() + " but got " + msg());
            return this;
        }

        That startsWith(String prefix) {
            Assertions.assertTrue(actual != null && actual.toString().startsWith(prefix), msg());
            return this;
        }

        That isGreaterThan(long bound) {
            Assertions.assertTrue(((Number) actual).longValue() > bound, msg() + " > " + bound);
            return this;
        }

        That isBetween(long low, long high) {
            long v = ((Number) actual).longValue();
            Assertions.assertTrue(v >= low && v <= high, msg() + " in [" + low + ", " + high + "]");
            return this;
        }

        private Collection<?> collection() {
            return (Collection<?>) actual;
        }

        That hasSize(int size) {
            Assertions.assertEquals(size, collection().size(), msg());
            return this;
        }

        That isNotEmpty() {
            Assertions.assertFalse(collection().isEmpty(), msg());
            return this;
        }

        That doesNotHaveDuplicates() {
            Assertions.assertEquals(collection().size(), new HashSet<>(collection()).size(), msg());
            return this;
        }

        That containsExactly(Object... expected) {
            Assertions.assertEquals(Arrays.asList(expected), new ArrayList<>(collection()), description);
            return this;
        }

        That containsExactlyElementsOf(Collection<?> expected) {
            Assertions.assertEquals(new ArrayList<>(expected), new ArrayList<>(collection()), description);
            return this;
        }

        That containsExactlyInAnyOrder(Object... expected) {
            List<Object> want = new ArrayList<>(Arrays.asList(expected));
            List<Object> got = new ArrayList<>(collection());
            want.sort((a, b) -> String.valueOf(a).compareTo(String.valueOf(b)));
            got.sort((a, b) -> String.valueOf(a).compareTo(String.valueOf(b)));
            Assertions.assertEquals(want, got, description);
            return this;
        }
    }
}
