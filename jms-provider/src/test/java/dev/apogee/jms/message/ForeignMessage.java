package dev.apogee.jms.message;

import jakarta.jms.Message;
import jakarta.jms.MessageEOFException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal "other provider" message built with a dynamic proxy: headers via setJMSx/getJMSx, properties via
 * setObjectProperty/getObjectProperty/getPropertyNames, and the body accessors ForeignMessages uses.
 */
final class ForeignMessage implements InvocationHandler {
    final Map<String, Object> headers = new HashMap<>();
    final Map<String, Object> properties = new LinkedHashMap<>();
    Object text;
    byte[] bytes = new byte[0];
    int bytesPosition;
    final Map<String, Object> map = new LinkedHashMap<>();
    final List<Object> stream = new ArrayList<>();
    int streamPosition;
    Object object;

    static <T extends Message> T create(Class<T> type, ForeignMessage state) {
        return type.cast(Proxy.newProxyInstance(ForeignMessage.class.getClassLoader(), new Class<?>[] {type}, state));
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        String name = method.getName();
        switch (name) {
            case "getPropertyNames":
                return Collections.enumeration(new ArrayList<>(properties.keySet()));
            case "getObjectProperty":
                return properties.get((String) args[0]);
            case "getText":
                return text;
            case "reset":
                bytesPosition = 0;
                streamPosition = 0;
                return null;
            case "readBytes": {
                byte[] buffer = (byte[]) args[0];
                if (bytesPosition >= bytes.length) {
                    return -1;
                }
                int n = Math.min(buffer.length, bytes.length - bytesPosition);
                System.arraycopy(bytes, bytesPosition, buffer, 0, n);
                bytesPosition += n;
                return n;
            }
            case "getMapNames":
                return Collections.enumeration(new ArrayList<>(map.keySet()));
            case "getObject":
                return args == null ? object : map.get((String) args[0]);
            case "readObject":
                if (streamPosition >= stream.size()) {
                    throw new MessageEOFException("end");
                }
                return stream.get(streamPosition++);
            case "hashCode":
                return System.identityHashCode(proxy);
            case "equals":
                return proxy == args[0];
            case "toString":
                return "ForeignMessage";
            default:
                break;
        }
        if (name.startsWith("setJMS")) {
            headers.put(name.substring(3), args[0]);
            return null;
        }
        if (name.startsWith("getJMS")) {
            Object v = headers.get(name.substring(3));
            Class<?> r = method.getReturnType();
            if (v == null && r.isPrimitive()) {
                if (r == boolean.class) {
                    return Boolean.FALSE;
                }
                return r == int.class ? (Object) 0 : (Object) 0L;
            }
            return v;
        }
        throw new UnsupportedOperationException(name);
    }
}
