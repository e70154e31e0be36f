package dev.apogee.ra.admin;

import jakarta.resource.Referenceable;
import jakarta.resource.spi.ResourceAdapter;
import jakarta.resource.spi.ResourceAdapterAssociation;

import javax.naming.Reference;
import java.io.Serializable;
import java.util.Objects;

/**
 * A destination bound in JNDI by the container from an admin-object definition; the provider accepts it wherever
 * a destination is expected (it reads the queue or topic name).
 */
public abstract class AdminDestination implements Serializable, Referenceable, ResourceAdapterAssociation {
    private static final long serialVersionUID = 1L;

    private String name;
    private transient ResourceAdapter resourceAdapter;
    private Reference reference;

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    @Override
    public ResourceAdapter getResourceAdapter() {
        return resourceAdapter;
    }

    @Override
    public void setResourceAdapter(ResourceAdapter ra) {
        this.resourceAdapter = ra;
    }

    @Override
    public void setReference(Reference reference) {
        this.reference = reference;
    }

    @Override
    public Reference getReference() {
        return reference;
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && Objects.equals(name, ((AdminDestination) o).name);
    }

    @Override
    public int hashCode() {
        return Objects.hash(getClass(), name);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + name + "]";
    }
}
