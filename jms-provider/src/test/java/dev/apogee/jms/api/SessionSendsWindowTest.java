package dev.apogee.jms.api;

import dev.apogee.jms.message.WireMessage;
import dev.apogee.jms.provider.Provider;
import dev.apogee.jms.provider.SendMode;
import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The session's window of asynchronous sends, against a scripted provider whose send futures the test completes:
 * bounded (a full window blocks the sender until the oldest is answered), callbacks in send order whatever order the
 * answers come in, a failure to its own listener, and one send at a time where the broker does not keep order.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SessionSendsWindowTest {
    private final List<CompletableFuture<Void>> sends = new CopyOnWriteArrayList<>();
    private final List<SendMode> modes = new CopyOnWriteArrayList<>();
    private final List<String> callbacks = new CopyOnWriteArrayList<>();
    private SessionSends sessionSends;

    private SessionSends sessionSends(int window) {
        Provider provider = (Provider) Proxy.newProxyInstance(Provider.class.getClassLoader(),
                new Class<?>[] {Provider.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "asyncSendWindow" -> window;
                    case "send" -> {
                        CompletableFuture<Void> f = new CompletableFuture<>();
                        modes.add((SendMode) args[1]);
                        sends.add(f);
                        yield f;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        sessionSends = new SessionSends(provider, 0, dev.apogee.jms.metrics.ClientMeters.NONE);
        return sessionSends;
    }

    @AfterEach
    void shutdown() {
        sends.forEach(f -> f.complete(null));
        if (sessionSends != null) {
            sessionSends.shutdown();
        }
    }

    private static WireMessage wire(String text) {
        return new WireMessage("T", null, null, text.getBytes(), Map.of(), 0, 0);
    }

    private CompletionListener listener(String name) {
        return new CompletionListener() {
            @Override
            public void onCompletion(Message message) {
                callbacks.add(name + " ok");
            }

            @Override
            public void onException(Message message, Exception exception) {
                callbacks.add(name + " failed");
            }
        };
    }

    @Test
    void aFullWindowBlocksTheSenderUntilTheOldestIsAnswered() throws Exception {
        SessionSends s = sessionSends(3);
        for (int i = 0; i < 3; i++) {
            s.sendNow(wire("m" + i), DeliveryMode.PERSISTENT, 0, null, listener("m" + i));
        }
        assertEquals(3, sends.size(), "three sends in flight without waiting");
        Thread sender = new Thread(() -> {
            try {
                s.sendNow(wire("m3"), DeliveryMode.PERSISTENT, 0, null, listener("m3"));
            } catch (Exception e) {
                callbacks.add("sender " + e);
            }
        });
        sender.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> sender.getState() == Thread.State.TIMED_WAITING);
        assertEquals(3, sends.size(), "the fourth send waits while the window is full");
        sends.get(0).complete(null);
        sender.join(10_000);
        assertEquals(4, sends.size());
        sends.forEach(f -> f.complete(null));
        await().atMost(Duration.ofSeconds(10)).until(() -> callbacks.size() == 4);
        assertEquals(List.of("m0 ok", "m1 ok", "m2 ok", "m3 ok"), callbacks);
    }

    @Test
    void callbacksRunInSendOrderAndAFailureGoesToItsOwnListener() throws Exception {
        SessionSends s = sessionSends(100);
        for (int i = 0; i < 4; i++) {
            s.sendNow(wire("m" + i), DeliveryMode.PERSISTENT, 0, null, listener("m" + i));
        }
        // sync and oneway sends do not wait for the asynchronous ones where the broker keeps order
        CompletableFuture<Void> syncDone = CompletableFuture.runAsync(() -> {
            try {
                s.sendNow(wire("sync"), DeliveryMode.NON_PERSISTENT, 0, null, null);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> sends.size() == 5);
        assertEquals(SendMode.ONEWAY, modes.get(4));
        sends.get(4).complete(null);
        syncDone.get(10, TimeUnit.SECONDS);
        sends.get(3).complete(null);
        sends.get(1).completeExceptionally(new IllegalStateException("refused"));
        sends.get(2).complete(null);
        sends.get(0).complete(null);
        await().atMost(Duration.ofSeconds(10)).until(() -> callbacks.size() == 4);
        assertEquals(List.of("m0 ok", "m1 failed", "m2 ok", "m3 ok"), callbacks);
    }

    @Test
    void withoutOrderingBrokersEverySendWaitsForThePreviousAsynchronousOne() throws Exception {
        SessionSends s = sessionSends(1);
        s.sendNow(wire("a0"), DeliveryMode.PERSISTENT, 0, null, listener("a0"));
        Thread sender = new Thread(() -> {
            try {
                s.sendNow(wire("oneway"), DeliveryMode.NON_PERSISTENT, 0, null, null);
            } catch (Exception e) {
                callbacks.add("sender " + e);
            }
        });
        sender.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> sender.getState() == Thread.State.TIMED_WAITING);
        assertEquals(1, sends.size(), "the oneway send waits for the asynchronous one before it");
        sends.get(0).complete(null);
        await().atMost(Duration.ofSeconds(10)).until(() -> sends.size() == 2);
        sends.get(1).complete(null);
        sender.join(10_000);
        assertEquals(List.of(SendMode.ASYNC, SendMode.ONEWAY), modes);
    }
}
