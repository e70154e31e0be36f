package dev.apogee.broker.console;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The body preview: UTF-8 text as text (a character cut by the preview's end dropped), anything else hex. */
class MessageJsonTest {
    @Test
    void utf8TextIsShownAsText() {
        assertEquals("héllo\nwörld\t名前", MessageJson.textPreview("héllo\nwörld\t名前".getBytes(StandardCharsets.UTF_8)));
        assertEquals("", MessageJson.textPreview(new byte[0]));
    }

    @Test
    void aCharacterCutByThePreviewEndIsDropped() {
        byte[] body = new byte[MessageJson.PREVIEW_BYTES + 10];
        Arrays.fill(body, (byte) 'a');
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8); // 3 bytes across the preview's end
        System.arraycopy(euro, 0, body, MessageJson.PREVIEW_BYTES - 1, 3);
        String preview = MessageJson.textPreview(body);
        assertEquals(MessageJson.PREVIEW_BYTES - 1, preview.length());
    }

    @Test
    void binaryIsNotText() {
        assertNull(MessageJson.textPreview(new byte[] {(byte) 0xAC, (byte) 0xED, 0, 5, 's', 'r'}));
        assertNull(MessageJson.textPreview(new byte[] {'a', 0, 'b'}), "control characters");
        assertNull(MessageJson.textPreview(new byte[] {(byte) 0xC3}), "a body that is one cut character");
    }
}
