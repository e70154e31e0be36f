package dev.apogee.jms.api;

import jakarta.jms.JMSException;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Factory configuration without a broker. */
class ConnectionFactoryTest {

    @Test
    void urlSetsAddressesAndOptions() throws Exception {
        ApogeeConnectionFactory f = new ApogeeConnectionFactory(
                "apogee://10.0.0.1:9876,10.0.0.2:9876?clientID=app%201&sendTimeout=5000&requestTimeout=700"
                        + "&topicQueueNums=8&trustedPackages=com.acme,org.example&user=u&password=p");
        assertEquals("10.0.0.1:9876;10.0.0.2:9876", f.getNamesrvAddress());
        assertEquals("app 1", f.getClientID());
        assertEquals(5000, f.getSendTimeoutMillis());
        assertEquals(700, f.getRequestTimeoutMillis());
        assertEquals(8, f.getTopicQueueNums());
        assertEquals(List.of("com.acme", "org.example"), f.getTrustedPackages());
        assertEquals("u", f.getUser());
        assertEquals("p", f.getPassword());
    }

    @Test
    void badUrlsAreRefused() {
        assertThrows(JMSException.class, () -> new ApogeeConnectionFactory("tcp://host:1"));
        assertThrows(JMSException.class, () -> new ApogeeConnectionFactory("apogee://h:1?nope=1"));
        assertThrows(JMSException.class, () -> new ApogeeConnectionFactory("apogee://h:1?sendTimeout=x"));
    }

    @Test
    void invisibleTimeIsReadFromTheUrlAndSetterAndCheckedAtOnce() throws Exception {
        assertEquals(60_000, new ApogeeConnectionFactory().getInvisibleTimeMillis());
        assertEquals(5_000, new ApogeeConnectionFactory("apogee://h:1?invisibleTime=5000").getInvisibleTimeMillis());
        for (String bad : List.of("999", "0", "-1", "43200001", "soon", "")) {
            JMSException e = assertThrows(JMSException.class,
                    () -> new ApogeeConnectionFactory("apogee://h:1?invisibleTime=" + bad), bad);
            assertEquals("APOGEE-JMS-0023", e.getErrorCode(), bad);
            assertTrue(e.getMessage().contains("invisibleTime"), e.getMessage());
        }
        ApogeeConnectionFactory f = new ApogeeConnectionFactory();
        f.setInvisibleTimeMillis(43_200_000);
        assertEquals(43_200_000, f.getInvisibleTimeMillis());
        JMSException e = assertThrows(JMSException.class, () -> f.setInvisibleTimeMillis(500));
        assertEquals("APOGEE-JMS-0023", e.getErrorCode());
        assertEquals(43_200_000, f.getInvisibleTimeMillis(), "a refused value changes nothing");
    }

    @Test
    void factoryIsSerializable() throws Exception {
        ApogeeConnectionFactory f = new ApogeeConnectionFactory("apogee://127.0.0.1:9876?clientID=x");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(f);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            ApogeeConnectionFactory back = (ApogeeConnectionFactory) in.readObject();
            assertEquals("127.0.0.1:9876", back.getNamesrvAddress());
            assertEquals("x", back.getClientID());
        }
    }

    @Test
    void unreachableNameServerFailsCreateConnection() {
        ApogeeConnectionFactory f = new ApogeeConnectionFactory();
        f.setNamesrvAddress("127.0.0.1:1");
        f.setRequestTimeoutMillis(500);
        assertThrows(JMSException.class, f::createConnection);
    }
}
