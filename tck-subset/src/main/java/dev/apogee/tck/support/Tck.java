package dev.apogee.tck.support;

import dev.apogee.tck.spi.TckEnvironment;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one environment of this test JVM: loaded with {@link ServiceLoader} and started on first use, stopped by a
 * shutdown hook (the broker must outlive every test class, and JUnit has no "after all classes" callback without a
 * launcher listener).
 */
public final class Tck {
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static final Deque<AutoCloseable> AT_EXIT = new ArrayDeque<>();

    private Tck() {
    }

    /** The started environment. */
    public static TckEnvironment env() {
        return Holder.ENV;
    }

    /** A destination or subscription name unique in this run: letters, digits and '_' only (portable). */
    public static String uniqueName(String prefix) {
        return prefix + "_" + Long.toString(System.nanoTime() % 1_000_000_000L, 36) + "_" + SEQ.incrementAndGet();
    }

    /** Closed at JVM exit, before the environment stops (for resources shared across test classes). */
    public static void closeAtExit(AutoCloseable resource) {
        synchronized (AT_EXIT) {
            AT_EXIT.push(resource);
        }
    }

    private static void closeShared() {
        synchronized (AT_EXIT) {
            while (!AT_EXIT.isEmpty()) {
                try {
                    AT_EXIT.pop().close();
                } catch (Exception ignored) {
                    // best effort at exit: the broker goes down next anyway
                }
            }
        }
    }

    private static final class Holder {
        static final TckEnvironment ENV = startEnvironment();

        private static TckEnvironment startEnvironment() {
            TckEnvironment env = ServiceLoader.load(TckEnvironment.class).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no dev.apogee.tck.spi.TckEnvironment bound"));
            try {
                env.start();
            } catch (Exception e) {
                throw new IllegalStateException("the provider's environment did not start", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                closeShared();
                try {
                    env.stop();
                } catch (Exception ignored) {
                    // the JVM is exiting; the temporary store is the environment's to clean
                }
            }, "tck-environment-stop"));
            return env;
        }
    }
}
