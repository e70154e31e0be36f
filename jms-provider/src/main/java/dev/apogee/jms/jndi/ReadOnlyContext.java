package dev.apogee.jms.jndi;

import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import jakarta.jms.JMSException;

import java.util.Hashtable;
import java.util.SortedMap;
import javax.naming.Binding;
import javax.naming.CompositeName;
import javax.naming.Context;
import javax.naming.InvalidNameException;
import javax.naming.Name;
import javax.naming.NameClassPair;
import javax.naming.NameNotFoundException;
import javax.naming.NameParser;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.NotContextException;
import javax.naming.OperationNotSupportedException;

/**
 * A flat, read-only naming context over the objects {@link JndiBindings} made, plus the virtual
 * {@code dynamicQueues/<name>} and {@code dynamicTopics/<name>} lookups. Names are compared as whole strings: a
 * JNDI name declared as {@code queue.jms/orders} is looked up as {@code jms/orders}.
 */
final class ReadOnlyContext implements Context {
    static final String DYNAMIC_QUEUES = "dynamicQueues/";
    static final String DYNAMIC_TOPICS = "dynamicTopics/";
    private static final NameParser PARSER = CompositeName::new;

    private final SortedMap<String, Object> bindings;
    private final Hashtable<Object, Object> environment;
    private volatile boolean closed;

    ReadOnlyContext(SortedMap<String, Object> bindings, Hashtable<Object, Object> environment) {
        this.bindings = bindings;
        this.environment = environment;
    }

    @Override
    public Object lookup(String name) throws NamingException {
        checkOpen();
        if (name.isEmpty()) {
            // Context.lookup("") returns a new instance of this context (javax.naming.Context Javadoc)
            return new ReadOnlyContext(bindings, new Hashtable<>(environment));
        }
        Object bound = bindings.get(name);
        if (bound != null) {
            return bound;
        }
        if (name.startsWith(DYNAMIC_QUEUES)) {
            return dynamic(name, DYNAMIC_QUEUES);
        }
        if (name.startsWith(DYNAMIC_TOPICS)) {
            return dynamic(name, DYNAMIC_TOPICS);
        }
        throw new NameNotFoundException("no JNDI binding '" + name + "' (bound: " + bindings.keySet()
                + "); declare it as queue." + name + "=<queue>, topic." + name + "=<topic> or connectionFactory."
                + name + "=<apogee:// URL>, or look up " + DYNAMIC_QUEUES + "<queue> / " + DYNAMIC_TOPICS + "<topic>");
    }

    private static Object dynamic(String jndiName, String prefix) throws NamingException {
        String destination = jndiName.substring(prefix.length());
        try {
            return prefix.equals(DYNAMIC_QUEUES) ? new ApogeeQueue(destination) : new ApogeeTopic(destination);
        } catch (JMSException e) {
            InvalidNameException error = new InvalidNameException("JNDI name '" + jndiName + "': " + e.getMessage());
            error.setRootCause(e);
            throw error;
        }
    }

    @Override
    public Object lookup(Name name) throws NamingException {
        return lookup(name.toString());
    }

    @Override
    public Object lookupLink(String name) throws NamingException {
        return lookup(name); // no links in this context
    }

    @Override
    public Object lookupLink(Name name) throws NamingException {
        return lookup(name);
    }

    @Override
    public NamingEnumeration<NameClassPair> list(String name) throws NamingException {
        checkListable(name);
        return new ListEnumeration<>(bindings.entrySet().stream()
                .map(e -> new NameClassPair(e.getKey(), e.getValue().getClass().getName())).iterator());
    }

    @Override
    public NamingEnumeration<NameClassPair> list(Name name) throws NamingException {
        return list(name.toString());
    }

    @Override
    public NamingEnumeration<Binding> listBindings(String name) throws NamingException {
        checkListable(name);
        return new ListEnumeration<>(bindings.entrySet().stream()
                .map(e -> new Binding(e.getKey(), e.getValue())).iterator());
    }

    @Override
    public NamingEnumeration<Binding> listBindings(Name name) throws NamingException {
        return listBindings(name.toString());
    }

    /** Only the root is a context; listing a bound object or an unknown name fails as JNDI prescribes. */
    private void checkListable(String name) throws NamingException {
        checkOpen();
        if (name.isEmpty()) {
            return;
        }
        if (bindings.containsKey(name)) {
            throw new NotContextException("'" + name + "' is bound to an object, not a context");
        }
        throw new NameNotFoundException("no JNDI context '" + name + "'; only the root context (\"\") can be listed");
    }

    @Override
    public void bind(Name name, Object obj) throws NamingException {
        throw readOnly("bind");
    }

    @Override
    public void bind(String name, Object obj) throws NamingException {
        throw readOnly("bind");
    }

    @Override
    public void rebind(Name name, Object obj) throws NamingException {
        throw readOnly("rebind");
    }

    @Override
    public void rebind(String name, Object obj) throws NamingException {
        throw readOnly("rebind");
    }

    @Override
    public void unbind(Name name) throws NamingException {
        throw readOnly("unbind");
    }

    @Override
    public void unbind(String name) throws NamingException {
        throw readOnly("unbind");
    }

    @Override
    public void rename(Name oldName, Name newName) throws NamingException {
        throw readOnly("rename");
    }

    @Override
    public void rename(String oldName, String newName) throws NamingException {
        throw readOnly("rename");
    }

    @Override
    public void destroySubcontext(Name name) throws NamingException {
        throw readOnly("destroySubcontext");
    }

    @Override
    public void destroySubcontext(String name) throws NamingException {
        throw readOnly("destroySubcontext");
    }

    @Override
    public Context createSubcontext(Name name) throws NamingException {
        throw readOnly("createSubcontext");
    }

    @Override
    public Context createSubcontext(String name) throws NamingException {
        throw readOnly("createSubcontext");
    }

    private static OperationNotSupportedException readOnly(String operation) {
        return new OperationNotSupportedException(operation + " is not supported: the Apogee JNDI context is"
                + " read-only; declare objects in jndi.properties or the InitialContext environment instead");
    }

    @Override
    public NameParser getNameParser(Name name) {
        return PARSER;
    }

    @Override
    public NameParser getNameParser(String name) {
        return PARSER;
    }

    @Override
    public Name composeName(Name name, Name prefix) throws NamingException {
        return ((Name) prefix.clone()).addAll(name);
    }

    @Override
    public String composeName(String name, String prefix) throws NamingException {
        return composeName(new CompositeName(name), new CompositeName(prefix)).toString();
    }

    /** Changes this context's copy of the environment only; the bindings were fixed at creation. */
    @Override
    public Object addToEnvironment(String propName, Object propVal) {
        return environment.put(propName, propVal);
    }

    @Override
    public Object removeFromEnvironment(String propName) {
        return environment.remove(propName);
    }

    @Override
    public Hashtable<?, ?> getEnvironment() {
        return new Hashtable<>(environment);
    }

    /** Nothing to release (no connection is held); later use of this instance fails, as JNDI allows. */
    @Override
    public void close() {
        closed = true;
    }

    @Override
    public String getNameInNamespace() {
        return "";
    }

    private void checkOpen() throws NamingException {
        if (closed) {
            throw new NamingException("this JNDI context has been closed");
        }
    }
}
