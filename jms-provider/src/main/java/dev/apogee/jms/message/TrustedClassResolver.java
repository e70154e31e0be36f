package dev.apogee.jms.message;

import com.esotericsoftware.kryo.util.DefaultClassResolver;

/**
 * Kryo class resolver that checks every class name read from a payload against {@link TrustedPackages} before Kryo
 * loads it (Kryo asks {@link #getTypeByName} first and only then calls {@code Class.forName}).
 */
final class TrustedClassResolver extends DefaultClassResolver {
    private final TrustedPackages trusted;

    TrustedClassResolver(TrustedPackages trusted) {
        this.trusted = trusted;
    }

    @Override
    protected Class<?> getTypeByName(String className) {
        if (!trusted.isTrusted(className)) {
            throw new UntrustedClassException(className, trusted);
        }
        return super.getTypeByName(className);
    }
}
