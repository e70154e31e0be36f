package dev.apogee.jms.message;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.Pool;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.JMSException;
import java.io.Serializable;

/**
 * Encodes ObjectMessage bodies with Kryo, refusing untrusted classes on read. Layout: {@code byte version (1)} followed
 * by Kryo's {@code writeClassAndObject} of the object, with references on (cyclic graphs work as with Java
 * serialization) and registration off (classes are written by name).
 *
 * <p>Serializers ({@link ObjectKryo}): Kryo's built-ins for plain JDK collections and value types;
 * {@link FilteredJavaSerializer} for other JDK classes and for any class with Java serialization hooks (writeObject,
 * readObject, writeReplace, readResolve, Externalizable), so every {@code Serializable} object round-trips; Kryo's
 * field serializer for plain application classes, instantiated through Objenesis (no constructor runs on read).
 * Objects that are not {@code Serializable} are refused, as the ObjectMessage contract requires.
 *
 * <p>Safety: every class name in a payload is checked against {@link TrustedPackages} before it is loaded — by
 * {@link TrustedClassResolver} for Kryo and by {@link FilteredJavaSerializer} for nested Java serialization.
 *
 * <p>Thread-safe: Kryo instances come from a pool.
 */
public final class ObjectBodyCodec {
    private static final byte VERSION = 1;
    private static final ObjectBodyCodec DEFAULT = new ObjectBodyCodec(TrustedPackages.defaults(), null);

    private final TrustedPackages trusted;
    private final ClassLoader classLoader;
    private final Pool<Kryo> pool;

    /** @param classLoader loader for application classes; null means the thread context loader at creation */
    public ObjectBodyCodec(TrustedPackages trusted, ClassLoader classLoader) {
        this.trusted = trusted;
        ClassLoader loader = classLoader != null ? classLoader : Thread.currentThread().getContextClassLoader();
        this.classLoader = loader != null ? loader : ObjectBodyCodec.class.getClassLoader();
        this.pool = new Pool<>(true, false, 16) {
            @Override
            protected Kryo create() {
                return newKryo();
            }
        };
    }

    /** A codec trusting only {@link TrustedPackages#DEFAULTS}. */
    public static ObjectBodyCodec defaultCodec() {
        return DEFAULT;
    }

    /** The allow-list in force. */
    public TrustedPackages trustedPackages() {
        return trusted;
    }

    private Kryo newKryo() {
        return new ObjectKryo(trusted, classLoader);
    }

    /** Serializes {@code object} now (§ ObjectMessage.setObject: later changes to the object are not sent). */
    public byte[] serialize(Serializable object) throws JMSException {
        Kryo kryo = pool.obtain();
        try {
            Output out = new Output(256, -1);
            out.writeByte(VERSION);
            kryo.writeClassAndObject(out, object);
            return out.toBytes();
        } catch (KryoException | IllegalArgumentException | UnsupportedOperationException e) {
            throw JmsExceptions.create(ErrorCode.OBJECT_SERIALIZATION,
                    "cannot serialize a " + object.getClass().getName() + ": " + e.getMessage(), e);
        } finally {
            pool.free(kryo);
        }
    }

    /**
     * Deserializes a payload; a class outside the trusted packages fails with a MessageFormatException naming it
     * ({@link ErrorCode#UNTRUSTED_CLASS}) before anything of that class is loaded or run.
     */
    public Serializable deserialize(byte[] payload) throws JMSException {
        Kryo kryo = pool.obtain();
        try (Input in = new Input(payload)) {
            byte version = in.readByte();
            if (version != VERSION) {
                throw JmsExceptions.create(ErrorCode.CORRUPT_MESSAGE, "unknown ObjectMessage body version " + version);
            }
            Object object = kryo.readClassAndObject(in);
            if (object != null && !(object instanceof Serializable)) {
                throw JmsExceptions.create(ErrorCode.OBJECT_SERIALIZATION,
                        "ObjectMessage body is a " + object.getClass().getName() + ", which is not Serializable");
            }
            return (Serializable) object;
        } catch (KryoException | IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
            UntrustedClassException untrusted = untrusted(e);
            if (untrusted != null) {
                throw JmsExceptions.create(ErrorCode.UNTRUSTED_CLASS,
                        "ObjectMessage body refused: " + untrusted.getMessage(), untrusted);
            }
            throw JmsExceptions.create(ErrorCode.OBJECT_SERIALIZATION,
                    "ObjectMessage body cannot be deserialized: " + e.getMessage(), e);
        } finally {
            pool.free(kryo);
        }
    }

    private static UntrustedClassException untrusted(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UntrustedClassException u) {
                return u;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }
}
