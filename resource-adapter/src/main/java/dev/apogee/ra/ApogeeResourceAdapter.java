package dev.apogee.ra;

import dev.apogee.jms.xa.ApogeeXAResourceRecovery;
import dev.apogee.ra.inflow.Activation;
import dev.apogee.ra.inflow.ActivationSpecValidator;
import dev.apogee.ra.inflow.ApogeeActivationSpec;
import dev.apogee.ra.inflow.InflowSpec;
import dev.apogee.ra.settings.ApogeeSettings;
import dev.apogee.ra.settings.SettingsBean;
import dev.apogee.ra.settings.SettingsValidator;
import jakarta.jms.JMSException;
import jakarta.resource.NotSupportedException;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ActivationSpec;
import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.ResourceAdapter;
import jakarta.resource.spi.ResourceAdapterInternalException;
import jakarta.resource.spi.endpoint.MessageEndpointFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.transaction.xa.XAResource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The Apogee MQ resource adapter: holds the adapter-level settings (the lowest level before the built-in defaults),
 * the container's bootstrap context, and the active message endpoints. Container threads call every method; the
 * inbound consumers run as {@link jakarta.resource.spi.work.Work} on the container's WorkManager.
 */
public class ApogeeResourceAdapter extends SettingsBean implements ResourceAdapter {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ApogeeResourceAdapter.class);

    private transient volatile BootstrapContext bootstrap;
    private final transient List<Activation> activations = new CopyOnWriteArrayList<>();
    /** One recovery connection per broker cluster and user the activations consume from, kept until stop. */
    private final transient Map<ApogeeSettings, ApogeeXAResourceRecovery> recoveries = new ConcurrentHashMap<>();

    @Override
    public void start(BootstrapContext ctx) throws ResourceAdapterInternalException {
        List<String> problems = SettingsValidator.problems(ownSettings().over(ApogeeSettings.DEFAULTS));
        if (!problems.isEmpty()) {
            throw new ResourceAdapterInternalException("APOGEE-RA-0002 invalid resource adapter config: "
                    + String.join("; ", problems));
        }
        this.bootstrap = ctx;
        LOG.info("APOGEE-RA-0100 Apogee resource adapter started with {}", ownSettings());
    }

    @Override
    public void stop() {
        for (Activation a : activations) {
            a.stop();
        }
        activations.clear();
        recoveries.values().forEach(ApogeeXAResourceRecovery::close);
        recoveries.clear();
        LOG.info("APOGEE-RA-0103 Apogee resource adapter stopped");
    }

    /** The adapter's settings over the built-in defaults: the base every connection factory and spec resolves on. */
    public ApogeeSettings baseSettings() {
        return ownSettings().over(ApogeeSettings.DEFAULTS);
    }

    @Override
    public void endpointActivation(MessageEndpointFactory factory, ActivationSpec spec) throws ResourceException {
        if (!(spec instanceof ApogeeActivationSpec apogeeSpec)) {
            throw new NotSupportedException("APOGEE-RA-0003 not an Apogee activation spec: " + spec);
        }
        BootstrapContext ctx = bootstrap;
        if (ctx == null) {
            throw new ResourceAdapterInternalException("APOGEE-RA-0004 the resource adapter is not started");
        }
        apogeeSpec.validate();
        InflowSpec inflow = ActivationSpecValidator.toInflowSpec(apogeeSpec);
        ApogeeSettings settings = apogeeSpec.ownSettings().over(Lookups.connectionFactorySettings(inflow.cfLookup()))
                .over(baseSettings());
        List<String> problems = new ArrayList<>(SettingsValidator.problems(settings));
        problems.addAll(ActivationSpecValidator.problems(inflow, settings));
        if (!problems.isEmpty()) {
            throw new ResourceAdapterInternalException("APOGEE-RA-0001 invalid activation config: "
                    + String.join("; ", problems));
        }
        Activation activation = new Activation(ctx.getWorkManager(), factory, apogeeSpec, inflow, settings,
                Lookups.destination(inflow));
        activation.start();
        activations.add(activation);
    }

    @Override
    public void endpointDeactivation(MessageEndpointFactory factory, ActivationSpec spec) {
        for (Activation a : activations) {
            if (a.isFor(factory, spec)) {
                activations.remove(a);
                a.stop();
            }
        }
    }

    /**
     * For the container's recovery scans: per distinct broker cluster (and user) of {@code specs}, a resource whose
     * {@code recover} lists the branches prepared on those brokers and not decided, and which commits or rolls them
     * back by Xid. A spec whose settings cannot be resolved now is skipped (logged); the next scan tries again.
     */
    @Override
    public XAResource[] getXAResources(ActivationSpec[] specs) {
        List<XAResource> resources = new ArrayList<>();
        for (ApogeeSettings settings : recoverySettings(specs)) {
            ApogeeXAResourceRecovery recovery = recoveries.computeIfAbsent(settings, s -> {
                try {
                    return new ApogeeXAResourceRecovery(s.newConnectionFactory(false));
                } catch (JMSException e) {
                    LOG.warn("APOGEE-RA-0110 no XA recovery for {}: {}", s, e.getMessage());
                    return null;
                }
            });
            if (recovery != null) {
                resources.addAll(List.of(recovery.getXAResources()));
            }
        }
        return resources.toArray(new XAResource[0]);
    }

    /** The distinct connection settings (URL, user, password) of {@code specs}. */
    private List<ApogeeSettings> recoverySettings(ActivationSpec[] specs) {
        List<ApogeeSettings> distinct = new ArrayList<>();
        for (ActivationSpec spec : specs == null ? new ActivationSpec[0] : specs) {
            if (!(spec instanceof ApogeeActivationSpec apogeeSpec)) {
                continue;
            }
            try {
                ApogeeSettings s = apogeeSpec.ownSettings()
                        .over(Lookups.connectionFactorySettings(apogeeSpec.getConnectionFactoryLookup()))
                        .over(baseSettings());
                ApogeeSettings key = new ApogeeSettings(s.connectionUrl(), s.user(), s.password(), null,
                        s.trustedPackages(), null, null, null);
                if (!distinct.contains(key)) {
                    distinct.add(key);
                }
            } catch (ResourceException | RuntimeException e) {
                LOG.warn("APOGEE-RA-0110 no XA recovery for {} this scan: {}", spec, e.getMessage());
            }
        }
        return distinct;
    }

    /** Active endpoint activations (tests count them after undeploy). */
    public int activationCount() {
        return activations.size();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ApogeeResourceAdapter other && ownSettings().equals(other.ownSettings());
    }

    @Override
    public int hashCode() {
        return Objects.hash(ownSettings());
    }
}
