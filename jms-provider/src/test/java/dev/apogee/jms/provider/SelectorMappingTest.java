package dev.apogee.jms.provider;

import jakarta.jms.InvalidSelectorException;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** JMS selector → native subscription (TAG when only the tag is tested, else SQL92). */
class SelectorMappingTest {

    @Test
    void emptySelectorSubscribesToEverything() throws Exception {
        assertArrayEquals(new String[] {"TAG", "*"}, NativeProvider.subscription(null));
        assertArrayEquals(new String[] {"TAG", "*"}, NativeProvider.subscription("  "));
    }

    @Test
    void tagOnlySelectorsBecomeTagSubscriptions() throws Exception {
        assertArrayEquals(new String[] {"TAG", "a"}, NativeProvider.subscription("TAGS = 'a'"));
        assertArrayEquals(new String[] {"TAG", "a || b"}, NativeProvider.subscription("TAGS IN ('b', 'a')"));
        assertArrayEquals(new String[] {"TAG", "a || c"},
                NativeProvider.subscription("TAGS = 'c' OR 'a' = TAGS"));
    }

    @Test
    void otherSelectorsBecomeSql92() throws Exception {
        assertArrayEquals(new String[] {"SQL92", "qty > 5"}, NativeProvider.subscription("qty > 5"));
        assertArrayEquals(new String[] {"SQL92", "TAGS = 'a' AND x = 1"},
                NativeProvider.subscription("TAGS = 'a' AND x = 1"));
    }

    @Test
    void invalidSelectorsAreRefused() {
        assertThrows(InvalidSelectorException.class, () -> NativeProvider.subscription("qty >>> 3"));
        assertThrows(InvalidSelectorException.class, () -> NativeProvider.subscription("a ="));
    }
}
