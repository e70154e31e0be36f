package dev.apogee.remoting.config;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The inclusive bounds of a numeric setting. Without it a number must be {@code >= 0}, and an {@code int} whose
 * key ends in {@code Port} must be a port, {@code 0..65535} (see {@link SettingRule}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface Range {
    long min() default 0;

    long max() default Long.MAX_VALUE;
}
