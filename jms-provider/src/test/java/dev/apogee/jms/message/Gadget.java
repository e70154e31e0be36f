package dev.apogee.jms.message;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deserialization "gadget" outside the trusted packages: its constructor, readObject and readResolve record that
 * they ran. Tests assert the counters do not move when a payload containing it is refused.
 */
public class Gadget implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    static final AtomicInteger CONSTRUCTED = new AtomicInteger();
    static final AtomicInteger READ_OBJECT = new AtomicInteger();
    static final AtomicInteger READ_RESOLVE = new AtomicInteger();

    String command = "rm -rf /";

    public Gadget() {
        CONSTRUCTED.incrementAndGet();
    }

    @Serial
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        READ_OBJECT.incrementAndGet();
    }

    @Serial
    private Object readResolve() {
        READ_RESOLVE.incrementAndGet();
        return this;
    }

    static void resetCounters() {
        CONSTRUCTED.set(0);
        READ_OBJECT.set(0);
        READ_RESOLVE.set(0);
    }
}
