package dev.apogee.jms.jndi;

import java.util.Hashtable;
import java.util.SortedMap;
import javax.naming.Context;
import javax.naming.NamingException;
import javax.naming.spi.InitialContextFactory;

/**
 * The {@code java.naming.factory.initial} of Apogee MQ: a read-only context of connection factories and destinations
 * declared in the JNDI environment (see the package documentation for the property scheme). Entries are checked when
 * the context is created, so a bad URL or destination name fails {@code new InitialContext()} with a
 * {@link javax.naming.ConfigurationException} naming the property, not a later lookup.
 */
public final class ApogeeInitialContextFactory implements InitialContextFactory {
    @Override
    public Context getInitialContext(Hashtable<?, ?> environment) throws NamingException {
        Hashtable<Object, Object> copy = environment == null ? new Hashtable<>() : new Hashtable<>(environment);
        SortedMap<String, Object> bindings = JndiBindings.from(copy, PropertyExpansion.system());
        return new ReadOnlyContext(bindings, copy);
    }
}
