package dev.apogee.jms.message;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/**
 * Java serialization inside a Kryo payload, for classes Kryo's field serializer cannot handle faithfully: JDK classes
 * without a Kryo serializer and classes with {@code writeObject}/{@code readObject}/{@code writeReplace}/
 * {@code readResolve} or {@code Externalizable}. Reading checks every class name against {@link TrustedPackages} in
 * {@code resolveClass} (before loading) and again in an {@link ObjectInputFilter}, so an untrusted class is refused
 * before any of its code (static initializer, readObject) can run.
 */
final class FilteredJavaSerializer extends Serializer<Object> {
    private static final long MAX_DEPTH = 64;
    private final TrustedPackages trusted;

    FilteredJavaSerializer(TrustedPackages trusted) {
        this.trusted = trusted;
    }

    @Override
    public void write(Kryo kryo, Output output, Object object) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(object);
        } catch (IOException e) {
            throw new KryoException("Java serialization of " + object.getClass().getName() + " failed: " + e, e);
        }
        output.writeVarInt(bytes.size(), true);
        output.writeBytes(bytes.toByteArray());
    }

    @Override
    public Object read(Kryo kryo, Input input, Class<?> type) {
        int length = input.readVarInt(true);
        byte[] bytes = input.readBytes(length);
        try (ObjectInputStream in = new Filtered(new ByteArrayInputStream(bytes), kryo.getClassLoader())) {
            return in.readObject();
        } catch (UntrustedClassException e) {
            throw e;
        } catch (IOException | ClassNotFoundException e) {
            throw new KryoException("Java deserialization of " + type.getName() + " failed: " + e, e);
        }
    }

    private final class Filtered extends ObjectInputStream {
        private final ClassLoader loader;

        Filtered(ByteArrayInputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
            setObjectInputFilter(this::check);
        }

        private ObjectInputFilter.Status check(ObjectInputFilter.FilterInfo info) {
            if (info.depth() > MAX_DEPTH) {
                return ObjectInputFilter.Status.REJECTED;
            }
            Class<?> c = info.serialClass();
            if (c != null && !trusted.isTrusted(c.getName())) {
                return ObjectInputFilter.Status.REJECTED;
            }
            return ObjectInputFilter.Status.UNDECIDED;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            String name = desc.getName();
            if (!trusted.isTrusted(name)) {
                throw new UntrustedClassException(name, trusted);
            }
            try {
                return Class.forName(name, false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }

        @Override
        protected Class<?> resolveProxyClass(String[] interfaces) throws IOException, ClassNotFoundException {
            for (String name : interfaces) {
                if (!trusted.isTrusted(name)) {
                    throw new UntrustedClassException(name, trusted);
                }
            }
            throw new InvalidClassException("dynamic proxies are not accepted in ObjectMessage bodies");
        }
    }
}
