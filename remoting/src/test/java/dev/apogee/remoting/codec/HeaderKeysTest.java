package dev.apogee.remoting.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** {@link HeaderKeys}: every key decodes to its text, common ones to one shared instance, and exactly its bytes. */
class HeaderKeysTest {

    private static String readBetweenMarkers(String key) {
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        ByteBuf buf = Unpooled.buffer().writeByte('<').writeBytes(bytes).writeByte('>');
        buf.skipBytes(1);
        String read = HeaderKeys.read(buf, bytes.length);
        assertEquals('>', buf.readByte(), "the reader index must stop right after the key");
        return read;
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "b", "i", "n", "bname", "queueId", "queueOffset", "msgId", "transactionId",
        "MSG_REGION", "TRACE_ON", "apogeeOrdered", "consumerGroup", "suspendTimeoutMillis", "lo"})
    void commonKeysDecodeToOneSharedInstance(String key) {
        String first = readBetweenMarkers(key);
        assertEquals(key, first);
        assertSame(first, readBetweenMarkers(key));
    }

    @ParameterizedTest
    @ValueSource(strings = {"z", "Z", "0", "bnamf", "queueIdx", "unknownFieldName", "é", "ключ",
        "a-key-longer-than-any-of-the-known-ones-for-sure"})
    void otherKeysDecodeToTheirText(String key) {
        assertEquals(key, readBetweenMarkers(key));
    }
}
