package dev.apogee.jms.jndi;

import java.util.Iterator;
import java.util.NoSuchElementException;
import javax.naming.NamingEnumeration;

/** A {@link NamingEnumeration} over an in-memory snapshot; it holds no resources, so {@code close} only ends it. */
final class ListEnumeration<T> implements NamingEnumeration<T> {
    private final Iterator<T> items;
    private boolean closed;

    ListEnumeration(Iterator<T> items) {
        this.items = items;
    }

    @Override
    public T next() {
        return nextElement();
    }

    @Override
    public boolean hasMore() {
        return hasMoreElements();
    }

    @Override
    public boolean hasMoreElements() {
        return !closed && items.hasNext();
    }

    @Override
    public T nextElement() {
        if (closed) {
            throw new NoSuchElementException("enumeration closed");
        }
        return items.next();
    }

    @Override
    public void close() {
        closed = true;
    }
}
