package dev.apogee.standalone.admin;

import dev.apogee.client.MQClientException;
import dev.apogee.store.check.StoreCheck;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code bin/apogee-admin}: what the official {@code mqadmin} lacks — JMS queues and subscriptions by their JMS
 * names with backlog and consumers, dead-letter browsing and re-sending, and an offline store check. Every failure
 * is one line on stderr (no stack trace) and a non-zero exit code: 1 when the command failed (store-check: when it
 * found defects), 2 for a command line it cannot run.
 */
public final class ApogeeAdmin {
    static {
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "apogee-admin-logback.xml");
        }
    }

    static final String DEFAULT_NAMESRV = "127.0.0.1:9876";

    private ApogeeAdmin() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, System.getenv(), System.console() != null));
    }

    /**
     * Runs one command; returns its exit code.
     *
     * @param env      environment ({@code NAMESRV_ADDR}, {@code APOGEE_ACCESS_KEY}, {@code APOGEE_SECRET_KEY})
     * @param terminal whether {@code out} is a terminal (store-check draws a progress bar, else prints lines)
     */
    public static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env, boolean terminal) {
        CommandLine line;
        try {
            line = CommandLine.parse(args);
        } catch (UsageException e) {
            err.println("apogee-admin: " + e.getMessage() + " (apogee-admin --help lists commands and options)");
            return 2;
        }
        try {
            return execute(line, out, env, terminal);
        } catch (UsageException e) {
            err.println("apogee-admin: " + e.getMessage());
            return 2;
        } catch (StoreCheck.StoreInUseException e) {
            err.println("apogee-admin: " + e.getMessage());
            return 1;
        } catch (MQClientException | IOException e) {
            err.println("apogee-admin: " + line.command.word + " failed: " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("apogee-admin: interrupted");
            return 1;
        } catch (RuntimeException e) {
            err.println("apogee-admin: " + line.command.word + " failed: " + e);
            return 1;
        }
    }

    private static int execute(CommandLine line, PrintStream out, Map<String, String> env, boolean terminal)
            throws UsageException, MQClientException, IOException, InterruptedException {
        switch (line.command) {
            case HELP -> {
                out.print(Usage.text());
                return 0;
            }
            case STORE_CHECK -> {
                if (!line.has("-d")) {
                    throw new UsageException("'store-check' needs -d STORE_DIR (the broker's storePathRootDir)");
                }
                return new StoreCheckCommand(out, terminal).run(Path.of(line.value("-d")));
            }
            default -> {
                return online(line, out, env);
            }
        }
    }

    /** The commands that talk to the name server and brokers. */
    private static int online(CommandLine line, PrintStream out, Map<String, String> env)
            throws UsageException, MQClientException, InterruptedException {
        String namesrv = line.value("-n", env.getOrDefault("NAMESRV_ADDR", DEFAULT_NAMESRV));
        String accessKey = line.value("-a", env.get("APOGEE_ACCESS_KEY"));
        String secretKey = line.value("-s", env.get("APOGEE_SECRET_KEY"));
        String queue = line.has("-q") ? line.value("-q") : null;
        // check the whole command line before connecting
        String group = line.command == Command.DLQ_LIST || line.command == Command.DLQ_RESEND
                ? DeadLetters.group(line) : null;
        String id = null;
        if (line.command == Command.DLQ_RESEND) {
            if (line.has("-i") == line.has("--all")) {
                throw new UsageException("'dlq-resend' needs exactly one of -i ID and --all");
            }
            id = line.value("-i");
        }
        int max = line.number("-m", 100, 1, 100_000);
        int bodyBytes = line.number("-b", 200, 0, 1 << 20);
        String topic = line.has("-t") ? JmsViews.encode(line.value("-t")) : null;
        try (BrokerAccess access = new BrokerAccess(namesrv, accessKey, secretKey)) {
            return switch (line.command) {
                case QUEUES -> new JmsViews(access, out).queues(queue);
                case SUBSCRIPTIONS -> new JmsViews(access, out).subscriptions(line.value("-t"));
                case DLQ_LIST -> new DeadLetters(access, out).list(group, max, bodyBytes);
                case DLQ_RESEND -> new DeadLetters(access, out).resend(group, id, topic);
                default -> throw new IllegalStateException("not an online command: " + line.command);
            };
        }
    }
}
