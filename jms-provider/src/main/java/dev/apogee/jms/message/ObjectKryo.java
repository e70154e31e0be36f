package dev.apogee.jms.message;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.FieldSerializer;
import com.esotericsoftware.kryo.serializers.ImmutableCollectionsSerializers;
import com.esotericsoftware.kryo.util.MapReferenceResolver;
import java.io.Externalizable;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Set;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * The Kryo instance behind {@link ObjectBodyCodec}, choosing a serializer per class so that every {@code Serializable}
 * graph round-trips with Java serialization's meaning:
 * <ol>
 *   <li>a class that is not {@code Serializable} (arrays and primitives aside) is refused, as Java serialization
 *       would;</li>
 *   <li>JDK classes: Kryo's own serializer only for a known-good set (plain collections and maps, value types,
 *       {@code java.time}, enums, arrays); every other JDK class (unmodifiable/synchronized wrappers, EnumMap, …) goes
 *       through {@link FilteredJavaSerializer};</li>
 *   <li>application classes with Java serialization hooks (writeObject, readObject, writeReplace, readResolve,
 *       Externalizable) go through {@link FilteredJavaSerializer};</li>
 *   <li>anything else gets Kryo's default ({@link FieldSerializer}, instantiated through Objenesis so no constructor
 *       runs on read).</li>
 * </ol>
 * Class names are checked on read by {@link TrustedClassResolver}. One instance per thread (from the codec's pool).
 */
final class ObjectKryo extends Kryo {
    private static final Set<String> KRYO_SAFE_JDK = Set.of("java.lang.String", "java.lang.Boolean", "java.lang.Byte",
            "java.lang.Character", "java.lang.Short", "java.lang.Integer", "java.lang.Long", "java.lang.Float",
            "java.lang.Double", "java.lang.StringBuilder", "java.lang.StringBuffer", "java.lang.Class",
            "java.math.BigDecimal", "java.math.BigInteger", "java.util.Date", "java.util.UUID", "java.util.Locale",
            "java.util.Currency", "java.util.BitSet", "java.util.ArrayList", "java.util.LinkedList",
            "java.util.ArrayDeque", "java.util.Vector", "java.util.HashMap", "java.util.LinkedHashMap",
            "java.util.TreeMap", "java.util.Hashtable", "java.util.HashSet", "java.util.LinkedHashSet",
            "java.util.TreeSet", "java.util.PriorityQueue", "java.util.Arrays$ArrayList",
            "java.util.Collections$EmptyList", "java.util.Collections$EmptyMap", "java.util.Collections$EmptySet",
            "java.util.Collections$SingletonList", "java.util.Collections$SingletonMap",
            "java.util.Collections$SingletonSet", "java.util.concurrent.ConcurrentHashMap",
            "java.util.concurrent.ConcurrentSkipListMap", "java.util.concurrent.CopyOnWriteArrayList",
            "java.util.concurrent.atomic.AtomicInteger", "java.util.concurrent.atomic.AtomicLong",
            "java.util.concurrent.atomic.AtomicBoolean", "java.net.URI", "java.net.URL", "java.util.regex.Pattern");

    private final FilteredJavaSerializer java;
    private final Serializer<Object> refuse = new NotSerializable();

    ObjectKryo(TrustedPackages trusted, ClassLoader loader) {
        super(new TrustedClassResolver(trusted), new MapReferenceResolver());
        this.java = new FilteredJavaSerializer(trusted);
        setRegistrationRequired(false);
        setWarnUnregisteredClasses(false);
        setReferences(true);
        setClassLoader(loader);
        setInstantiatorStrategy(new StdInstantiatorStrategy());
        ImmutableCollectionsSerializers.addDefaultSerializers(this);
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public Serializer getDefaultSerializer(Class type) {
        if (type.isArray() || type.isPrimitive() || type.isEnum() || isEnumConstantBody(type)) {
            return super.getDefaultSerializer(type);
        }
        if (!Serializable.class.isAssignableFrom(type)) {
            return refuse;
        }
        String name = type.getName();
        if (name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
                || name.startsWith("sun.")) {
            boolean kryoSafe = KRYO_SAFE_JDK.contains(name) || name.startsWith("java.util.ImmutableCollections$")
                    || type.getPackageName().equals("java.time");
            if (!kryoSafe) {
                return java;
            }
            // without a dedicated Kryo serializer (e.g. UUID) Kryo would fall back to reflection, which java.base
            // does not open on Java 17: use Java serialization then
            try {
                Serializer<?> dedicated = super.getDefaultSerializer(type);
                return dedicated instanceof FieldSerializer ? java : dedicated;
            } catch (RuntimeException reflectionClosed) {
                return java;
            }
        }
        return hasJavaSerializationHooks(type) ? java : super.getDefaultSerializer(type);
    }

    private static boolean isEnumConstantBody(Class<?> type) {
        return type.getSuperclass() != null && type.getSuperclass().isEnum();
    }

    static boolean hasJavaSerializationHooks(Class<?> type) {
        if (Externalizable.class.isAssignableFrom(type)) {
            return true;
        }
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            if (declares(c, "writeObject", ObjectOutputStream.class) || declares(c, "readObject", ObjectInputStream.class)
                    || declares(c, "writeReplace") || declares(c, "readResolve")) {
                return true;
            }
        }
        return false;
    }

    private static boolean declares(Class<?> c, String method, Class<?>... parameters) {
        try {
            c.getDeclaredMethod(method, parameters);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** Refuses a class that is not Serializable, on write and on read. */
    private static final class NotSerializable extends Serializer<Object> {
        @Override
        public void write(Kryo kryo, Output output, Object object) {
            throw new KryoException(object.getClass().getName() + " is not Serializable");
        }

        @Override
        public Object read(Kryo kryo, Input input, Class<?> type) {
            throw new KryoException(type.getName() + " is not Serializable");
        }
    }
}
