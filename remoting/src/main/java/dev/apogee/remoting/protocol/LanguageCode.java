package dev.apogee.remoting.protocol;

/** The sender's language, a byte in the binary header and the enum name in the JSON header. Informational. */
public enum LanguageCode {
    JAVA, CPP, DOTNET, PYTHON, DELPHI, ERLANG, RUBY, OTHER, HTTP, GO, PHP, OMS, RUST, NODE_JS;

    private static final LanguageCode[] BY_CODE = values();

    public byte code() {
        return (byte) ordinal();
    }

    /** Unknown codes map to {@link #OTHER}: the language never changes how a command is processed. */
    public static LanguageCode fromCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : OTHER;
    }

    /** Unknown names map to {@link #OTHER}; fastjson also accepts the ordinal as a number, and so do we. */
    public static LanguageCode fromName(String name) {
        if (name == null || name.isEmpty()) {
            return JAVA;
        }
        char first = name.charAt(0);
        if (first >= '0' && first <= '9') {
            try {
                return fromCode(Integer.parseInt(name));
            } catch (NumberFormatException e) {
                return OTHER;
            }
        }
        for (LanguageCode language : BY_CODE) {
            if (language.name().equals(name)) {
                return language;
            }
        }
        return OTHER;
    }
}
