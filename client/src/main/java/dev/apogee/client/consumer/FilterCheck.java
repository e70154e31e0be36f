package dev.apogee.client.consumer;

import dev.apogee.client.MQBrokerException;
import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.client.route.RouteTable;
import dev.apogee.client.route.TopicRouteInfo;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.body.CheckClientRequestBody;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.SubscriptionData;

import java.util.Collection;

/**
 * CHECK_CLIENT_CONFIG for every non-TAG (SQL92) subscription at consumer start: a broker that cannot filter by
 * SQL92, or cannot compile the expression, makes {@code start()} fail with its answer, as with the official client.
 */
final class FilterCheck {
    private final Rpc rpc;
    private final RouteTable routes;
    private final String clientId;
    private final String group;

    FilterCheck(Rpc rpc, RouteTable routes, String clientId, String group) {
        this.rpc = rpc;
        this.routes = routes;
        this.clientId = clientId;
        this.group = group;
    }

    void check(Collection<SubscriptionData> subscriptions) throws MQClientException, InterruptedException {
        for (SubscriptionData subscription : subscriptions) {
            if (ExpressionType.isTagType(subscription.getExpressionType())) {
                continue;
            }
            TopicRouteInfo route = routes.get(subscription.getTopic());
            if (route == null || route.brokers().isEmpty()) {
                continue;
            }
            String address = route.masterAddress(route.brokers().keySet().iterator().next());
            CheckClientRequestBody body = new CheckClientRequestBody();
            body.setClientId(clientId);
            body.setGroup(group);
            body.setSubscriptionData(subscription);
            RemotingCommand request = RemotingCommand.createRequest(RequestCode.CHECK_CLIENT_CONFIG)
                    .body(body.encode());
            RemotingCommand response = rpc.call(address, request, 3_000);
            if (response.code() != 0) {
                throw new MQBrokerException(response.code(), response.remark(), address);
            }
        }
    }
}
