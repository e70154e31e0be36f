package dev.apogee.remoting.json;

/** The kind of the next token a {@link JsonReader} will return. */
public enum JsonToken {
    BEGIN_OBJECT,
    END_OBJECT,
    BEGIN_ARRAY,
    END_ARRAY,
    /** A member name, quoted or (fastjson style) unquoted. An object-valued key peeks as {@link #BEGIN_OBJECT}. */
    NAME,
    STRING,
    NUMBER,
    BOOLEAN,
    NULL,
    END_DOCUMENT
}
