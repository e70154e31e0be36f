package dev.apogee.namesrv;

import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.UtilAll;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.DataVersion;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigAndMappingSerializeWrapper;
import org.apache.rocketmq.remoting.protocol.header.namesrv.RegisterBrokerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.UnRegisterBrokerRequestHeader;

import java.util.ArrayList;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A broker as the name server sees it, speaking through the official 5.3.3 remoting client with official header and
 * body classes. Closing it closes its connection.
 */
final class FakeBroker implements AutoCloseable {
    static final String CLUSTER = "DefaultCluster";

    private final NettyRemotingClient client;
    private final boolean ownsClient;
    private final String namesrvAddr;
    final String brokerName;
    final String brokerAddr;
    final long brokerId;
    private final ConcurrentHashMap<String, TopicConfig> topics = new ConcurrentHashMap<>();
    private final DataVersion dataVersion = new DataVersion();

    /** A broker with its own connection, closed by {@link #close()} (the official client takes ~3 s to stop). */
    FakeBroker(String namesrvAddr, String brokerName, String brokerAddr, long brokerId) {
        this(startClient(), true, namesrvAddr, brokerName, brokerAddr, brokerId);
    }

    /** A broker speaking over a shared client, which {@link #close()} leaves open. */
    FakeBroker(NettyRemotingClient client, String namesrvAddr, String brokerName, String brokerAddr, long brokerId) {
        this(client, false, namesrvAddr, brokerName, brokerAddr, brokerId);
    }

    private FakeBroker(NettyRemotingClient client, boolean ownsClient, String namesrvAddr, String brokerName,
                       String brokerAddr, long brokerId) {
        this.client = client;
        this.ownsClient = ownsClient;
        this.namesrvAddr = namesrvAddr;
        this.brokerName = brokerName;
        this.brokerAddr = brokerAddr;
        this.brokerId = brokerId;
    }

    static NettyRemotingClient startClient() {
        NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig());
        client.start();
        return client;
    }

    FakeBroker topic(String name, int queues, int perm) {
        topics.put(name, new TopicConfig(name, queues, queues, perm));
        dataVersion.nextVersion();
        return this;
    }

    /** A copy of the DataVersion this broker registers. */
    DataVersion dataVersion() {
        DataVersion copy = new DataVersion();
        copy.assignNewOne(dataVersion);
        return copy;
    }

    byte[] body(boolean compressed) {
        TopicConfigAndMappingSerializeWrapper wrapper = new TopicConfigAndMappingSerializeWrapper();
        wrapper.setTopicConfigTable(topics);
        wrapper.setDataVersion(dataVersion());
        RegisterBrokerBody body = new RegisterBrokerBody();
        body.setTopicConfigSerializeWrapper(wrapper);
        body.setFilterServerList(new ArrayList<>());
        return body.encode(compressed);
    }

    RegisterBrokerRequestHeader header(boolean compressed, byte[] body) {
        RegisterBrokerRequestHeader header = new RegisterBrokerRequestHeader();
        header.setBrokerName(brokerName);
        header.setBrokerAddr(brokerAddr);
        header.setClusterName(CLUSTER);
        header.setHaServerAddr(brokerAddr.replaceAll(":\\d+$", ":10912"));
        header.setBrokerId(brokerId);
        header.setEnableActingMaster(false);
        header.setCompressed(compressed);
        header.setBodyCrc32(UtilAll.crc32(body));
        return header;
    }

    RemotingCommand register() throws Exception {
        return register(false);
    }

    RemotingCommand register(boolean compressed) throws Exception {
        byte[] body = body(compressed);
        return send(RemotingCommand.createRequestCommand(RequestCode.REGISTER_BROKER, header(compressed, body)),
                body);
    }

    RemotingCommand unregister() throws Exception {
        UnRegisterBrokerRequestHeader header = new UnRegisterBrokerRequestHeader();
        header.setBrokerName(brokerName);
        header.setBrokerAddr(brokerAddr);
        header.setClusterName(CLUSTER);
        header.setBrokerId(brokerId);
        return send(RemotingCommand.createRequestCommand(RequestCode.UNREGISTER_BROKER, header), null);
    }

    RemotingCommand send(RemotingCommand request, byte[] body) throws Exception {
        request.setBody(body);
        return client.invokeSync(namesrvAddr, request, 3000);
    }

    @Override
    public void close() {
        if (ownsClient) {
            client.shutdown();
        }
    }
}
