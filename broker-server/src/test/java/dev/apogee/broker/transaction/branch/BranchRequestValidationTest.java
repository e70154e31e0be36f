package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.fixture.BrokerFixture;
import dev.apogee.remoting.netty.NettyClientConfig;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BranchIdList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Malformed branch requests get a clear error code and message, never a hang or a success. */
class BranchRequestValidationTest {
    @TempDir
    static Path dir;
    static BrokerFixture servers;
    static NettyRemotingClient client;

    @BeforeAll
    static void start() throws Exception {
        servers = BrokerFixture.start(dir, c -> { });
        client = new NettyRemotingClient(new NettyClientConfig().setName("branch-validation"));
        client.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) {
            client.shutdown();
        }
        if (servers != null) {
            servers.close();
        }
    }

    @Test
    void malformedIdsAndBodiesAreRefusedAsInvalid() throws Exception {
        assertInvalid(RemotingCommand.createRequest(RequestCode.BRANCH_COMMIT));
        assertInvalid(RemotingCommand.createRequest(RequestCode.BRANCH_COMMIT).putExtField("branchId", "a b"));
        assertInvalid(RemotingCommand.createRequest(RequestCode.BRANCH_PREPARE).putExtField("branchId", "L:1")
                .putExtField("onePhase", "false").body("{\"halves\":[".getBytes(StandardCharsets.UTF_8)));
        assertInvalid(RemotingCommand.createRequest(RequestCode.BRANCH_PREPARE).putExtField("branchId", "L:2")
                .putExtField("onePhase", "false").body("{\"acks\":[{\"group\":\"g\",\"queueId\":0,\"nextOffset\":1}]}"
                        .getBytes(StandardCharsets.UTF_8)));
        assertInvalid(RemotingCommand.createRequest(RequestCode.BRANCH_ROLLBACK).putExtField("branchId", "L:3")
                .body("[]".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void unknownBranchesAndEmptyRecovery() throws Exception {
        RemotingCommand forget = call(RemotingCommand.createRequest(RequestCode.BRANCH_FORGET)
                .putExtField("branchId", "L:never"));
        assertEquals(ResponseCode.BRANCH_UNKNOWN, forget.code());
        RemotingCommand rollback = call(RemotingCommand.createRequest(RequestCode.BRANCH_ROLLBACK)
                .putExtField("branchId", "L:never"));
        assertEquals(ResponseCode.SUCCESS, rollback.code());
        RemotingCommand recover = call(RemotingCommand.createRequest(RequestCode.BRANCH_RECOVER));
        assertEquals(ResponseCode.SUCCESS, recover.code());
        assertEquals(List.of(), BranchIdList.decode(recover.body()).branchIds());
    }

    private static void assertInvalid(RemotingCommand request) throws Exception {
        RemotingCommand response = call(request);
        assertEquals(ResponseCode.BRANCH_INVALID, response.code(), response.remark());
        assertEquals(true, response.remark() != null && !response.remark().isBlank());
    }

    private static RemotingCommand call(RemotingCommand request) throws Exception {
        return client.invokeSync(servers.brokerAddress(), request, 5_000);
    }
}
