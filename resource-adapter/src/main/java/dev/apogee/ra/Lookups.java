package dev.apogee.ra;

import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.ra.inflow.InflowSpec;
import dev.apogee.ra.outbound.ApogeeConnectionFactoryHandle;
import dev.apogee.ra.settings.ApogeeSettings;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.InvalidPropertyException;

import javax.naming.InitialContext;
import javax.naming.NamingException;

/** JNDI look-ups made at endpoint activation, on the container's thread (where the component's JNDI works). */
final class Lookups {
    private Lookups() {
    }

    /** The settings of the connection factory named by connectionFactoryLookup; unset when there is none. */
    static ApogeeSettings connectionFactorySettings(String cfLookup) throws ResourceException {
        if (cfLookup == null) {
            return ApogeeSettings.UNSET;
        }
        Object found = lookup(cfLookup, "connectionFactoryLookup");
        if (found instanceof ApogeeConnectionFactoryHandle handle) {
            return handle.managedConnectionFactory().ownSettings();
        }
        throw new InvalidPropertyException("APOGEE-RA-0005 connectionFactoryLookup '" + cfLookup
                + "' is a " + found.getClass().getName() + ", not an Apogee resource adapter connection factory");
    }

    /** The destination an activation consumes from. */
    static Destination destination(InflowSpec spec) throws ResourceException {
        try {
            if (spec.destinationLookup() == null) {
                return spec.topic() ? new ApogeeTopic(spec.destination()) : new ApogeeQueue(spec.destination());
            }
        } catch (JMSException e) {
            throw new InvalidPropertyException("APOGEE-RA-0006 destination '" + spec.destination() + "': "
                    + e.getMessage(), e);
        }
        Object found = lookup(spec.destinationLookup(), "destinationLookup");
        if (found instanceof Destination d) {
            return d;
        }
        throw new InvalidPropertyException("APOGEE-RA-0006 destinationLookup '" + spec.destinationLookup()
                + "' is a " + found.getClass().getName() + ", not a jakarta.jms.Destination");
    }

    private static Object lookup(String name, String property) throws ResourceException {
        try {
            return new InitialContext().lookup(name);
        } catch (NamingException e) {
            throw new InvalidPropertyException("APOGEE-RA-0007 " + property + " '" + name + "' not found: "
                    + e.getMessage(), e);
        }
    }
}
