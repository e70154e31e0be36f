package dev.apogee.jms.jndi;

import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Queue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import javax.naming.Binding;
import javax.naming.CompositeName;
import javax.naming.ConfigurationException;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.InvalidNameException;
import javax.naming.NameClassPair;
import javax.naming.NameNotFoundException;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.NotContextException;
import javax.naming.OperationNotSupportedException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The context as applications get it: through {@link InitialContext} with our factory named in the environment. */
class ReadOnlyContextTest {
    private InitialContext jndi;

    static Hashtable<String, String> environment(String... keyValues) {
        Hashtable<String, String> env = new Hashtable<>();
        env.put(Context.INITIAL_CONTEXT_FACTORY, ApogeeInitialContextFactory.class.getName());
        for (int i = 0; i < keyValues.length; i += 2) {
            env.put(keyValues[i], keyValues[i + 1]);
        }
        return env;
    }

    @BeforeEach
    void create() throws NamingException {
        jndi = new InitialContext(environment(Context.PROVIDER_URL, "apogee://127.0.0.1:9999",
                "queue.orders", "Orders", "topic.prices", "Prices"));
    }

    @AfterEach
    void close() throws NamingException {
        jndi.close();
    }

    @Test
    void looksUpDeclaredObjectsByStringAndName() throws Exception {
        assertEquals(new ApogeeQueue("Orders"), jndi.lookup("orders"));
        assertEquals(new ApogeeTopic("Prices"), jndi.lookup(new CompositeName("prices")));
        ConnectionFactory factory = (ConnectionFactory) jndi.lookup("ConnectionFactory");
        assertEquals("127.0.0.1:9999", ((ApogeeConnectionFactory) factory).getNamesrvAddress());
        assertSame(factory, jndi.lookup("ConnectionFactory"), "a lookup returns the bound instance");
        assertSame(factory, jndi.lookupLink("ConnectionFactory"));
    }

    @Test
    void dynamicNamesCreateDestinationsThatAreNotDeclared() throws Exception {
        assertEquals(new ApogeeQueue("Adhoc_1"), jndi.lookup("dynamicQueues/Adhoc_1"));
        assertEquals(new ApogeeTopic("Adhoc-2"), jndi.lookup(new CompositeName("dynamicTopics/Adhoc-2")));
        assertEquals(new ApogeeQueue("orders.created"), jndi.lookup("dynamicQueues/orders.created"));
        assertEquals(new ApogeeQueue("a/b:c d"), jndi.lookup("dynamicQueues/a/b:c d"));
        String tooLong = "dynamicQueues/" + "x".repeat(128);
        InvalidNameException e = assertThrows(InvalidNameException.class, () -> jndi.lookup(tooLong));
        assertTrue(e.getMessage().contains(tooLong) && e.getMessage().contains("127"), e.getMessage());
        assertThrows(InvalidNameException.class, () -> jndi.lookup("dynamicTopics/"));
    }

    @Test
    void missingNamesAreNameNotFoundWithAHint() {
        NameNotFoundException e = assertThrows(NameNotFoundException.class, () -> jndi.lookup("invoices"));
        assertTrue(e.getMessage().contains("'invoices'") && e.getMessage().contains("queue.invoices="),
                e.getMessage());
        assertThrows(NameNotFoundException.class, () -> jndi.lookup("dynamicQueues"));
    }

    @Test
    void theContextIsReadOnly() {
        List<Executable> writes = List.of(
                () -> jndi.bind("x", new ApogeeQueue("X")),
                () -> jndi.bind(new CompositeName("x"), new ApogeeQueue("X")),
                () -> jndi.rebind("orders", new ApogeeQueue("X")),
                () -> jndi.rebind(new CompositeName("orders"), new ApogeeQueue("X")),
                () -> jndi.unbind("orders"),
                () -> jndi.unbind(new CompositeName("orders")),
                () -> jndi.rename("orders", "o2"),
                () -> jndi.createSubcontext("sub"),
                () -> jndi.destroySubcontext("sub"));
        for (Executable write : writes) {
            OperationNotSupportedException e = assertThrows(OperationNotSupportedException.class, write);
            assertTrue(e.getMessage().contains("read-only"), e.getMessage());
        }
        assertInstanceOf(Queue.class, assertDoesNotThrowLookup("orders"), "still bound after the refused unbind");
    }

    private Object assertDoesNotThrowLookup(String name) {
        try {
            return jndi.lookup(name);
        } catch (NamingException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void listsTheBindingsInNameOrder() throws Exception {
        List<String> names = new ArrayList<>();
        List<String> classes = new ArrayList<>();
        NamingEnumeration<NameClassPair> pairs = jndi.list("");
        while (pairs.hasMore()) {
            NameClassPair pair = pairs.next();
            names.add(pair.getName());
            classes.add(pair.getClassName());
        }
        assertEquals(List.of("ConnectionFactory", "orders", "prices"), names);
        assertEquals(List.of(ApogeeConnectionFactory.class.getName(), ApogeeQueue.class.getName(),
                ApogeeTopic.class.getName()), classes);

        List<Object> objects = new ArrayList<>();
        NamingEnumeration<Binding> bindings = jndi.listBindings(new CompositeName(""));
        while (bindings.hasMoreElements()) {
            objects.add(bindings.nextElement().getObject());
        }
        assertEquals(List.of(jndi.lookup("ConnectionFactory"), jndi.lookup("orders"), jndi.lookup("prices")),
                objects);

        assertThrows(NotContextException.class, () -> jndi.list("orders"));
        assertThrows(NameNotFoundException.class, () -> jndi.listBindings("nowhere"));
    }

    @Test
    void emptyLookupGivesAnIndependentContext() throws Exception {
        Context root = (Context) jndi.lookup("");
        Context other = (Context) jndi.lookup("");
        assertNotSame(root, other);
        root.close();
        NamingException e = assertThrows(NamingException.class, () -> root.lookup("orders"));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertEquals(new ApogeeQueue("Orders"), other.lookup("orders"), "closing one context leaves others open");
    }

    @Test
    void closeEndsTheInitialContext() throws Exception {
        jndi.close();
        assertThrows(NamingException.class, () -> jndi.lookup("orders"));
    }

    @Test
    void environmentIsACopyAndNamesCompose() throws Exception {
        assertEquals("apogee://127.0.0.1:9999", jndi.getEnvironment().get(Context.PROVIDER_URL));
        Context root = (Context) jndi.lookup(""); // InitialContext.composeName does not delegate
        assertEquals("a/b", root.composeName("b", "a"));
        assertEquals(new CompositeName("x/y"), jndi.getNameParser("").parse("x/y"));
        assertEquals("", jndi.getNameInNamespace());
    }

    @Test
    void aBadEntryFailsTheInitialContext() {
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> new InitialContext(environment("queue.orders", "x".repeat(128))));
        assertTrue(e.getMessage().contains("queue.orders"), e.getMessage());
    }
}
