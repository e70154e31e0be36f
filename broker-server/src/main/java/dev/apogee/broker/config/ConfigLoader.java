package dev.apogee.broker.config;

import dev.apogee.remoting.config.InvalidSettingException;
import dev.apogee.remoting.config.SettingRule;
import dev.apogee.remoting.config.UnknownSettingException;

import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Fills a config bean from {@code key=value} properties by calling its {@code setKey} methods. Each value is
 * checked by the {@link SettingRule} of its setting: the setter's type (int, long, boolean, String, enum) plus the
 * {@code @Range}/{@code @OneOf}/{@code @Matches} declared on the bean's field of the same name; a new setting is
 * validated by its type without code here. An unknown key or a refused value is an error naming the key, the value
 * and what is allowed: a typo in a config file must never leave a setting silently at its default.
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

    /**
     * Applies every property to {@code bean}; all values are checked before the first is set, so a refused one
     * leaves the bean unchanged.
     *
     * @throws UnknownSettingException  for a key that is not a setting of the bean
     * @throws InvalidSettingException  for a value the setting does not accept
     */
    public static <T> T apply(Properties properties, T bean) {
        Map<String, Method> setters = setters(bean.getClass());
        Map<String, Object> values = new TreeMap<>();
        for (String name : properties.stringPropertyNames()) {
            String key = name.trim();
            Method setter = setters.get(key);
            if (setter == null) {
                throw new UnknownSettingException(key, setters.keySet());
            }
            values.put(key, rule(bean.getClass(), key, setter).parse(properties.getProperty(name)));
        }
        values.forEach((key, value) -> invoke(bean, setters.get(key), key, value));
        return bean;
    }

    /** The rule of {@code key} of beans of {@code type}; visible for tests and tools that describe the settings. */
    public static SettingRule rule(Class<?> type, String key) {
        Method setter = setters(type).get(key);
        if (setter == null) {
            throw new UnknownSettingException(key, setters(type).keySet());
        }
        return rule(type, key, setter);
    }

    /** Every key of beans of {@code type}: one per one-argument setter of a supported type, sorted. */
    public static Map<String, Method> setters(Class<?> type) {
        Map<String, Method> setters = new TreeMap<>();
        for (Method method : type.getMethods()) {
            String name = method.getName();
            if (name.length() > 3 && name.startsWith("set") && method.getParameterCount() == 1
                    && SettingRule.supports(method.getParameterTypes()[0])) {
                setters.put(Character.toLowerCase(name.charAt(3)) + name.substring(4), method);
            }
        }
        return setters;
    }

    private static SettingRule rule(Class<?> type, String key, Method setter) {
        return SettingRule.of(key, setter.getParameterTypes()[0], declaration(type, key, setter));
    }

    /** Bounds are declared on the field next to its default; a setting without a field may declare them on its setter. */
    private static AnnotatedElement declaration(Class<?> type, String key, Method setter) {
        try {
            return type.getDeclaredField(key);
        } catch (NoSuchFieldException e) {
            return setter;
        }
    }

    private static void invoke(Object bean, Method setter, String key, Object value) {
        try {
            setter.invoke(bean, value);
        } catch (InvocationTargetException e) {
            // a setter's own check (cross-field or finer than the rule) still names the key and the value
            throw new InvalidSettingException(key, String.valueOf(value), String.valueOf(e.getCause().getMessage()));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("setter of " + key + " is not accessible", e);
        }
    }
}
