package dev.apogee.remoting.netty;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An unsupported request code is answered REQUEST_CODE_NOT_SUPPORTED every time and logged once per code. */
class UnsupportedCodeLogTest {
    @Test
    void eachUnsupportedCodeIsAnsweredEveryTimeAndLoggedOnce() throws Exception {
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger dispatcher = (Logger) LoggerFactory.getLogger(RequestDispatcher.class);
        dispatcher.addAppender(log);
        NettyRemotingServer server = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1"));
        NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig());
        try {
            server.start();
            client.start();
            String address = "127.0.0.1:" + server.localPort();
            for (int code : new int[] {7001, 7001, 7002, 7001, 7002}) {
                RemotingCommand response = client.invokeSync(address, RemotingCommand.createRequest(code), 10_000);
                assertEquals(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, response.code(), "code " + code);
                assertTrue(response.remark().contains("request type " + code + " not supported"), response.remark());
            }
            List<String> warnings = log.list.stream().filter(e -> e.getLevel() == Level.WARN)
                    .map(ILoggingEvent::getFormattedMessage).toList();
            assertEquals(2, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).contains("request code 7001 from 127.0.0.1:"), warnings.get(0));
            assertTrue(warnings.get(1).contains("request code 7002 from 127.0.0.1:"), warnings.get(1));
        } finally {
            dispatcher.detachAppender(log);
            client.shutdown();
            server.shutdown();
        }
    }
}
