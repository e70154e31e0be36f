package dev.apogee.jms.destination;

import java.util.Hashtable;
import javax.naming.Context;
import javax.naming.Name;
import javax.naming.RefAddr;
import javax.naming.Reference;
import javax.naming.spi.ObjectFactory;

/**
 * JNDI object factory turning a {@link Reference} made by {@link ApogeeDestination#getReference()} back into the
 * destination. Returns {@code null} for references it does not recognise, as {@link ObjectFactory} requires.
 */
public final class DestinationObjectFactory implements ObjectFactory {
    @Override
    public Object getObjectInstance(Object obj, Name name, Context nameCtx, Hashtable<?, ?> environment)
            throws Exception {
        if (!(obj instanceof Reference reference)
                || !DestinationObjectFactory.class.getName().equals(reference.getFactoryClassName())) {
            return null;
        }
        RefAddr kind = reference.get(ApogeeDestination.REF_KIND);
        RefAddr destinationName = reference.get(ApogeeDestination.REF_NAME);
        if (kind == null || destinationName == null) {
            return null;
        }
        return DestinationParser.create(DestinationKind.valueOf((String) kind.getContent()),
                (String) destinationName.getContent());
    }
}
