package dev.apogee.broker.admin;

import dev.apogee.broker.client.ClientChannelInfo;
import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.remoting.exception.RemotingTimeoutException;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.RemotingResponder;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;

import java.util.HashMap;
import java.util.concurrent.CompletionException;

/**
 * GET_CONSUMER_RUNNING_INFO (307, mqadmin consumerStatus, consumerProgress -s): the broker asks the named consumer
 * over its own connection and relays the answer (a ConsumerRunningInfo body the client builds) unchanged. The admin
 * thread is not held while the client answers: the relay completes on the remoting callback thread. A client not
 * connected here is answered SYSTEM_ERROR, one that does not answer within {@value #CLIENT_TIMEOUT_MILLIS} ms
 * CONSUME_MSG_TIMEOUT, as the official broker does.
 */
public final class GetConsumerRunningInfoProcessor implements RequestProcessor {
    static final long CLIENT_TIMEOUT_MILLIS = 10_000;

    private final ConsumerRegistry consumers;
    private final NettyRemotingServer server;

    public GetConsumerRunningInfoProcessor(ConsumerRegistry consumers, NettyRemotingServer server) {
        this.consumers = consumers;
        this.server = server;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields h = request.header();
        String group = h.requireString("consumerGroup");
        String clientId = h.requireString("clientId");
        ClientChannelInfo client = find(group, clientId);
        if (client == null) {
            return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                    String.format("The Consumer <%s> <%s> not online", group, clientId));
        }
        RemotingCommand ask = RemotingCommand.createRequest(RequestCode.GET_CONSUMER_RUNNING_INFO)
                .extFields(new HashMap<>(request.extFields()));
        if (request.body() != null) {
            ask.body(request.body());
        }
        server.invokeAsync(client.channel(), ask, CLIENT_TIMEOUT_MILLIS).whenComplete((answer, error) ->
                RemotingResponder.respond(channel, request, relay(request, answer, error, group, clientId)));
        return null;
    }

    private ClientChannelInfo find(String group, String clientId) {
        ConsumerGroupInfo info = consumers.group(group);
        if (info == null) {
            return null;
        }
        for (ClientChannelInfo client : info.channels()) {
            if (client.clientId().equals(clientId)) {
                return client;
            }
        }
        return null;
    }

    private static RemotingCommand relay(RemotingCommand request, RemotingCommand answer, Throwable error,
            String group, String clientId) {
        if (error == null) {
            RemotingCommand response = RemotingCommand.createResponse(request, answer.code(), answer.remark());
            return answer.body() == null ? response : response.body(answer.body());
        }
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof RemotingTimeoutException) {
            return RemotingCommand.createResponse(request, ResponseCode.CONSUME_MSG_TIMEOUT,
                    String.format("consumer <%s> <%s> Timeout: %s", group, clientId, cause));
        }
        return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                String.format("invoke consumer <%s> <%s> Exception: %s", group, clientId, cause));
    }
}
