package dev.apogee.broker.acl;

import dev.apogee.remoting.netty.NamedThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Keeps the {@link AclAuthorizer} in step with the ACL file: thread {@code apogee-acl-watch} reads the file every
 * {@code intervalMillis} and, when its bytes changed (a digest, so no mtime granularity issues) and it parses, swaps
 * in the new rules: {@code ACL-RELOADED}. A file that fails to parse or disappears leaves the previous rules in force
 * ({@code ACL-RELOAD-FAILED}, once per distinct content). Life cycle: {@link #open} (fails when the first read
 * fails), {@link #start()}, {@link #shutdown()}.
 */
public final class AclFileWatchService {
    private static final Logger LOG = LoggerFactory.getLogger(AclFileWatchService.class);

    private final Path file;
    private final long intervalMillis;
    private final AclAuthorizer authorizer;
    private final ScheduledExecutorService thread;
    /** Digest of the content last applied or last rejected; touched only by the watch thread after start. */
    private byte[] lastDigest;

    private AclFileWatchService(Path file, long intervalMillis, AclAuthorizer authorizer, byte[] digest) {
        this.file = file;
        this.intervalMillis = intervalMillis;
        this.authorizer = authorizer;
        this.lastDigest = digest;
        this.thread = Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("apogee-acl-watch", true));
    }

    /** Reads and checks the file once; an unreadable or invalid file fails the broker's start. */
    public static AclFileWatchService open(Path file, long intervalMillis, LongSupplier clock) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        AclConfig rules = AclConfig.load(file);
        LOG.info("ACL-LOADED {} accounts, {} global white addresses from {}", rules.accounts().size(),
                rules.globalWhiteAddresses().size(), file);
        return new AclFileWatchService(file, intervalMillis, new AclAuthorizer(rules, clock), digest(bytes));
    }

    public AclAuthorizer authorizer() {
        return authorizer;
    }

    public void start() {
        thread.scheduleWithFixedDelay(this::pollSafely, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    public void shutdown() {
        thread.shutdownNow();
    }

    private void pollSafely() {
        try {
            reloadIfChanged();
        } catch (Throwable t) {
            LOG.error("ACL-RELOAD-FAILED checking {} failed; keeping the previous rules", file, t);
        }
    }

    /** One poll: true when new rules were applied. */
    boolean reloadIfChanged() {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            byte[] missing = new byte[0];
            if (!Arrays.equals(missing, lastDigest)) {
                lastDigest = missing;
                LOG.error("ACL-RELOAD-FAILED cannot read {} ({}); keeping the previous rules", file, e.toString());
            }
            return false;
        }
        byte[] digest = digest(bytes);
        if (Arrays.equals(digest, lastDigest)) {
            return false;
        }
        lastDigest = digest;
        AclConfig rules;
        try {
            rules = AclConfig.parse(new String(bytes, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            LOG.error("ACL-RELOAD-FAILED {} is invalid, keeping the previous rules: {}", file, e.getMessage());
            return false;
        }
        authorizer.update(rules);
        LOG.info("ACL-RELOADED {} accounts, {} global white addresses from {}", rules.accounts().size(),
                rules.globalWhiteAddresses().size(), file);
        return true;
    }

    private static byte[] digest(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
