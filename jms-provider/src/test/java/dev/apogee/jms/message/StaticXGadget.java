package dev.apogee.jms.message;

import java.io.Serial;
import java.io.Serializable;

/** Twin of {@link StaticYGadget} with a same-length name: its serialized form is patched into a StaticYGadget payload. */
public class StaticXGadget implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    int value = 1;
}
