package dev.apogee.broker.config;

import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Fills a config bean from {@code key=value} properties by calling its {@code setKey} methods (int, long, boolean,
 * String). An unknown key or an unparsable value is an error naming the key: a typo in a config file must not be
 * silently ignored.
 */
public final class ConfigLoader {
    private ConfigLoader() {
    }

    public static Properties read(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        }
        return properties;
    }

    /** Applies every property to {@code bean}. */
    public static <T> T apply(Properties properties, T bean) {
        for (String key : properties.stringPropertyNames()) {
            set(bean, key.trim(), properties.getProperty(key).trim());
        }
        return bean;
    }

    private static void set(Object bean, String key, String value) {
        String setter = "set" + Character.toUpperCase(key.charAt(0)) + key.substring(1);
        for (Method method : bean.getClass().getMethods()) {
            if (method.getName().equals(setter) && method.getParameterCount() == 1) {
                invoke(bean, method, key, value);
                return;
            }
        }
        throw new IllegalArgumentException("unknown configuration key '" + key + "' for "
                + bean.getClass().getSimpleName());
    }

    private static void invoke(Object bean, Method method, String key, String value) {
        Class<?> type = method.getParameterTypes()[0];
        try {
            if (type == int.class) {
                method.invoke(bean, Integer.parseInt(value));
            } else if (type == long.class) {
                method.invoke(bean, Long.parseLong(value));
            } else if (type == boolean.class) {
                if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
                    throw new IllegalArgumentException("not a boolean");
                }
                method.invoke(bean, Boolean.parseBoolean(value));
            } else {
                method.invoke(bean, value);
            }
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw new IllegalArgumentException("bad value '" + value + "' for configuration key '" + key + "' ("
                    + type.getSimpleName() + " expected)", e);
        }
    }
}
