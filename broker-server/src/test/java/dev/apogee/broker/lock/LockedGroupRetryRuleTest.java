package dev.apogee.broker.lock;

import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.body.MessageQueue;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A %RETRY% send of a group holding orderly locks is marked for the DLQ (maxReconsumeTimes −1); others pass. */
class LockedGroupRetryRuleTest {
    private final QueueLockTable locks = new QueueLockTable(System::currentTimeMillis);
    private final AtomicReference<RemotingCommand> forwarded = new AtomicReference<>();
    private final LockedGroupRetryRule rule = new LockedGroupRetryRule(locks, (channel, request) -> {
        forwarded.set(request);
        return null;
    });
    private final EmbeddedChannel channel = new EmbeddedChannel();

    private RemotingCommand send(int code, String topic) throws Exception {
        RemotingCommand request = RemotingCommand.createRequest(code)
                .putExtField(code == RequestCode.SEND_MESSAGE ? "topic" : "b", topic);
        if (code == RequestCode.SEND_MESSAGE_V2) {
            request.putExtField("l", "16");
        }
        rule.processRequest(channel, request);
        return forwarded.get();
    }

    @Test
    void retrySendOfALockingGroupIsMarkedForTheDlq() throws Exception {
        locks.tryLock("g", Set.of(new MessageQueue("T", "b", 0)), "client", channel);
        assertEquals("-1", send(RequestCode.SEND_MESSAGE_V2, "%RETRY%g").extField("l"));
        assertEquals("-1", send(RequestCode.SEND_MESSAGE, "%RETRY%g").extField("maxReconsumeTimes"));
    }

    @Test
    void otherSendsAreUntouched() throws Exception {
        locks.tryLock("g", Set.of(new MessageQueue("T", "b", 0)), "client", channel);
        assertEquals("16", send(RequestCode.SEND_MESSAGE_V2, "%RETRY%other").extField("l"));
        assertNull(send(RequestCode.SEND_MESSAGE, "T").extField("maxReconsumeTimes"));
    }
}
