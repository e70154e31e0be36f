package dev.apogee.client.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.client.message.MessageExt;
import dev.apogee.remoting.protocol.pop.ReceiptHandle;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Operations on one message's receipt handle run one after the other, each with the handle the previous left. */
class PoppedMessageTest {
    private static final ReceiptHandle FIRST = new ReceiptHandle(5, 1_000, 30_000, 3, "0", "broker-a", 1, 7);
    private static final ReceiptHandle SECOND = new ReceiptHandle(7, 2_000, 30_000, 3, "0", "broker-a", 1, 7);

    private static PoppedMessage message() {
        return new PoppedMessage(new MessageExt(), "g", "t", FIRST, 100);
    }

    @Test
    void anOperationWaitsForTheOneBeforeAndUsesItsNewHandle() throws Exception {
        PoppedMessage message = message();
        CompletableFuture<ReceiptHandle> change = new CompletableFuture<>();
        CompletableFuture<ReceiptHandle> renewal = message.withHandle(handle -> change, 30_000, 500, false);
        CompletableFuture<ReceiptHandle> usedByAck = new CompletableFuture<>();
        CompletableFuture<ReceiptHandle> ack = message.withHandle(handle -> {
            usedByAck.complete(handle);
            return CompletableFuture.completedFuture(null);
        }, 0, 600, true);
        assertFalse(usedByAck.isDone(), "the ack waits for the renewal in flight");
        assertEquals(FIRST, message.handle());

        change.complete(SECOND);
        assertEquals(SECOND, renewal.get(5, TimeUnit.SECONDS));
        assertEquals(SECOND, usedByAck.get(5, TimeUnit.SECONDS));
        ack.get(5, TimeUnit.SECONDS);
        assertEquals(30_500, message.localDeadline());
        assertTrue(message.isDone());
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> message.withHandle(CompletableFuture::completedFuture, 1_000, 700, false).get());
        assertTrue(e.getCause() instanceof IllegalStateException);
    }

    @Test
    void aFailedChangeKeepsTheHandleAndLetsTheNextOperationRun() throws Exception {
        PoppedMessage message = message();
        CompletableFuture<ReceiptHandle> failed = message.withHandle(
                handle -> CompletableFuture.failedFuture(new IllegalStateException("broker down")), 30_000, 500, false);
        assertTrue(failed.isCompletedExceptionally());
        assertEquals(FIRST, message.handle());
        assertEquals(FIRST, message.seal().get(5, TimeUnit.SECONDS));
        assertTrue(message.seal().isCompletedExceptionally(), "sealed once");
        assertEquals(30_100, message.localDeadline());
    }

    @Test
    void stoppingTheRenewalWaitsForTheRenewalInFlightAndRefusesLaterOnes() throws Exception {
        PoppedMessage message = message();
        CompletableFuture<ReceiptHandle> change = new CompletableFuture<>();
        CompletableFuture<ReceiptHandle> renewal = message.renewal(handle -> change, 30_000, 500);
        CompletableFuture<ReceiptHandle> stopped = message.stopRenewal();
        assertFalse(stopped.isDone(), "the branch must not take the handle the renewal in flight spends");
        change.complete(SECOND);
        assertEquals(SECOND, renewal.get(5, TimeUnit.SECONDS));
        assertEquals(SECOND, stopped.get(5, TimeUnit.SECONDS), "the newest handle");
        assertTrue(message.renewalOver());
        boolean[] sent = new boolean[1];
        CompletableFuture<ReceiptHandle> late = message.renewal(handle -> {
            sent[0] = true;
            return CompletableFuture.completedFuture(FIRST);
        }, 30_000, 900);
        assertEquals(null, late.get(5, TimeUnit.SECONDS));
        assertFalse(sent[0], "no renewal after the stop");
        assertFalse(message.isDone(), "still to be acked or released");
        assertEquals(SECOND, message.seal().get(5, TimeUnit.SECONDS));
    }

    @Test
    void aDoneMessageIsNotRenewed() throws Exception {
        PoppedMessage message = message();
        message.seal().get(5, TimeUnit.SECONDS);
        assertTrue(message.renewalOver());
        assertEquals(null, message.renewal(handle -> CompletableFuture.failedFuture(new AssertionError("sent")),
                30_000, 500).get(5, TimeUnit.SECONDS));
    }
}
