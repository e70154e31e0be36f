package dev.apogee.store.record;

/** Reserved property names the store itself reads (protocol doc section 4.4). */
public final class MessageProperty {
    public static final String TAGS = "TAGS";
    public static final String KEYS = "KEYS";
    public static final String WAIT = "WAIT";
    public static final String UNIQ_KEY = "UNIQ_KEY";
    /** Internal: overrides the consume-queue tags code of a record (see {@link PropertiesCodec#tagsCode}). */
    public static final String STORE_TAGS_CODE = "__STORE_TAGS_CODE";
    /** Separator between several keys inside {@link #KEYS}. */
    public static final char KEY_SEPARATOR = ' ';

    private MessageProperty() {
    }
}
