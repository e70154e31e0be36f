package dev.apogee.tck;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The Jakarta Messaging 3.1 specification section a test checks (e.g. {@code @Spec("6.1.2")}). Every test method
 * carries one, on itself or its class; {@link SpecSections} lists the sections the suite may cite, and
 * {@code SpecCitationTest} fails the build when a test cites none or one not listed.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Spec {
    /** Section numbers, e.g. {@code "3.4.3"}. */
    String[] value();
}
