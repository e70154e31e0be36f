package dev.apogee.jms.api;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.JMSException;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** Waits for provider futures; their failures are already JMSExceptions (the provider translated them). */
final class Futures {
    private Futures() {
    }

    static <T> T await(CompletableFuture<T> future) throws JMSException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw JmsExceptions.translate(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw JmsExceptions.create(ErrorCode.INTERNAL, "interrupted while waiting for the broker", e);
        }
    }
}
