package dev.apogee.remoting.naming;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.rocketmq.client.Validators;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NameEncodingTest {
    private static final String[] TRICKY = {
        "orders", "orders.created", "orders|2Ecreated", "orders_created", "a/b:c d", "zäöü.名前", "50%off", "%DLQ%x",
        "|", "||", "|7C", "a|b", "a|7Cb", "_", "__", "a_b", "a__b", "-", " ", "  ", ".", "..", "A", "|41", "😀",
        "a😀b", "jms.queue.x", "TBW102", "JMSQ_x", "x\u0001y", "tab\there", "é", "e\u0301", "\u00a0", "ß", "Ǆ",
    };

    @ParameterizedTest
    @ValueSource(strings = {"orders", "Orders-1", "a_b", "50%off", "%RETRY%JMSQ_x", "TMPQ_0123abcd", "x"})
    void validTopicNamesWithoutTheEscapeMapToThemselves(String name) {
        assertTrue(NameEncoding.isPlain(name));
        assertEquals(name, NameEncoding.encode(name));
        assertEquals(name, NameEncoding.decode(name));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "orders.created; orders|2Ecreated",
        "a/b:c d; a|2Fb|3Ac|20d",
        "zäöü.名前; z|C3|A4|C3|B6|C3|BC|2E|E5|90|8D|E5|89|8D",
        "a|b; a|7Cb",
        "|; |7C",
        "😀; |F0|9F|98|80",
    })
    void otherNamesAreEscapedAsUtf8Bytes(String name, String encoded) {
        assertEquals(encoded, NameEncoding.encode(name));
        assertEquals(name, NameEncoding.decode(encoded));
    }

    @Test
    void theComponentFormAlsoEscapesTheUnderscore() {
        assertEquals("my|5Fapp", NameEncoding.encodeComponent("my_app"));
        assertEquals("app", NameEncoding.encodeComponent("app"));
        assertEquals("my_app", NameEncoding.decodeComponent("my|5Fapp"));
        assertThrows(IllegalArgumentException.class, () -> NameEncoding.decode("my|5Fapp")); // the topic is my_app
        assertThrows(IllegalArgumentException.class, () -> NameEncoding.decodeComponent("my_app"));
        // A component never contains '_', so the first '_' after it separates it from what follows.
        for (String name : TRICKY) {
            assertFalse(NameEncoding.encodeComponent(name).contains("_"), name);
        }
    }

    @Test
    void everyTrickyNameRoundTripsToAValidTopicAndGroupName() {
        for (String name : TRICKY) {
            String topic = NameEncoding.encode(name);
            assertEquals(name, NameEncoding.decode(topic), topic);
            assertEquals(name, NameEncoding.decodeComponent(NameEncoding.encodeComponent(name)));
            for (String encoded : List.of(topic, NameEncoding.encodeComponent(name))) {
                assertTrue(encoded.matches("[%|a-zA-Z0-9_-]+"), encoded);
                if (encoded.length() <= NameEncoding.TOPIC_MAX_LENGTH) {
                    assertDoesNotThrow(() -> Validators.checkTopic(encoded), encoded);
                }
                assertDoesNotThrow(() -> Validators.checkGroup(encoded), encoded);
            }
        }
    }

    @Test
    void noTwoNamesShareAnEncoding() {
        List<String> names = new ArrayList<>(List.of(TRICKY));
        Random random = new Random(26);
        String alphabet = "a_|%-.7C2E/ äé名😀";
        for (int n = 0; n < 20_000; n++) {
            StringBuilder b = new StringBuilder();
            int length = 1 + random.nextInt(6);
            while (b.length() < length) {
                b.appendCodePoint(alphabet.codePointAt(alphabet.offsetByCodePoints(0,
                        random.nextInt(alphabet.codePointCount(0, alphabet.length())))));
            }
            names.add(b.toString());
        }
        Map<String, String> seen = new HashMap<>();
        for (String name : names) {
            String previous = seen.put(NameEncoding.encode(name), name);
            assertTrue(previous == null || previous.equals(name), () -> previous + " and " + name + " collide");
            assertEquals(name, NameEncoding.decode(NameEncoding.encode(name)));
            assertEquals(name, NameEncoding.decodeComponent(NameEncoding.encodeComponent(name)));
        }
    }

    @Test
    void componentPairsJoinedByUnderscoreNeverCollide() {
        // (client id, subscription name) pairs as a durable subscription's group JMSD_<client id>_<name> joins them
        String[][] pairs = {{"a_b", "c"}, {"a", "b_c"}, {"a", "b|5Fc"}, {"a|5Fb", "c"}, {"a_", "b"}, {"a", "_b"}};
        Map<String, String> seen = new HashMap<>();
        for (String[] pair : pairs) {
            String joined = NameEncoding.encodeComponent(pair[0]) + "_" + NameEncoding.encode(pair[1]);
            String previous = seen.put(joined, pair[0] + " / " + pair[1]);
            assertNull(previous, () -> joined + " made twice");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"a|b", "|", "a|7", "a|7c", "a|41", "|5F", "|C3", "|FF", "|C0|AE", "|2Fa|"})
    void nonCanonicalOrMalformedEncodingsAreRefused(String encoded) {
        assertNull(NameEncoding.decodeOrNull(encoded));
        assertThrows(IllegalArgumentException.class, () -> NameEncoding.decode(encoded));
    }

    @Test
    void emptyNamesAndUnpairedSurrogatesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> NameEncoding.encode(""));
        assertThrows(IllegalArgumentException.class, () -> NameEncoding.encode(null));
        assertThrows(IllegalArgumentException.class, () -> NameEncoding.encode("a\uD800"));
        assertThrows(IllegalArgumentException.class, () -> NameEncoding.encode("\uDC00b"));
        assertNull(NameEncoding.decodeOrNull(""));
    }

    @Test
    void displayDecodesGroupNamesMadeOfSeveralParts() {
        String group = "JMSD_" + NameEncoding.encodeComponent("my_app") + "_" + NameEncoding.encode("orders.created");
        assertEquals("JMSD_my|5Fapp_orders|2Ecreated", group);
        assertEquals("JMSD_my_app_orders.created", NameEncoding.display(group));
        assertEquals("plain", NameEncoding.display("plain"));
        assertEquals("a|b", NameEncoding.display("a|b"));
        assertEquals("orders|2Ecreated [orders.created]", NameEncoding.describe("orders|2Ecreated"));
        assertEquals("orders", NameEncoding.describe("orders"));
    }

    @Test
    void theLimitsAreTheOfficialClients() {
        assertEquals(Validators.TOPIC_MAX_LENGTH, NameEncoding.TOPIC_MAX_LENGTH);
        assertEquals(Validators.CHARACTER_MAX_LENGTH, NameEncoding.GROUP_MAX_LENGTH);
        assertNotEquals(NameEncoding.encode("x.y"), NameEncoding.encode("x_y"));
    }
}
