package dev.apogee.client.route;

import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.QueueData;
import dev.apogee.remoting.protocol.body.TopicRouteData;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TopicRouteInfoTest {
    private static TopicRouteData route() {
        String json = "{\"brokerDatas\":[{\"brokerAddrs\":{\"0\":\"127.0.0.1:10911\"},\"brokerName\":\"b\",\"cluster\":\"C\"},"
                + "{\"brokerAddrs\":{0:\"127.0.0.1:10921\"},\"brokerName\":\"a\",\"cluster\":\"C\"},"
                + "{\"brokerAddrs\":{1:\"127.0.0.1:10931\"},\"brokerName\":\"slaveonly\",\"cluster\":\"C\"}],"
                + "\"queueDatas\":[{\"brokerName\":\"b\",\"perm\":6,\"readQueueNums\":2,\"writeQueueNums\":1},"
                + "{\"brokerName\":\"a\",\"perm\":4,\"readQueueNums\":1,\"writeQueueNums\":1},"
                + "{\"brokerName\":\"slaveonly\",\"perm\":6,\"readQueueNums\":1,\"writeQueueNums\":1}]}";
        return TopicRouteData.decode(json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void publishNeedsWritePermAndMasterSubscribeNeedsReadPerm() {
        TopicRouteInfo info = TopicRouteInfo.of("T", route());
        assertEquals(List.of(new MessageQueue("T", "b", 0)), info.publishQueues());
        assertEquals(List.of(new MessageQueue("T", "a", 0), new MessageQueue("T", "b", 0),
                new MessageQueue("T", "b", 1), new MessageQueue("T", "slaveonly", 0)), info.subscribeQueues());
        assertEquals("127.0.0.1:10921", info.masterAddress("a"));
    }

    @Test
    void defaultTopicRouteIsCappedAndOrderConfWins() {
        TopicRouteData tbw = new TopicRouteData();
        tbw.getBrokerDatas().add(new BrokerData("C", "a", new java.util.HashMap<>(Map.of(0L, "x:1"))));
        tbw.getQueueDatas().add(new QueueData("a", 8, 8, 7, 0));
        assertEquals(4, TopicRouteInfo.fromDefault("New", tbw, 4).publishQueues().size());
        tbw.setOrderTopicConf("a:2;z:1");
        assertEquals(List.of(new MessageQueue("O", "a", 0), new MessageQueue("O", "a", 1), new MessageQueue("O", "z", 0)),
                TopicRouteInfo.of("O", tbw).publishQueues());
    }
}
