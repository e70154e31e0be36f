package dev.apogee.jms.metrics;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Micrometer is optional: with the test class path minus the Micrometer jars, the provider's classes load, the
 * factory can be introspected (as JNDI and the resource adapter do), and the metrics count nothing.
 */
class JmsMetricsWithoutMicrometerTest {
    @Test
    void providerLoadsAndCountsNothingWithoutMicrometer() throws Exception {
        try (URLClassLoader loader = new URLClassLoader(classPathWithoutMicrometer(),
                ClassLoader.getPlatformClassLoader())) {
            assertThrows(ClassNotFoundException.class,
                    () -> loader.loadClass("io.micrometer.core.instrument.MeterRegistry"));
            Class<?> metrics = loader.loadClass(JmsMetrics.class.getName());
            assertFalse((Boolean) metrics.getMethod("micrometerPresent").invoke(null));
            Object meters = metrics.getMethod("forFactory", String.class, Object.class).invoke(null, "f", null);
            Object none = loader.loadClass(ClientMeters.class.getName()).getField("NONE").get(null);
            assertEquals(none, meters);

            Class<?> factory = loader.loadClass("dev.apogee.jms.api.ApogeeConnectionFactory");
            Method[] methods = factory.getMethods(); // introspection must not need Micrometer
            assertTrue(methods.length > 0);
            Object instance = factory.getConstructor().newInstance();
            factory.getMethod("setMeterRegistry", Object.class).invoke(instance, (Object) null);
            assertEquals("127.0.0.1:9876", factory.getMethod("getMetricsName").invoke(instance));
        }
    }

    private static URL[] classPathWithoutMicrometer() throws Exception {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isBlank() && !entry.contains("micrometer")) {
                urls.add(new File(entry).toURI().toURL());
            }
        }
        return urls.toArray(URL[]::new);
    }
}
