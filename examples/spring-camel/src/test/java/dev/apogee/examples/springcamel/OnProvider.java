package dev.apogee.examples.springcamel;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** The provider a test class runs its scenarios against (read by {@link ProviderExtension}). */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@interface OnProvider {
    ProviderKind value();
}
