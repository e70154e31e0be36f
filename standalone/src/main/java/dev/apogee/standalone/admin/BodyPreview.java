package dev.apogee.standalone.admin;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A message body as one line: quoted text when it is UTF-8 without control characters (line breaks and tabs shown
 * escaped), else hex; cut to a number of bytes. JMS Map, Stream and Object bodies are binary (Kryo) and show as hex.
 * Stateless.
 */
final class BodyPreview {
    private BodyPreview() {
    }

    static String of(byte[] body, int maxBytes) {
        if (body == null || body.length == 0) {
            return "(empty)";
        }
        String text = text(body);
        StringBuilder out = new StringBuilder();
        if (text != null) {
            String shown = text.length() > maxBytes ? text.substring(0, maxBytes) : text;
            out.append('"').append(shown.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r")
                    .replace("\t", "\\t").replace("\"", "\\\"")).append('"');
            if (shown.length() < text.length()) {
                out.append(" … (").append(text.length() - shown.length()).append(" more characters)");
            }
            return out.toString();
        }
        int n = Math.min(body.length, maxBytes);
        out.append("hex ");
        for (int i = 0; i < n; i++) {
            out.append(Character.forDigit((body[i] >> 4) & 0xF, 16)).append(Character.forDigit(body[i] & 0xF, 16));
        }
        if (n < body.length) {
            out.append(" … (").append(body.length - n).append(" more bytes)");
        }
        return out.toString();
    }

    /** The body as text, or null when it is not UTF-8 or holds control characters other than line breaks/tabs. */
    private static String text(byte[] body) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t') {
                return null;
            }
        }
        return text;
    }
}
