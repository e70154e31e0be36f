package dev.apogee.examples;

import dev.apogee.jms.api.ApogeeConnectionFactory;
import jakarta.jms.Queue;
import jakarta.jms.Topic;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import javax.naming.InitialContext;
import javax.naming.NameClassPair;
import javax.naming.NamingEnumeration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The examples' own jndi.properties, read the way the examples read it: {@code new InitialContext()}. */
class JndiPropertiesTest {
    @AfterEach
    void clear() {
        System.clearProperty("apogee.url");
    }

    @Test
    void declaresEveryDestinationTheExamplesLookUp() throws Exception {
        InitialContext jndi = new InitialContext();
        try {
            for (String queue : List.of("orders", "requests", "jobs", "results", "shipments")) {
                assertInstanceOf(Queue.class, jndi.lookup(queue), queue);
            }
            assertEquals("ExamplePrices", assertInstanceOf(Topic.class, jndi.lookup("prices")).getTopicName());
            List<String> names = new ArrayList<>();
            NamingEnumeration<NameClassPair> list = jndi.list("");
            while (list.hasMore()) {
                names.add(list.next().getName());
            }
            assertEquals(List.of("ConnectionFactory", "jobs", "orders", "prices", "requests", "results", "shipments"),
                    names);
        } finally {
            jndi.close();
        }
    }

    @Test
    void theBrokerUrlDefaultsToStandaloneAndFollowsApogeeUrl() throws Exception {
        assumeTrue(System.getenv("APOGEE_URL") == null, "APOGEE_URL is set in this environment");
        assertNull(System.getProperty("apogee.url"));
        assertEquals("127.0.0.1:9876", factory().getNamesrvAddress());
        System.setProperty("apogee.url", "apogee://192.0.2.7:19876?clientID=from-property");
        ApogeeConnectionFactory overridden = factory();
        assertEquals("192.0.2.7:19876", overridden.getNamesrvAddress());
        assertEquals("from-property", overridden.getClientID());
    }

    private static ApogeeConnectionFactory factory() throws Exception {
        InitialContext jndi = new InitialContext();
        try {
            return assertInstanceOf(ApogeeConnectionFactory.class, jndi.lookup("ConnectionFactory"));
        } finally {
            jndi.close();
        }
    }
}
