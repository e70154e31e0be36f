package dev.apogee.jms.jndi;

import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.jms.xa.ApogeeXAConnectionFactory;
import jakarta.jms.XAConnectionFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import javax.naming.ConfigurationException;
import javax.naming.Context;
import javax.naming.NamingException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JndiBindingsTest {
    private static final PropertyExpansion VARIABLES = new PropertyExpansion(Map.of("broker", "10.0.0.2:9876")::get);

    private static SortedMap<String, Object> bindings(String... keyValues) throws NamingException {
        Map<Object, Object> env = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            env.put(keyValues[i], keyValues[i + 1]);
        }
        return JndiBindings.from(env, VARIABLES);
    }

    @Test
    void emptyEnvironmentBindsTheDefaultFactoryToTheStandaloneNameServer() throws Exception {
        SortedMap<String, Object> bound = bindings();
        assertEquals(List.of("ConnectionFactory"), List.copyOf(bound.keySet()));
        assertEquals("127.0.0.1:9876",
                assertInstanceOf(ApogeeConnectionFactory.class, bound.get("ConnectionFactory")).getNamesrvAddress());
    }

    @Test
    void defaultFactoryUsesTheProviderUrlWithItsOptions() throws Exception {
        ApogeeConnectionFactory factory = (ApogeeConnectionFactory) bindings(Context.PROVIDER_URL,
                "apogee://${broker}?clientID=app&sendTimeout=1234").get("ConnectionFactory");
        assertEquals("10.0.0.2:9876", factory.getNamesrvAddress());
        assertEquals("app", factory.getClientID());
        assertEquals(1234, factory.getSendTimeoutMillis());
    }

    @Test
    void declaredFactoriesReplaceTheDefault() throws Exception {
        SortedMap<String, Object> bound = bindings(Context.PROVIDER_URL, "apogee://10.0.0.3:9876?clientID=base",
                "connectionFactory.full", "apogee://10.0.0.4:9876,10.0.0.5:9876",
                "connectionfactory.inherits", "",
                "ConnectionFactory.withOptions", "?sendTimeout=77");
        assertEquals(List.of("full", "inherits", "withOptions"), List.copyOf(bound.keySet()));
        assertEquals("10.0.0.4:9876;10.0.0.5:9876", factory(bound, "full").getNamesrvAddress());
        assertNull(factory(bound, "full").getClientID());
        assertEquals("base", factory(bound, "inherits").getClientID());
        ApogeeConnectionFactory withOptions = factory(bound, "withOptions");
        assertEquals("10.0.0.3:9876", withOptions.getNamesrvAddress());
        assertEquals("base", withOptions.getClientID());
        assertEquals(77, withOptions.getSendTimeoutMillis());
    }

    @Test
    void xaFactoriesAreXaConnectionFactoriesAndAlsoReplaceTheDefault() throws Exception {
        SortedMap<String, Object> bound = bindings(Context.PROVIDER_URL, "apogee://10.0.0.3:9876",
                "xaConnectionFactory.xaCF", "?clientID=xa", "XAconnectionfactory.other", "apogee://10.0.0.6:9876");
        assertEquals(List.of("other", "xaCF"), List.copyOf(bound.keySet()));
        ApogeeXAConnectionFactory xa = assertInstanceOf(ApogeeXAConnectionFactory.class, bound.get("xaCF"));
        assertEquals("10.0.0.3:9876", xa.getNamesrvAddress());
        assertEquals("xa", xa.getClientID());
        assertEquals("10.0.0.6:9876", factory(bound, "other").getNamesrvAddress());
        assertInstanceOf(XAConnectionFactory.class, bound.get("other"));
    }

    @Test
    void plainFactoriesAreNotXa() throws Exception {
        SortedMap<String, Object> bound = bindings("connectionFactory.cf", "");
        assertFalse(bound.get("cf") instanceof XAConnectionFactory);
        assertFalse(bindings().get("ConnectionFactory") instanceof XAConnectionFactory);
    }

    private static ApogeeConnectionFactory factory(Map<String, Object> bound, String name) {
        return assertInstanceOf(ApogeeConnectionFactory.class, bound.get(name));
    }

    @Test
    void queuesAndTopicsAreBoundUnderTheirJndiNames() throws Exception {
        SortedMap<String, Object> bound = bindings("queue.orders", "Orders", "QUEUE.jms/invoices", " Invoices ",
                "topic.prices", "Prices", "topic.Alerts", "", "unrelated.key", "ignored", "java.naming.security.x", "y");
        assertEquals(new ApogeeQueue("Orders"), bound.get("orders"));
        assertEquals(new ApogeeQueue("Invoices"), bound.get("jms/invoices"));
        assertEquals(new ApogeeTopic("Prices"), bound.get("prices"));
        assertEquals(new ApogeeTopic("Alerts"), bound.get("Alerts"), "an empty value names it after the JNDI name");
        assertEquals(List.of("Alerts", "ConnectionFactory", "jms/invoices", "orders", "prices"),
                List.copyOf(bound.keySet()));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "?a=b            | apogee://h:1          | apogee://h:1?a=b",
            "?a=b            | apogee://h:1?c=d      | apogee://h:1?c=d&a=b",
            "''              | apogee://h:1?c=d      | apogee://h:1?c=d",
            "apogee://x:2    | apogee://h:1?c=d      | apogee://x:2",
    })
    void factoryUrlCombinesWithTheProviderUrl(String value, String providerUrl, String expected) {
        assertEquals(expected, JndiBindings.factoryUrl(value, providerUrl));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "queue.bad          | xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | queue.bad",
            "topic.bad          | xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | topic.bad",
            "connectionFactory.cf | tcp://h:1        | bad connection factory URL",
            "connectionFactory.cf | ?nosuch=1        | unknown URL option",
            "queue.             | Orders             | no JNDI name",
            "queue.x            | ${undefined}       | ${undefined}",
            "xaConnectionFactory.xa | http://h:1     | bad connection factory URL",
    })
    void badEntriesFailWithTheirPropertyName(String key, String value, String mentioned) {
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> bindings(key, value));
        assertTrue(e.getMessage().contains(key) && e.getMessage().contains(mentioned), e.getMessage());
    }

    @Test
    void aJndiNameCanBeBoundOnlyOnce() {
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> bindings("queue.orders", "Orders", "topic.orders", "Orders"));
        assertTrue(e.getMessage().contains("'orders' is already bound"), e.getMessage());
    }

    @Test
    void nonStringValuesAreRefused() {
        Map<Object, Object> env = Map.of("queue.orders", 42);
        ConfigurationException e = assertThrows(ConfigurationException.class, () -> JndiBindings.from(env, VARIABLES));
        assertTrue(e.getMessage().contains("must be a String"), e.getMessage());
    }
}
