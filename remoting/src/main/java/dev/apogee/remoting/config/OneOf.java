package dev.apogee.remoting.config;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The values a {@code String} setting accepts, for settings RocketMQ spells as strings ({@code flushDiskType}) and
 * that therefore stay strings on the wire (GET_BROKER_CONFIG) instead of becoming Java enums.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface OneOf {
    String[] value();

    /** Accept any letter case (the value is stored as written). */
    boolean ignoreCase() default false;
}
