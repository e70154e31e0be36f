package dev.apogee.jms.message;

import java.util.concurrent.atomic.AtomicBoolean;

/** Side-effect recorder for {@link StaticYGadget}'s static initializer. */
final class GadgetFlags {
    static final AtomicBoolean STATIC_INIT_RAN = new AtomicBoolean();

    private GadgetFlags() {
    }

    static AtomicBoolean markStaticInitRan() {
        STATIC_INIT_RAN.set(true);
        return STATIC_INIT_RAN;
    }
}
