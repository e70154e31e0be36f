package dev.apogee.jms.message;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The allow-list for ObjectMessage bodies: a class may be deserialized only if its package is one of these or a
 * subpackage of one. Always trusted: {@code java.lang}, {@code java.util}, {@code java.math}, {@code java.time}
 * (and their subpackages), primitive types and arrays of trusted types. Applications add their own packages
 * (e.g. {@code com.example.orders}); {@link #trustAll()} switches the check off and should only be used when every
 * producer is trusted.
 */
public final class TrustedPackages {
    /** Packages trusted by default. */
    public static final List<String> DEFAULTS = List.of("java.lang", "java.util", "java.math", "java.time");

    private final List<String> packages;
    private final boolean all;

    private TrustedPackages(List<String> packages, boolean all) {
        this.packages = packages;
        this.all = all;
    }

    /** Only the default packages. */
    public static TrustedPackages defaults() {
        return new TrustedPackages(DEFAULTS, false);
    }

    /** The default packages plus {@code extra} (each trusting its subpackages too). */
    public static TrustedPackages withPackages(List<String> extra) {
        List<String> list = new ArrayList<>(DEFAULTS);
        for (String p : extra) {
            String trimmed = p.trim();
            if (trimmed.endsWith(".*")) {
                trimmed = trimmed.substring(0, trimmed.length() - 2);
            }
            if (!trimmed.isEmpty()) {
                list.add(trimmed);
            }
        }
        return new TrustedPackages(Collections.unmodifiableList(list), false);
    }

    /** Every class: no allow-list check (not recommended). */
    public static TrustedPackages trustAll() {
        return new TrustedPackages(DEFAULTS, true);
    }

    /** The trusted package prefixes. */
    public List<String> packages() {
        return packages;
    }

    /** Whether every class is trusted. */
    public boolean isTrustAll() {
        return all;
    }

    /** Whether a class of this binary name (as {@link Class#getName()}, arrays included) may be deserialized. */
    public boolean isTrusted(String className) {
        if (all) {
            return true;
        }
        String name = className;
        while (name.startsWith("[")) {
            name = name.substring(1);
        }
        if (name.length() == 1) {
            return "ZBCSIJFD".contains(name);
        }
        if (name.startsWith("L") && name.endsWith(";") && !name.equals(className)) {
            name = name.substring(1, name.length() - 1);
        }
        if (isPrimitiveName(name)) {
            return true;
        }
        int dot = name.lastIndexOf('.');
        if (dot < 0) {
            return false;
        }
        String pkg = name.substring(0, dot);
        for (String trusted : packages) {
            if (pkg.equals(trusted) || pkg.startsWith(trusted + ".")) {
                return true;
            }
        }
        return false;
    }

    private static boolean isPrimitiveName(String name) {
        return switch (name) {
            case "boolean", "byte", "char", "short", "int", "long", "float", "double", "void" -> true;
            default -> false;
        };
    }

    @Override
    public String toString() {
        return all ? "TrustedPackages[all]" : "TrustedPackages" + packages;
    }
}
