package dev.apogee.jms.message;

import java.util.Locale;

/** The JMS body kinds, written lower-case in the {@code __JMS_BODY} wire property. */
public enum BodyKind {
    NONE, TEXT, BYTES, MAP, STREAM, OBJECT;

    private static final BodyKind[] ALL = values();
    private final String marker = name().toLowerCase(Locale.ROOT);

    /** The wire marker value, e.g. {@code text}. */
    public String marker() {
        return marker;
    }

    /** The kind for a marker value, or null if unknown. */
    public static BodyKind fromMarker(String marker) {
        if (marker == null) {
            return null;
        }
        for (BodyKind kind : ALL) { // values() would copy the array on every received message
            if (kind.marker().equalsIgnoreCase(marker)) {
                return kind;
            }
        }
        return null;
    }
}
