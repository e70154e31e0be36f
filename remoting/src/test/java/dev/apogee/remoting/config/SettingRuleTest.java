package dev.apogee.remoting.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.reflect.AnnotatedElement;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SettingRuleTest {
    /** Declarations as a config bean carries them; the field names are the keys. */
    @SuppressWarnings("unused")
    static final class Sample {
        int listenPort;
        int metricsPort;
        long flushInterval;
        @Range(min = 1, max = 100)
        int ratio;
        @Range(min = -1)
        long signedTimeout;
        @OneOf({"ASYNC_FLUSH", "SYNC_FLUSH"})
        String flushDiskType;
        @OneOf(value = {"disabled", "permissive"}, ignoreCase = true)
        String tlsMode;
        @Matches(regex = "([01]?\\d|2[0-3])(;([01]?\\d|2[0-3]))*", description = "hours 00-23 separated by ';'")
        String deleteWhen;
        String brokerName;
        boolean aclEnable;
        TimeUnit unit;
        Path kvConfigPath;
    }

    private static SettingRule rule(String key) {
        try {
            AnnotatedElement field = Sample.class.getDeclaredField(key);
            return SettingRule.of(key, Sample.class.getDeclaredField(key).getType(), field);
        } catch (NoSuchFieldException e) {
            throw new AssertionError(e);
        }
    }

    @ParameterizedTest(name = "{0}={1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            listenPort    | 0          | 0
            listenPort    | 65535      | 65535
            listenPort    | ' 10911 '  | 10911
            metricsPort   | 9100       | 9100
            flushInterval | 9000000000 | 9000000000
            ratio         | 1          | 1
            ratio         | 100        | 100
            signedTimeout | -1         | -1
            flushDiskType | SYNC_FLUSH | SYNC_FLUSH
            tlsMode       | PERMISSIVE | PERMISSIVE
            deleteWhen    | 04;16      | 04;16
            brokerName    | broker-a   | broker-a
            aclEnable     | TRUE       | true
            unit          | SECONDS    | SECONDS
            """)
    void acceptsAllowedValues(String key, String text, String parsed) {
        assertEquals(parsed, String.valueOf(rule(key).parse(text)));
    }

    @ParameterizedTest(name = "{0}={1} refused")
    @CsvSource(delimiter = '|', textBlock = """
            listenPort    | 99999          | an integer from 0 to 65535
            listenPort    | -1             | an integer from 0 to 65535
            listenPort    | http           | an integer from 0 to 65535
            listenPort    | ''             | an integer from 0 to 65535
            metricsPort   | 70000          | an integer from 0 to 65535
            flushInterval | -5             | a whole number >= 0
            flushInterval | 5s             | a whole number >= 0
            ratio         | 0              | an integer from 1 to 100
            ratio         | 101            | an integer from 1 to 100
            ratio         | 3000000000     | an integer from 1 to 100
            signedTimeout | -2             | a whole number >= -1
            flushDiskType | SYNC           | ASYNC_FLUSH, SYNC_FLUSH
            flushDiskType | sync_flush     | ASYNC_FLUSH, SYNC_FLUSH
            tlsMode       | strict         | disabled, permissive (any case)
            deleteWhen    | 24             | hours 00-23 separated by ';'
            deleteWhen    | 4am            | hours 00-23 separated by ';'
            aclEnable     | yes            | true or false
            unit          | seconds        | NANOSECONDS, MICROSECONDS, MILLISECONDS, SECONDS, MINUTES, HOURS, DAYS
            """)
    void refusesOtherValuesNamingKeyValueAndWhatIsAllowed(String key, String text, String allowed) {
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> rule(key).parse(text));
        assertEquals("bad value '" + text.trim() + "' for " + key + " (allowed: " + allowed + ")", e.getMessage());
        assertEquals(key, e.key());
        assertEquals(allowed, e.allowed());
    }

    @Test
    void anIntegerTooLargeForItsTypeIsRefusedNotWrapped() {
        assertThrows(InvalidSettingException.class, () -> rule("metricsPort").parse("4294977296"));
        assertEquals(Integer.MAX_VALUE, SettingRule.of("threads", int.class, null).parse("2147483647"));
        assertThrows(InvalidSettingException.class,
                () -> SettingRule.of("threads", int.class, null).parse("2147483648"));
    }

    @Test
    void typesThatCannotBeSettingsAreNamed() {
        assertFalse(SettingRule.supports(List.class));
        assertTrue(SettingRule.supports(Path.class));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SettingRule.of("clock", java.time.Clock.class, null));
        assertEquals("setting clock has unsupported type Clock", e.getMessage());
    }

    @Test
    void anUnknownKeySuggestsTheKnownKeyItMostLikelyMeant() {
        List<String> known = List.of("flushDiskType", "flushIntervalCommitLog", "listenPort");
        assertEquals("unknown configuration key 'flushDiskTyp' (did you mean flushDiskType?)",
                new UnknownSettingException("flushDiskTyp", known).getMessage());
        assertEquals("unknown configuration key 'listen_port' (did you mean listenPort?)",
                new UnknownSettingException("listen_port", known).getMessage());
        assertEquals("unknown configuration key 'rocketmqHome'",
                new UnknownSettingException("rocketmqHome", known).getMessage());
    }
}
