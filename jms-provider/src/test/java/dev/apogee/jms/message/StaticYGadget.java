package dev.apogee.jms.message;

import java.io.Serial;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A gadget whose static initializer records that it ran. Never referenced directly by tests (only by name inside a
 * payload), so the class is not initialized unless deserialization initializes it.
 */
public class StaticYGadget implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    /** Set by the static initializer; lives in another class so reading it does not initialize this one. */
    static final AtomicBoolean UNUSED = GadgetFlags.markStaticInitRan();
    int value = 1;
}
