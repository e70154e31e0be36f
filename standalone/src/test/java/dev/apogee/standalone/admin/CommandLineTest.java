package dev.apogee.standalone.admin;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** apogee-admin's command line: help lists everything, a bad one is one line on stderr and exit code 2. */
class CommandLineTest {
    @Test
    void helpListsEveryCommandAndOption() {
        for (String[] args : new String[][] {{"--help"}, {"-h"}, {"help"}, {"queues", "--help"}}) {
            AdminServer.Run run = AdminServer.run(false, args);
            assertEquals(0, run.exitCode(), run.toString());
            for (Command c : Command.values()) {
                assertTrue(run.out().contains("  " + c.word + " "), c.word + " in help: " + run);
                assertTrue(run.out().contains(c.synopsis), c.synopsis + " in help: " + run);
            }
            for (String option : new String[] {"-n, --namesrv", "-a, --access-key", "-s, --secret-key",
                "-q, --queue", "-t, --topic", "-g, --group", "-i, --id", "--all", "-m, --max", "-b, --body-bytes",
                "-d, --dir", "-h, --help"}) {
                assertTrue(run.out().contains(option), option + " in help: " + run);
            }
            assertEquals("", run.err());
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "frobnicate|unknown command 'frobnicate'",
        "queues -x|unknown option '-x'",
        "queues -g g|option '-g' does not apply to 'queues'",
        "queues -q|option '-q' needs a value",
        "queues -q a -q b|option '-q' given twice",
        "queues subscriptions|unexpected argument 'subscriptions'",
        "dlq-list|'dlq-list' needs exactly one of -g and -q",
        "dlq-list -g a -q b|'dlq-list' needs exactly one of -g and -q",
        "dlq-list -g a -m 0|option '-m' must be a number from 1 to 100000, not '0'",
        "dlq-list -g a -b many|option '-b' must be a number from 0 to 1048576, not 'many'",
        "dlq-resend -g a|'dlq-resend' needs exactly one of -i ID and --all",
        "dlq-resend -g a -i x --all|'dlq-resend' needs exactly one of -i ID and --all",
        "store-check|'store-check' needs -d STORE_DIR",
    })
    void badCommandLineIsOneLineAndExitCodeTwo(String args, String message) {
        // a name server nobody listens on: every one of these must fail before connecting
        AdminServer.Run run = AdminServer.run(false, (args + " -n 127.0.0.1:1").split(" "));
        assertEquals(2, run.exitCode(), run.toString());
        assertEquals(1, run.err().lines().count(), run.toString());
        assertTrue(run.err().startsWith("apogee-admin: " + message), run.toString());
        assertEquals("", run.out());
    }

    @Test
    void noCommandIsOneLineAndExitCodeTwo() {
        AdminServer.Run run = AdminServer.run(false);
        assertEquals(2, run.exitCode(), run.toString());
        assertEquals("apogee-admin: no command given (apogee-admin --help lists commands and options)",
                run.err().strip());
    }

    @Test
    void unreachableNameServerIsOneLineAndExitCodeOne() {
        AdminServer.Run run = AdminServer.run(false, "queues", "-n", "127.0.0.1:1");
        assertEquals(1, run.exitCode(), run.toString());
        assertTrue(run.err().startsWith("apogee-admin: queues failed: "), run.toString());
        assertFalse(run.err().contains("\tat "), "no stack trace: " + run);
    }
}
