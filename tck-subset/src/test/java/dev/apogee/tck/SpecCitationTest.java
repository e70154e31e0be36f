package dev.apogee.tck;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.params.ParameterizedTest;

/** Every test of the suite cites a section, and only sections {@link SpecSections} knows (no typos). */
class SpecCitationTest {

    @Test
    void everyTestCitesAKnownSection() throws Exception {
        List<String> problems = new ArrayList<>();
        int tests = 0;
        for (Class<?> type : suiteClasses()) {
            for (Method m : type.getDeclaredMethods()) {
                if (!isTest(m) || type == SpecCitationTest.class) {
                    continue;
                }
                tests++;
                Spec spec = m.isAnnotationPresent(Spec.class)
                        ? m.getAnnotation(Spec.class) : type.getAnnotation(Spec.class);
                if (spec == null) {
                    problems.add(type.getSimpleName() + "." + m.getName() + " cites no section");
                    continue;
                }
                for (String section : spec.value()) {
                    if (SpecSections.title(section) == null) {
                        problems.add(type.getSimpleName() + "." + m.getName() + " cites unknown §" + section);
                    }
                }
            }
        }
        assertTrue(tests > 50, "found only " + tests + " tests");
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    private static boolean isTest(Method m) {
        return m.isAnnotationPresent(Test.class) || m.isAnnotationPresent(ParameterizedTest.class)
                || m.isAnnotationPresent(TestTemplate.class);
    }

    /** The compiled test classes of this module (the directory this class was loaded from). */
    private static List<Class<?>> suiteClasses() throws URISyntaxException, java.io.IOException {
        Path root = Path.of(SpecCitationTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Class<?>> classes = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String rel = root.relativize(p).toString().replace('\\', '/');
                if (rel.startsWith("dev/apogee/tck/") && rel.endsWith("Test.class") && !rel.contains("$")) {
                    String name = rel.substring(0, rel.length() - ".class".length()).replace('/', '.');
                    try {
                        classes.add(Class.forName(name));
                    } catch (ClassNotFoundException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
        return classes;
    }
}
