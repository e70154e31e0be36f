package dev.apogee.client.rebalance;

import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.body.ConsumerIdList;

import java.util.ArrayList;
import java.util.List;

/** GET_CONSUMER_LIST_BY_GROUP: the client ids of a group's live consumers, as a broker knows them from heartbeats. */
public final class GroupMembers {
    private final Rpc rpc;
    private final long timeoutMillis;

    public GroupMembers(Rpc rpc, long timeoutMillis) {
        this.rpc = rpc;
        this.timeoutMillis = timeoutMillis;
    }

    /** The sorted client ids; throws when the broker has none or cannot answer. */
    public List<String> consumerIds(String brokerAddress, String group) throws MQClientException, InterruptedException {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.GET_CONSUMER_LIST_BY_GROUP);
        request.putExtField("consumerGroup", group);
        RemotingCommand response = rpc.callOk(brokerAddress, request, timeoutMillis);
        try {
            List<String> ids = new ArrayList<>(ConsumerIdList.decode(response.body()).getConsumerIdList());
            ids.sort(null);
            return ids;
        } catch (JsonException | NullPointerException e) {
            throw new MQClientException(MQClientException.ILLEGAL_STATE, "unparsable consumer id list from "
                    + brokerAddress, e);
        }
    }
}
