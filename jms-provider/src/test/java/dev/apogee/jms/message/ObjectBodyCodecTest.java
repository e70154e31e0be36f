package dev.apogee.jms.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.ObjectMessage;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ObjectMessage bodies: Kryo round trips of JDK and application types, and the trusted-packages allow-list (issue 7):
 * a class outside the trusted packages is refused with a clear MessageFormatException and none of its code runs.
 */
class ObjectBodyCodecTest {
    private final ObjectBodyCodec sender = new ObjectBodyCodec(TrustedPackages.trustAll(), null);
    private final ObjectBodyCodec receiver = ObjectBodyCodec.defaultCodec();

    @BeforeEach
    void reset() {
        Gadget.resetCounters();
        PlainGadget.CONSTRUCTED.set(0);
    }

    record Point(int x, int y) implements Serializable {
    }

    static Stream<Serializable> trustedValues() {
        HashMap<String, Object> cyclic = new HashMap<>();
        ArrayList<Object> self = new ArrayList<>();
        self.add(self);
        cyclic.put("self", self);
        return Stream.of("text", 42, 4L, 2.5d, 'c', true, new BigDecimal("1.10"), BigInteger.TEN,
                new ArrayList<>(List.of(1, "two")), new LinkedList<>(List.of(3)), new HashMap<>(Map.of("k", "v")),
                new TreeMap<>(Map.of("a", 1, "b", 2)), (Serializable) List.of(1, 2, 3), (Serializable) Map.of("x", 1),
                (Serializable) Arrays.asList("a", "b"), (Serializable) Collections.unmodifiableList(new ArrayList<>(List.of(1))),
                new Date(123_456L), UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), LocalDate.of(2026, 11, 30),
                ZonedDateTime.parse("2026-11-30T10:00:00+01:00[Europe/Paris]"), Duration.ofMillis(1500),
                TimeUnit.SECONDS, new int[] {1, 2}, new String[] {"a", null}, new EnumMap<>(Map.of(TimeUnit.DAYS, 1)),
                cyclic);
    }

    // ObjectMessage javadoc: any Serializable object in trusted packages round-trips (default allow-list)
    @ParameterizedTest
    @MethodSource("trustedValues")
    void trustedTypesRoundTrip(Serializable value) throws JMSException {
        Serializable back = receiver.deserialize(sender.serialize(value));
        if (value instanceof int[] ints) {
            assertTrue(Arrays.equals(ints, (int[]) back));
        } else if (value instanceof Object[] objects) {
            assertTrue(Arrays.equals(objects, (Object[]) back));
        } else if (value instanceof HashMap<?, ?> map && map.containsKey("self")) {
            List<?> list = (List<?>) ((Map<?, ?>) back).get("self");
            assertTrue(list.get(0) == list, "cyclic references are preserved");
        } else {
            assertEquals(value, back);
        }
    }

    // Issue 7: a class outside the trusted packages → MessageFormatException naming the class; no gadget code runs
    @Test
    void untrustedClassIsRefusedWithoutRunningIt() throws JMSException {
        byte[] payload = sender.serialize(new Gadget());
        byte[] plain = sender.serialize(new PlainGadget());
        byte[] nested = sender.serialize(new ArrayList<>(List.of("ok", new Gadget())));
        byte[] nestedInJava = sender.serialize(
                (Serializable) Collections.unmodifiableList(new ArrayList<>(List.of(new Gadget()))));
        byte[] inMapValue = sender.serialize(new HashMap<>(Map.of("k", new PlainGadget())));
        reset();
        for (byte[] p : List.of(payload, plain, nested, nestedInJava, inMapValue)) {
            MessageFormatException e = assertThrows(MessageFormatException.class, () -> receiver.deserialize(p));
            assertEquals("APOGEE-JMS-0008", e.getErrorCode());
            assertTrue(e.getMessage().contains("not in a trusted package"), e.getMessage());
            assertTrue(e.getMessage().contains("dev.apogee.jms.message."), e.getMessage());
        }
        assertEquals(0, Gadget.CONSTRUCTED.get(), "constructor ran");
        assertEquals(0, Gadget.READ_OBJECT.get(), "readObject ran");
        assertEquals(0, Gadget.READ_RESOLVE.get(), "readResolve ran");
        assertEquals(0, PlainGadget.CONSTRUCTED.get(), "constructor ran");
    }

    // Issue 7: not even the static initializer of a refused class runs (the payload names a class never loaded here)
    @Test
    void refusedClassIsNeverInitialized() throws JMSException {
        byte[] payload = sender.serialize(new StaticXGadget());
        String x = "dev.apogee.jms.message.StaticXGadget";
        String y = "dev.apogee.jms.message.StaticYGadget";
        byte[] patched = replace(payload, x.substring(0, x.length() - 1), y.substring(0, y.length() - 1));
        JMSException e = assertThrows(MessageFormatException.class, () -> receiver.deserialize(patched));
        assertTrue(e.getMessage().contains(y), e.getMessage());
        assertFalse(GadgetFlags.STATIC_INIT_RAN.get(), "static initializer of a refused class ran");
        // positive control: trusting the package initializes and instantiates it, so the check above is meaningful
        ObjectBodyCodec trusting = new ObjectBodyCodec(
                TrustedPackages.withPackages(List.of("dev.apogee.jms.message")), null);
        assertEquals(y, trusting.deserialize(patched).getClass().getName());
        assertTrue(GadgetFlags.STATIC_INIT_RAN.get());
    }

    private static byte[] replace(byte[] data, String from, String to) {
        byte[] f = from.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] t = to.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] out = data.clone();
        outer:
        for (int i = 0; i + f.length <= out.length; i++) {
            for (int j = 0; j < f.length; j++) {
                if (out[i + j] != f[j]) {
                    continue outer;
                }
            }
            System.arraycopy(t, 0, out, i, t.length);
            return out;
        }
        throw new AssertionError("class name not found in payload");
    }

    // Positive control: with the package trusted, the same payload deserializes and readObject runs (Java hooks kept)
    @Test
    void configuredPackagesAreTrusted() throws JMSException {
        byte[] payload = sender.serialize(new Gadget());
        reset();
        ObjectBodyCodec trusting = new ObjectBodyCodec(
                TrustedPackages.withPackages(List.of("dev.apogee.jms.message")), null);
        Gadget g = assertInstanceOf(Gadget.class, trusting.deserialize(payload));
        assertEquals("rm -rf /", g.command);
        assertEquals(1, Gadget.READ_OBJECT.get(), "classes with readObject use Java serialization semantics");
        assertEquals(1, Gadget.READ_RESOLVE.get());
        Point p = assertInstanceOf(Point.class, trusting.deserialize(sender.serialize(new Point(1, 2))));
        assertEquals(new Point(1, 2), p);
        PlainGadget plain = assertInstanceOf(PlainGadget.class, trusting.deserialize(sender.serialize(new PlainGadget())));
        assertEquals(7, plain.value);
    }

    // Issue 7: the refusal reaches the application through ObjectMessage.getObject / getBody
    @Test
    void objectMessageReportsRefusal() throws JMSException {
        ApogeeObjectMessage sent = new ApogeeObjectMessage(sender);
        sent.setObject(new Gadget());
        ApogeeObjectMessage received = new ApogeeObjectMessage(receiver);
        received.setPayload(sent.payload());
        reset();
        ObjectMessage m = received;
        JMSException e = assertThrows(MessageFormatException.class, m::getObject);
        assertTrue(e.getMessage().contains(Gadget.class.getName()));
        assertThrows(MessageFormatException.class, () -> m.getBody(Serializable.class));
        assertFalse(m.isBodyAssignableTo(Serializable.class));
        assertEquals(0, Gadget.READ_OBJECT.get() + Gadget.CONSTRUCTED.get());
    }

    // TrustedPackages: package and subpackages, arrays, primitives; nothing else
    @ParameterizedTest
    @ValueSource(strings = {"java.lang.String", "java.util.ArrayList", "java.util.concurrent.ConcurrentHashMap",
            "java.math.BigDecimal", "java.time.LocalDate", "[Ljava.lang.String;", "[[I", "[B", "int"})
    void trustedNames(String name) {
        assertTrue(TrustedPackages.defaults().isTrusted(name));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Gadget", "javax.management.BadAttributeValueExpException",
            "org.apache.commons.collections.functors.InvokerTransformer", "java.langx.Evil", "[Lcom.evil.X;",
            "sun.misc.Unsafe", "com.sun.rowset.JdbcRowSetImpl", "java.rmi.server.UnicastRemoteObject"})
    void untrustedNames(String name) {
        assertFalse(TrustedPackages.defaults().isTrusted(name));
        assertTrue(TrustedPackages.trustAll().isTrusted(name));
    }

    // A corrupt payload is a MessageFormatException
    @Test
    void corruptPayload() {
        assertThrows(MessageFormatException.class, () -> receiver.deserialize(new byte[] {1, 99, 98, 97}));
        assertThrows(MessageFormatException.class, () -> receiver.deserialize(new byte[] {7}));
    }

    // ObjectMessage javadoc: only Serializable objects; a non-Serializable member fails at setObject, as it would with
    // Java serialization
    @Test
    void unserializableMemberFailsAtSetObject() {
        ArrayList<Object> list = new ArrayList<>();
        list.add(new Object() {
            @Override
            public String toString() {
                return "anonymous";
            }
        });
        list.add(Optional.empty());
        ApogeeObjectMessage m = new ApogeeObjectMessage();
        JMSException e = assertThrows(JMSException.class, () -> m.setObject(list));
        assertEquals("APOGEE-JMS-0009", e.getErrorCode());
    }
}
