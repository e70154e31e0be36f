package dev.apogee.broker.pop;

import java.util.concurrent.ExecutorService;
import java.util.function.LongSupplier;

/**
 * What the processors that hold a request until there is something to pop (POP_MESSAGE, NOTIFICATION) work with.
 *
 * @param executor the pop executor: a woken or timed-out request is re-run (or answered) there
 */
record PollingParts(PopChecks checks, PopService pops, PopLongPolling polling, ExecutorService executor,
                    LongSupplier clock) {
}
