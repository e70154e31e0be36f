package dev.apogee.standalone;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --help} and option checking, the same on every script of {@code bin/}: checked by the scripts before any
 * JVM starts, so these runs are quick. The options a script accepts are read from the script itself
 * ({@code VALUE_OPTIONS}, {@code FLAG_OPTIONS}, {@code DAEMON_OPTION}), and its usage lines must name each of them.
 */
class ScriptOptionsTest {
    @TempDir
    Path dir;

    private ScriptRunner runner() {
        return new ScriptRunner(dir, dir.resolve("logs"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mqbroker", "mqnamesrv", "apogee-standalone", "apogee-demo", "mqshutdown"})
    void helpPrintsTheHeaderWithEveryOptionAndExitsZero(String script) throws Exception {
        ScriptRunner runner = runner();
        ScriptRunner.Run help = runner.run("bin/" + script, "--help");
        assertEquals(0, help.exitCode(), help.toString());
        assertEquals("", help.stderr(), help.toString());
        assertEquals(help.stdout(), runner.run("bin/" + script, "-h").stdout(), "-h is --help");
        assertTrue(help.stdout().contains("Usage: bin/" + script + " "), help.stdout());
        String usage = usageLines(help.stdout());
        for (String option : acceptedOptions(runner.home().resolve("bin/" + script))) {
            assertTrue(usage.contains(option), script + " usage lacks " + option + ":\n" + usage);
            assertTrue(help.stdout().contains("\n  " + option) || help.stdout().contains(", " + option),
                    script + " does not explain " + option + ":\n" + help.stdout());
        }
        assertTrue(usage.contains("-h|--help"), usage);
    }

    @ParameterizedTest
    @ValueSource(strings = {"mqbroker", "mqnamesrv", "apogee-standalone", "apogee-demo"})
    void anUnknownOptionIsOneLineAndExitCodeTwo(String script) throws Exception {
        ScriptRunner.Run run = runner().run("bin/" + script, "--bogus");
        assertEquals(2, run.exitCode(), run.toString());
        assertEquals(script + ": unknown option '--bogus'; see " + script + " --help\n", run.stderr());
        assertEquals("", run.stdout());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mqbroker", "mqnamesrv", "apogee-standalone"})
    void anOptionWithoutItsValueIsOneLineAndExitCodeTwo(String script) throws Exception {
        ScriptRunner.Run run = runner().run("bin/" + script, "--daemon", "-c");
        assertEquals(2, run.exitCode(), run.toString());
        assertEquals(script + ": option -c needs a value; see " + script + " --help\n", run.stderr());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "brokers", "--daemon"})
    void mqshutdownRefusesAnythingButAServerName(String argument) throws Exception {
        ScriptRunner.Run run = argument.isEmpty() ? runner().run("bin/mqshutdown")
                : runner().run("bin/mqshutdown", argument);
        assertEquals(2, run.exitCode(), run.toString());
        assertEquals(1, run.stderr().lines().count(), run.toString());
        assertTrue(run.stderr().startsWith("mqshutdown: ") && run.stderr().contains("see mqshutdown --help"),
                run.stderr());
    }

    /** The "Usage:" line and its continuation lines. */
    private static String usageLines(String help) {
        StringBuilder usage = new StringBuilder();
        boolean in = false;
        for (String line : help.split("\n")) {
            if (line.startsWith("Usage:")) {
                in = true;
            } else if (in && !line.startsWith("   ")) {
                break;
            }
            if (in) {
                usage.append(line).append('\n');
            }
        }
        return usage.toString();
    }

    /** What the script's option checking accepts, read from its declarations. */
    private static List<String> acceptedOptions(Path script) throws Exception {
        String text = Files.readString(script);
        List<String> options = new ArrayList<>();
        for (String variable : List.of("VALUE_OPTIONS", "FLAG_OPTIONS")) {
            Matcher matcher = Pattern.compile("(?m)^" + variable + "=\"([^\"]*)\"").matcher(text);
            if (matcher.find()) {
                options.addAll(List.of(matcher.group(1).trim().split("\\s+")));
            }
        }
        if (text.contains("\nDAEMON_OPTION=true")) {
            options.add("--daemon");
        }
        return options;
    }
}
