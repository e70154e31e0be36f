package dev.apogee.jms.message;

import java.io.Serial;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;

/** A gadget without Java serialization hooks (Kryo's field-serializer path); its constructor records that it ran. */
public class PlainGadget implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    static final AtomicInteger CONSTRUCTED = new AtomicInteger();

    int value = 7;

    public PlainGadget() {
        CONSTRUCTED.incrementAndGet();
    }
}
