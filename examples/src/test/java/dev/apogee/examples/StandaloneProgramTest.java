package dev.apogee.examples;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Acceptance: a standalone program that only knows {@code jakarta.jms} and {@code jndi.properties} sends and receives.
 * {@link QueueSendReceive} runs in a child JVM whose class path is that one compiled class, a directory holding only
 * a {@code jndi.properties} that points at the broker in this JVM, and the provider's run-time class path (the
 * jakarta.jms API, the provider jar and what it needs) — no broker, no test classes, nothing else.
 */
@Tag("slow")
class StandaloneProgramTest {
    private static final String MAIN = QueueSendReceive.class.getName();
    private static final long EXIT_WAIT_SECONDS = 120;
    private static ExampleBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = ExampleBroker.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void aJakartaJmsProgramConfiguredByJndiPropertiesSendsAndReceives(@TempDir Path dir) throws Exception {
        Path conf = Files.createDirectories(dir.resolve("conf"));
        Files.writeString(conf.resolve("jndi.properties"), String.join("\n",
                "java.naming.factory.initial = dev.apogee.jms.jndi.ApogeeInitialContextFactory",
                "java.naming.provider.url = " + broker.url(),
                "queue.orders = AcceptanceOrders", ""));
        Path classes = copyProgramClasses(dir.resolve("classes"));
        List<String> runtime = runtimeClassPath();

        String classPath = Stream.concat(Stream.of(conf.toString(), classes.toString()), runtime.stream())
                .collect(Collectors.joining(File.pathSeparator));
        Path output = dir.resolve("program.out");
        Process program = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", classPath, MAIN)
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        boolean exited = program.waitFor(EXIT_WAIT_SECONDS, TimeUnit.SECONDS);
        if (!exited) {
            program.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // the child we started, by its handle
        }
        String printed = Files.readString(output, StandardCharsets.UTF_8);
        assertTrue(exited, "the program did not exit within " + EXIT_WAIT_SECONDS + " s:\n" + printed);
        assertEquals(0, program.exitValue(), printed);

        Set<String> sent = matches(printed, "(?m)^sent: (.+)$");
        assertEquals(QueueSendReceive.ORDERS, sent.size(), printed);
        assertEquals(sent, matches(printed, "(?m)^received: (.+)$"), printed);
        assertTrue(printed.contains("done: 3 orders sent and received through AcceptanceOrders"), printed);
    }

    private static Set<String> matches(String text, String regex) {
        Set<String> found = new TreeSet<>();
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    /** The program's class files, checked to refer to no Apogee class but themselves. */
    private static Path copyProgramClasses(Path classes) throws Exception {
        Path source = Path.of(QueueSendReceive.class.getResource(QueueSendReceive.class.getSimpleName() + ".class")
                .toURI()).getParent();
        Path target = Files.createDirectories(classes.resolve(QueueSendReceive.class.getPackageName()
                .replace('.', File.separatorChar)));
        String simple = QueueSendReceive.class.getSimpleName();
        try (Stream<Path> files = Files.list(source)) {
            for (Path file : files.filter(f -> f.getFileName().toString().equals(simple + ".class")
                    || f.getFileName().toString().startsWith(simple + "$")).toList()) {
                byte[] bytes = Files.readAllBytes(file);
                assertFalse(refersToOtherApogeeClasses(new String(bytes, StandardCharsets.ISO_8859_1)),
                        file + " refers to dev.apogee classes: the program must know only jakarta.jms and JNDI");
                Files.write(target.resolve(file.getFileName()), bytes);
            }
        }
        return classes;
    }

    /** Class names sit in the constant pool as modified UTF-8 ("dev/apogee/..."), readable as Latin-1. */
    static boolean refersToOtherApogeeClasses(String classFile) {
        String own = QueueSendReceive.class.getName().replace('.', '/');
        Matcher m = Pattern.compile("dev[/.]apogee[/.][A-Za-z0-9_/.$]*").matcher(classFile);
        while (m.find()) {
            if (!m.group().startsWith(own)) {
                return true;
            }
        }
        return false;
    }

    /** Written by maven-dependency-plugin (build-classpath, runtime scope) before the tests run. */
    private static List<String> runtimeClassPath() throws Exception {
        Path file = Path.of("target", "runtime-classpath.txt");
        assertTrue(Files.exists(file), file.toAbsolutePath() + " is missing: run the tests through Maven");
        List<String> entries = List.of(Files.readString(file).trim().split(Pattern.quote(File.pathSeparator)));
        assertTrue(entries.stream().anyMatch(e -> e.contains("jakarta.jms-api")), entries::toString);
        assertTrue(entries.stream().anyMatch(e -> e.contains("jms-provider")), entries::toString);
        for (String entry : entries) {
            if (entry.contains("broker-server") || entry.contains("namesrv") || entry.contains("standalone")) {
                fail("the program's class path must not contain a broker: " + entry);
            }
        }
        return entries;
    }

    @Test
    void theBytecodeCheckNoticesApogeeReferences() {
        assertTrue(refersToOtherApogeeClasses("..dev/apogee/jms/jndi/ApogeeInitialContextFactory.."));
        assertFalse(refersToOtherApogeeClasses("..dev/apogee/examples/QueueSendReceive..jakarta/jms/Queue.."));
    }
}
