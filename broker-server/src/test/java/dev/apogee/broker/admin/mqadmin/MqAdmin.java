package dev.apogee.broker.admin.mqadmin;

import org.apache.rocketmq.tools.command.MQAdminStartup;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs the official mqadmin — {@code MQAdminStartup} of rocketmq-tools 5.3.3, exactly what {@code bin/mqadmin}
 * runs — in this JVM against a name server, and returns everything it printed (stdout and stderr: a failing command
 * prints its stack trace and still "succeeds", so tests read the output). Runs one command at a time (the console
 * is redirected while it runs) on a helper thread, bounded so that a hung command fails the test.
 */
final class MqAdmin {
    private static final long COMMAND_TIMEOUT_SECONDS = 90;
    private static final Object CONSOLE = new Object();

    private final String namesrv;

    MqAdmin(String namesrv) {
        this.namesrv = namesrv;
    }

    /** Runs {@code mqadmin <command> <args> -n <namesrv>} and returns its output. */
    String run(String command, String... args) throws Exception {
        String[] full = new String[args.length + 3];
        full[0] = command;
        System.arraycopy(args, 0, full, 1, args.length);
        full[args.length + 1] = "-n";
        full[args.length + 2] = namesrv;
        synchronized (CONSOLE) {
            PrintStream out = System.out;
            PrintStream err = System.err;
            ByteArrayOutputStream printed = new ByteArrayOutputStream();
            PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8);
            ExecutorService runner = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "mqadmin-" + command);
                t.setDaemon(true);
                return t;
            });
            System.setOut(capture);
            System.setErr(capture);
            try {
                Future<?> done = runner.submit(() -> MQAdminStartup.main(full));
                done.get(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } finally {
                System.setOut(out);
                System.setErr(err);
                runner.shutdownNow();
            }
            String output = printed.toString(StandardCharsets.UTF_8);
            out.println("mqadmin " + String.join(" ", Arrays.asList(full)) + "\n" + output);
            return output;
        }
    }

    /** Runs the command and checks that it failed in none of the ways mqadmin reports (it exits 0 either way). */
    String ok(String command, String... args) throws Exception {
        String output = run(command, args);
        assertTrue(!output.contains("command failed") && !output.contains("\tat org.apache.rocketmq.tools")
                && !output.contains("not supported"), () -> "mqadmin " + command + " failed:\n" + output);
        return output;
    }

    /** The first group of {@code regex} in {@code output}; fails naming both when it does not match. */
    static String find(String output, String regex) {
        Matcher m = Pattern.compile(regex, Pattern.MULTILINE).matcher(output);
        if (!m.find()) {
            fail("no match for /" + regex + "/ in:\n" + output);
        }
        return m.group(1);
    }
}
