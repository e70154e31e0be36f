package dev.apogee.remoting.config;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A {@code String} setting with a syntax of its own: the whole value must match {@link #regex()}. */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface Matches {
    String regex();

    /** What the operator is told is allowed, e.g. {@code "hours 00-23 separated by ';'"}. */
    String description();
}
