package dev.apogee.ra.settings;

import java.util.ArrayList;
import java.util.List;

/** Checks effective {@link ApogeeSettings}; pure, so deployment-time messages are table-tested. */
public final class SettingsValidator {
    private SettingsValidator() {
    }

    /** Problems with these (already merged) settings, each a sentence naming the property; empty when valid. */
    public static List<String> problems(ApogeeSettings s) {
        List<String> out = new ArrayList<>();
        if (s.connectionUrl() == null || !s.connectionUrl().startsWith("apogee://")) {
            out.add("connectionUrl must be an apogee://host:port URL, was '" + s.connectionUrl() + "'");
        }
        if (s.maxDeliveries() != null && s.maxDeliveries() < 1) {
            out.add("maxDeliveries must be at least 1, was " + s.maxDeliveries());
        }
        if (s.deadLetterQueue() != null && s.deadLetterQueue().isBlank()) {
            out.add("deadLetterQueue must not be blank");
        }
        if (s.reconnectIntervalMs() != null && s.reconnectIntervalMs() < 0) {
            out.add("reconnectIntervalMs must not be negative, was " + s.reconnectIntervalMs());
        }
        return out;
    }
}
