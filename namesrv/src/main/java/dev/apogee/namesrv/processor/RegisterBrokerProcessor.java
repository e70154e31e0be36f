package dev.apogee.namesrv.processor;

import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.namesrv.kv.KvConfigStore;
import dev.apogee.namesrv.route.BrokerRegistration;
import dev.apogee.namesrv.route.RegisterResult;
import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.namesrv.wire.RegisterBrokerBodyDecoder;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.KVTable;
import dev.apogee.remoting.protocol.body.TopicConfigSerializeWrapper;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.zip.CRC32;

/**
 * 103 REGISTER_BROKER: verifies {@code bodyCrc32} (when non-zero), decodes the body (any form, see
 * {@link RegisterBrokerBodyDecoder}), records the broker, and answers with the master's addresses (for a slave) and
 * the ORDER_TOPIC_CONFIG KV table.
 */
final class RegisterBrokerProcessor implements RequestProcessor {
    private static final Logger LOG = LoggerFactory.getLogger(RegisterBrokerProcessor.class);

    private final RouteInfoTable routes;
    private final KvConfigStore kv;
    private final NamesrvConfig config;

    RegisterBrokerProcessor(RouteInfoTable routes, KvConfigStore kv, NamesrvConfig config) {
        this.routes = routes;
        this.kv = kv;
        this.config = config;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields header = request.header();
        String brokerName = header.requireString("brokerName");
        String brokerAddr = header.requireString("brokerAddr");
        String clusterName = header.requireString("clusterName");
        long brokerId = header.requireLong("brokerId");
        int expectedCrc = header.optionalInt("bodyCrc32", 0);
        byte[] body = request.body();
        if (expectedCrc != 0 && crc32(body) != expectedCrc) {
            LOG.warn("NAMESRV-CRC-MISMATCH REGISTER_BROKER from {} ({}): body crc32 {} does not match header {}",
                    brokerAddr, brokerName, crc32(body), expectedCrc);
            return Responses.error(request, ResponseCode.SYSTEM_ERROR, "crc32 not match");
        }
        TopicConfigSerializeWrapper topics = RegisterBrokerBodyDecoder.decode(body);
        RegisterResult result = routes.register(new BrokerRegistration(clusterName, brokerAddr, brokerName, brokerId,
                header.optionalString("haServerAddr"), header.optionalLong("heartbeatTimeoutMillis"),
                header.optionalBoolean("enableActingMaster"), topics.getDataVersion(), topics.getTopicConfigTable(),
                channel));
        return response(request, result);
    }

    private RemotingCommand response(RemotingCommand request, RegisterResult result) {
        RemotingCommand response = Responses.success(request);
        if (result.haServerAddr() != null) {
            response.putExtField("haServerAddr", result.haServerAddr());
        }
        if (result.masterAddr() != null) {
            response.putExtField("masterAddr", result.masterAddr());
        }
        if (config.isReturnOrderTopicConfigToBroker()) {
            Map<String, String> orderTopics = kv.list(KvConfigStore.ORDER_TOPIC_CONFIG);
            if (!orderTopics.isEmpty()) {
                KVTable table = new KVTable();
                table.setTable(orderTopics);
                response.body(table.encode());
            }
        }
        return response;
    }

    /** RocketMQ's {@code UtilAll.crc32}: CRC32 masked to a non-negative int. */
    static int crc32(byte[] body) {
        if (body == null) {
            return 0;
        }
        CRC32 crc = new CRC32();
        crc.update(body);
        return (int) (crc.getValue() & 0x7FFFFFFF);
    }
}
