package dev.apogee.broker.console;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.OffsetMessageId;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.remoting.naming.NameEncoding;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A stored message as the console shows it: where it is (topic, queue, offsets, both message ids), its properties
 * and a preview of its body — the first {@value #PREVIEW_BYTES} bytes as text when they are UTF-8 text, else the
 * first {@value #HEX_BYTES} bytes in hex.
 */
final class MessageJson {
    static final int PREVIEW_BYTES = 4096;
    static final int HEX_BYTES = 512;

    private final InetSocketAddress storeHost;

    MessageJson(InetSocketAddress storeHost) {
        this.storeHost = storeHost;
    }

    /** The first characters of every offset message id of this broker: its store host's address and port. */
    String offsetMessageIdPrefix() {
        String any = OffsetMessageId.encode(storeHost, 0);
        return any.substring(0, any.length() - 16);
    }

    Map<String, Object> of(StoredMessage m) {
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("topic", m.topic());
        tree.put("displayTopic", NameEncoding.display(m.topic()));
        tree.put("queueId", m.queueId());
        tree.put("queueOffset", m.queueOffset());
        tree.put("commitLogOffset", m.physicalOffset());
        tree.put("offsetMsgId", OffsetMessageId.encode(storeHost, m.physicalOffset()));
        tree.put("msgId", m.property(MessageProperties.UNIQ_KEY));
        tree.put("keys", m.property(MessageProperties.KEYS));
        tree.put("tags", m.property(MessageProperties.TAGS));
        tree.put("bornTimestamp", m.bornTimestamp());
        tree.put("storeTimestamp", m.storeTimestamp());
        tree.put("bornHost", m.bornHost().getAddress().getHostAddress() + ":" + m.bornHost().getPort());
        tree.put("reconsumeTimes", m.reconsumeTimes());
        tree.put("properties", new TreeMap<>(m.properties()));
        byte[] body = m.body() == null ? new byte[0] : m.body();
        tree.put("bodySize", body.length);
        String text = textPreview(body);
        if (text != null) {
            tree.put("bodyEncoding", "text");
            tree.put("body", text);
            tree.put("bodyTruncated", body.length > PREVIEW_BYTES);
        } else {
            tree.put("bodyEncoding", "hex");
            tree.put("body", HexFormat.ofDelimiter(" ").formatHex(body, 0, Math.min(body.length, HEX_BYTES)));
            tree.put("bodyTruncated", body.length > HEX_BYTES);
        }
        return tree;
    }

    /** The preview as text, or null when the bytes are not UTF-8 text (a character cut at the end is dropped). */
    static String textPreview(byte[] body) {
        int length = Math.min(body.length, PREVIEW_BYTES);
        // a multi-byte character cut by the preview's end is up to 3 bytes: try shorter ends before giving up
        for (int cut = 0; cut < 4 && cut <= length; cut++) {
            if (cut > 0 && length == body.length) {
                break;
            }
            try {
                CharBuffer chars = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(body, 0, length - cut));
                return isText(chars) ? chars.toString() : null;
            } catch (CharacterCodingException e) {
                // try a shorter end
            }
        }
        return null;
    }

    private static boolean isText(CharSequence chars) {
        for (int i = 0; i < chars.length(); i++) {
            char c = chars.charAt(i);
            if (c < 0x20 && c != '\n' && c != '\r' && c != '\t') {
                return false;
            }
        }
        return true;
    }
}
