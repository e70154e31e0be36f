package dev.apogee.namesrv.wire;

import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.protocol.body.DataVersion;
import dev.apogee.remoting.protocol.body.RegisterBrokerBody;
import dev.apogee.remoting.protocol.body.TopicConfigSerializeWrapper;

/**
 * Every form of REGISTER_BROKER body, to the topic table and DataVersion the route table needs:
 * <ul>
 *   <li>RegisterBrokerBody JSON (brokers since protocol version 37);</li>
 *   <li>a bare TopicConfigSerializeWrapper (older brokers), recognised by its members rather than by the request
 *       version, so a peer that omits the version is not misread;</li>
 *   <li>the zlib-compressed form, recognised by its first byte rather than the {@code compressed} header, because
 *       the 5.3.3 broker writes {@code compressed=false} even when it compresses;</li>
 *   <li>no body: no topics.</li>
 * </ul>
 */
public final class RegisterBrokerBodyDecoder {
    private RegisterBrokerBodyDecoder() {
    }

    /** Never returns null; the result's DataVersion and topic table are non-null. */
    public static TopicConfigSerializeWrapper decode(byte[] body) {
        TopicConfigSerializeWrapper wrapper;
        if (body == null || body.length == 0) {
            wrapper = new TopicConfigSerializeWrapper();
        } else if (firstNonBlank(body) != '{') {
            wrapper = CompressedRegisterBodyCodec.decode(body);
        } else {
            wrapper = decodeJson(body);
        }
        if (wrapper.getDataVersion() == null) {
            wrapper.setDataVersion(new DataVersion());
        }
        if (wrapper.getTopicConfigTable() == null) {
            wrapper.setTopicConfigTable(new java.util.LinkedHashMap<>());
        }
        return wrapper;
    }

    private static TopicConfigSerializeWrapper decodeJson(byte[] body) {
        try {
            RegisterBrokerBody registerBody = RegisterBrokerBody.decode(body);
            TopicConfigSerializeWrapper wrapper = registerBody.getTopicConfigSerializeWrapper();
            if (wrapper != null && wrapper.getTopicConfigTable() != null && !wrapper.getTopicConfigTable().isEmpty()) {
                return wrapper;
            }
            // no topics under "topicConfigSerializeWrapper": maybe an old broker's bare wrapper
            TopicConfigSerializeWrapper bare = TopicConfigSerializeWrapper.decode(body);
            if (bare.getTopicConfigTable() != null && !bare.getTopicConfigTable().isEmpty()) {
                return bare;
            }
            return wrapper != null ? wrapper : bare;
        } catch (JsonException e) {
            throw Bodies.malformed("RegisterBrokerBody", e);
        }
    }

    private static int firstNonBlank(byte[] body) {
        for (byte b : body) {
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return b;
            }
        }
        return -1;
    }
}
