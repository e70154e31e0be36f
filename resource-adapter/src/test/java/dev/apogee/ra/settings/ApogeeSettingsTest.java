package dev.apogee.ra.settings;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ApogeeSettingsTest {

    private static ApogeeSettings url(String url) {
        return new ApogeeSettings(url, null, null, null, null, null, null, null);
    }

    @Test
    void specOverFactoryOverAdapterOverDefaults() {
        ApogeeSettings spec = new ApogeeSettings(null, null, null, "spec-client", null, 2, null, null);
        ApogeeSettings factory = new ApogeeSettings("apogee://cf:1", "cf-user", null, "cf-client", null, 3,
                null, null);
        ApogeeSettings adapter = new ApogeeSettings("apogee://ra:1", "ra-user", "ra-pw", null, null, null,
                "RA_DLQ", null);

        ApogeeSettings s = spec.over(factory).over(adapter).over(ApogeeSettings.DEFAULTS);

        assertEquals("apogee://cf:1", s.connectionUrl(), "factory beats adapter");
        assertEquals("cf-user", s.user());
        assertEquals("ra-pw", s.password(), "only the adapter sets it");
        assertEquals("spec-client", s.clientId(), "spec beats factory");
        assertEquals(2, s.maxDeliveries());
        assertEquals("RA_DLQ", s.deadLetterQueue(), "adapter beats defaults");
        assertEquals(2_000L, s.reconnectIntervalMs(), "default when nobody sets it");
    }

    @Test
    void unsetLevelsAreTransparent() {
        assertEquals(ApogeeSettings.DEFAULTS, ApogeeSettings.UNSET.over(ApogeeSettings.UNSET)
                .over(ApogeeSettings.DEFAULTS));
    }

    @Test
    void explicitValueEqualToDefaultStillWins() {
        ApogeeSettings spec = new ApogeeSettings(null, null, null, null, null, 5, null, null);
        ApogeeSettings adapter = new ApogeeSettings(null, null, null, null, null, 9, null, null);
        assertEquals(5, spec.over(adapter).maxDeliveries());
    }

    @Test
    void beanPropertiesFeedTheRecord() {
        SettingsBean bean = new SettingsBean() {
        };
        bean.setConnectionUrl("apogee://h:2");
        bean.setMaxDeliveries(7);
        assertEquals(new ApogeeSettings("apogee://h:2", null, null, null, null, 7, null, null), bean.ownSettings());
    }

    @Test
    void validatorNamesEachBadProperty() {
        record Row(ApogeeSettings settings, String expected) {
        }
        List<Row> rows = List.of(
                new Row(url("tcp://x:1").over(ApogeeSettings.DEFAULTS), "connectionUrl"),
                new Row(new ApogeeSettings(null, null, null, null, null, 0, null, null)
                        .over(ApogeeSettings.DEFAULTS), "maxDeliveries"),
                new Row(new ApogeeSettings(null, null, null, null, null, null, " ", null)
                        .over(ApogeeSettings.DEFAULTS), "deadLetterQueue"),
                new Row(new ApogeeSettings(null, null, null, null, null, null, null, -1L)
                        .over(ApogeeSettings.DEFAULTS), "reconnectIntervalMs"));
        for (Row row : rows) {
            List<String> problems = SettingsValidator.problems(row.settings());
            assertEquals(1, problems.size(), problems.toString());
            assertTrue(problems.get(0).startsWith(row.expected()), problems.get(0));
        }
        assertTrue(SettingsValidator.problems(ApogeeSettings.DEFAULTS).isEmpty());
    }

    @Test
    void toStringHidesThePassword() {
        ApogeeSettings s = new ApogeeSettings(null, "u", "secret", null, null, null, null, null);
        assertFalse(s.toString().contains("secret"));
    }
}
