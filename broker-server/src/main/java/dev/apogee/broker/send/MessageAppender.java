package dev.apogee.broker.send;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.UniqueKeyGenerator;
import dev.apogee.broker.metrics.SendMeters;
import dev.apogee.remoting.netty.RemotingResponder;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.record.PropertiesCodec;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Stores sent messages and answers when the store does: the send thread is released at once, so that with
 * SYNC_FLUSH many sends wait for one group commit instead of each holding a thread. Thread-safe.
 */
public final class MessageAppender {
    private static final Logger LOG = LoggerFactory.getLogger(MessageAppender.class);

    private final MessageStore store;
    private final PutResponses responses;
    private final InetSocketAddress storeHost;
    private final UniqueKeyGenerator uniqueKeys;
    /** Stored messages counted per topic (rocketmq_messages_in_total); set once at broker start. */
    private volatile SendMeters meters = SendMeters.NONE;

    public MessageAppender(MessageStore store, BrokerConfig config, InetSocketAddress storeHost) {
        this.store = store;
        this.storeHost = storeHost;
        this.responses = new PutResponses(config, storeHost);
        this.uniqueKeys = new UniqueKeyGenerator(storeHost);
    }

    /** Counts the messages stored from now on, per topic as sent (metrics). */
    public void sendMeters(SendMeters meters) {
        this.meters = meters;
    }

    public InetSocketAddress storeHost() {
        return storeHost;
    }

    /**
     * Whether an answered put is cheap enough for an event loop now: the store would force it on the putting thread
     * itself (SYNC_FLUSH, a lone writer), so the loop spends one force on it and waits for no other thread, and the
     * send saves two thread hand-offs (to a send thread, and of the response back to the loop: two wake-ups of tens
     * of microseconds each on a busy two-core machine, against a round trip of about 300). Writers that put together
     * are never alone, so they keep the send threads and the group commit; a lone writer's force holds up the other
     * connections of its loop for as long as it takes, as it holds up that writer.
     */
    boolean answeredPutIsCheap() {
        return store.lonePutWouldForceItself();
    }

    /** Ensures the message has a UNIQ_KEY (older clients may omit it) and returns it. */
    String ensureUniqueKey(MessageToStore message) {
        String key = PropertiesCodec.get(message.properties(), MessageProperties.UNIQ_KEY);
        if (key != null) {
            return key;
        }
        key = uniqueKeys.next();
        message.properties(message.properties() + MessageProperties.UNIQ_KEY + PropertiesCodec.NAME_VALUE_SEPARATOR
                + key + PropertiesCodec.PROPERTY_SEPARATOR);
        return key;
    }

    /**
     * Stores and answers. A oneway request's message waits for no disk ({@link MessageToStore#nobodyWaits}): nobody
     * is told it was stored, and a put that may force would block the event loop such a send runs on.
     */
    void appendAndRespond(Channel channel, RemotingCommand request, MessageToStore message, int queueId,
            String uniqueKey, String topic) {
        if (request.isOneway()) {
            message.nobodyWaits();
        }
        respondWhenStored(channel, request, store.putMessage(message), queueId, uniqueKey, topic);
    }

    /** As {@link #appendAndRespond}, for a batch. */
    void appendBatchAndRespond(Channel channel, RemotingCommand request, List<MessageToStore> batch, int queueId,
            String uniqueKey, String topic) {
        if (request.isOneway()) {
            batch.forEach(MessageToStore::nobodyWaits);
        }
        respondWhenStored(channel, request, store.putMessages(batch), queueId, uniqueKey, topic);
    }

    /** @param topic the topic as sent (before a redirect to a DLQ, schedule or timer topic), for metrics */
    private void respondWhenStored(Channel channel, RemotingCommand request, CompletableFuture<PutResult> put,
            int queueId, String uniqueKey, String topic) {
        if (request.isOneway()) { // nobody to answer: build no response, only a store failure is worth a line
            put.whenComplete((result, error) -> {
                if (error != null) {
                    LOG.error("store failed for a oneway message from {}", channel.remoteAddress(), error);
                } else {
                    count(result, topic, request);
                }
            });
            return;
        }
        put.whenComplete((result, error) -> {
            RemotingCommand response;
            if (error != null) {
                LOG.error("store failed for a message from {}", channel.remoteAddress(), error);
                response = RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                        "store failed: " + error);
            } else {
                count(result, topic, request);
                response = responses.toResponse(request, result, queueId, uniqueKey);
            }
            RemotingResponder.respond(channel, request, response);
        });
    }

    /** Hot path: one cached meter lookup and two adds per request (throughput = the request's body bytes). */
    private void count(PutResult result, String topic, RemotingCommand request) {
        if (result.isOk()) {
            meters.stored(topic, result.msgNum(), request.bodyLength());
        }
    }

    /** The born host of a message: the producer's address as this broker sees it. */
    static InetSocketAddress bornHost(Channel channel) {
        return channel.remoteAddress() instanceof InetSocketAddress address
                ? address : new InetSocketAddress("127.0.0.1", 0);
    }
}
