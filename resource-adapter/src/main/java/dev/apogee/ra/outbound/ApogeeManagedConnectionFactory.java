package dev.apogee.ra.outbound;

import dev.apogee.ra.ApogeeResourceAdapter;
import dev.apogee.ra.settings.ApogeeSettings;
import dev.apogee.ra.settings.SettingsBean;
import dev.apogee.ra.settings.SettingsValidator;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ConnectionManager;
import jakarta.resource.spi.ConnectionRequestInfo;
import jakarta.resource.spi.InvalidPropertyException;
import jakarta.resource.spi.ManagedConnection;
import jakarta.resource.spi.ManagedConnectionFactory;
import jakarta.resource.spi.ResourceAdapter;
import jakarta.resource.spi.ResourceAdapterAssociation;

import javax.security.auth.Subject;
import java.io.PrintWriter;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An outbound connection definition: its settings sit over the adapter's. Creates the connection factory the
 * application looks up, and the pooled {@link ApogeeManagedConnection}s behind it. Called by container threads.
 * It does not implement {@code TransactionSupport} on purpose: that would override the descriptors, and the
 * transaction support (XATransaction by default, LocalTransaction or NoTransaction) is chosen per deployment in
 * {@code ra.xml} / {@code ironjacamar.xml}; the managed connection serves all of them.
 */
public class ApogeeManagedConnectionFactory extends SettingsBean implements ManagedConnectionFactory,
        ResourceAdapterAssociation {
    private static final long serialVersionUID = 1L;

    private transient ApogeeResourceAdapter resourceAdapter;
    private transient PrintWriter logWriter;

    @Override
    public Object createConnectionFactory(ConnectionManager cm) {
        return new ApogeeConnectionFactoryHandle(this, cm);
    }

    /** Outside a container: connections are not pooled and not enlisted. */
    @Override
    public Object createConnectionFactory() {
        return new ApogeeConnectionFactoryHandle(this, new UnpooledConnectionManager());
    }

    @Override
    public ManagedConnection createManagedConnection(Subject subject, ConnectionRequestInfo info)
            throws ResourceException {
        ApogeeSettings settings = effectiveSettings();
        ApogeeRequestInfo request = ApogeeRequestInfo.of(subject, info, this);
        return ApogeeManagedConnection.open(this, settings, request);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public ManagedConnection matchManagedConnections(Set candidates, Subject subject, ConnectionRequestInfo info) {
        ApogeeRequestInfo request = ApogeeRequestInfo.of(subject, info, this);
        for (Object o : candidates) {
            if (o instanceof ApogeeManagedConnection mc && mc.factory() == this && mc.request().equals(request)
                    && !mc.isBroken()) {
                return mc;
            }
        }
        return null;
    }

    /** This definition's settings over the adapter's and the defaults; invalid ones fail the first connection. */
    ApogeeSettings effectiveSettings() throws InvalidPropertyException {
        ApogeeSettings base = resourceAdapter != null ? resourceAdapter.baseSettings() : ApogeeSettings.DEFAULTS;
        ApogeeSettings settings = ownSettings().over(base);
        List<String> problems = SettingsValidator.problems(settings);
        if (!problems.isEmpty()) {
            throw new InvalidPropertyException("APOGEE-RA-0010 invalid connection definition: "
                    + String.join("; ", problems));
        }
        return settings;
    }

    @Override
    public ResourceAdapter getResourceAdapter() {
        return resourceAdapter;
    }

    @Override
    public void setResourceAdapter(ResourceAdapter ra) throws ResourceException {
        if (!(ra instanceof ApogeeResourceAdapter apogee)) {
            throw new InvalidPropertyException("APOGEE-RA-0011 not the Apogee resource adapter: " + ra);
        }
        this.resourceAdapter = apogee;
    }

    @Override
    public PrintWriter getLogWriter() {
        return logWriter;
    }

    @Override
    public void setLogWriter(PrintWriter out) {
        this.logWriter = out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ApogeeManagedConnectionFactory other && ownSettings().equals(other.ownSettings());
    }

    @Override
    public int hashCode() {
        return Objects.hash(ownSettings());
    }
}
