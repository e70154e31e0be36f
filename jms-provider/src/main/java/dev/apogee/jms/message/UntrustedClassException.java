package dev.apogee.jms.message;

import com.esotericsoftware.kryo.KryoException;

/** Thrown inside deserialization when a payload names a class outside the trusted packages; nothing is loaded. */
final class UntrustedClassException extends KryoException {
    private static final long serialVersionUID = 1L;
    private final String className;

    UntrustedClassException(String className, TrustedPackages trusted) {
        super("class " + className + " is not in a trusted package " + trusted.packages()
                + "; add its package to the connection factory's trusted packages to allow it");
        this.className = className;
    }

    String className() {
        return className;
    }
}
