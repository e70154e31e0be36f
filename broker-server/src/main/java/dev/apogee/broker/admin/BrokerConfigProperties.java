package dev.apogee.broker.admin;

import dev.apogee.broker.config.BrokerConfig;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.TreeMap;

/**
 * The broker's settings as {@code key=value} lines (GET_BROKER_CONFIG body), read from the config bean's getters
 * that have a matching setter, so the keys are exactly those {@code broker.conf} and UPDATE_BROKER_CONFIG accept.
 */
final class BrokerConfigProperties {
    private BrokerConfigProperties() {
    }

    static Map<String, String> of(BrokerConfig config) {
        Map<String, String> properties = new TreeMap<>();
        for (Method getter : BrokerConfig.class.getMethods()) {
            String key = keyOf(getter);
            if (key != null && hasSetter(key, getter.getReturnType())) {
                try {
                    properties.put(key, String.valueOf(getter.invoke(config)));
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("reading " + key + " failed", e);
                }
            }
        }
        return properties;
    }

    static String toText(Map<String, String> properties) {
        StringBuilder text = new StringBuilder();
        properties.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        return text.toString();
    }

    private static String keyOf(Method m) {
        if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers())) {
            return null;
        }
        String name = m.getName();
        int prefix = name.startsWith("get") ? 3 : name.startsWith("is") ? 2 : 0;
        if (prefix == 0 || name.length() == prefix || name.equals("getClass")) {
            return null;
        }
        return Character.toLowerCase(name.charAt(prefix)) + name.substring(prefix + 1);
    }

    private static boolean hasSetter(String key, Class<?> type) {
        if (type != int.class && type != long.class && type != boolean.class && type != String.class) {
            return false;
        }
        String setter = "set" + Character.toUpperCase(key.charAt(0)) + key.substring(1);
        try {
            BrokerConfig.class.getMethod(setter, type);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
