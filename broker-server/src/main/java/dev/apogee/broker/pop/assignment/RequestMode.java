package dev.apogee.broker.pop.assignment;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import dev.apogee.remoting.protocol.body.JsonBody;

/**
 * How a group consumes a topic, the official {@code SetMessageRequestModeRequestBody}: {@code PULL} (the client owns
 * whole queues) or {@code POP}, and for POP how many other consumers' queues each consumer also pops
 * ({@code popShareQueueNum}, 0: every consumer pops every queue).
 */
public record RequestMode(String topic, String consumerGroup, String mode, int popShareQueueNum) implements JsonBody {
    public static final String PULL = "PULL";
    public static final String POP = "POP";

    public boolean isPop() {
        return POP.equals(mode);
    }

    @Override
    public void writeTo(JsonWriter w) {
        w.beginObject().member("consumerGroup", consumerGroup).member("mode", mode)
                .member("popShareQueueNum", popShareQueueNum).member("topic", topic).endObject();
    }

    public static RequestMode readFrom(JsonReader r) {
        String topic = null;
        String group = null;
        String mode = PULL;
        int share = 0;
        r.beginObject();
        while (r.hasNext()) {
            switch (r.nextName()) {
                case "topic" -> topic = r.nextString();
                case "consumerGroup" -> group = r.nextString();
                case "mode" -> mode = r.nextString();
                case "popShareQueueNum" -> share = r.nextInt();
                default -> r.skipValue();
            }
        }
        r.endObject();
        return new RequestMode(topic, group, mode, share);
    }

    public static RequestMode decode(byte[] body) {
        return JsonBody.decode(body, RequestMode::readFrom);
    }
}
