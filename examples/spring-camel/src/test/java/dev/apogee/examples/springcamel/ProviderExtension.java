package dev.apogee.examples.springcamel;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;

import java.io.IOException;

/**
 * Resolves a {@link Provider} parameter to the provider the test class names with {@link OnProvider}. Each provider is
 * started once per test JVM, on first use, and shared by every test class; JUnit closes it when the run ends (the
 * root context's store closes the {@link AutoCloseable}s it holds).
 */
final class ProviderExtension implements ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(ProviderExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Provider.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        ProviderKind kind = AnnotationSupport.findAnnotation(context.getRequiredTestClass(), OnProvider.class)
                .map(OnProvider::value)
                .orElseThrow(() -> new ParameterResolutionException(
                        context.getRequiredTestClass().getName() + " does not say @OnProvider"));
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(kind, ProviderExtension::start,
                Started.class).provider();
    }

    private static Started start(ProviderKind kind) {
        try {
            return new Started(kind.start());
        } catch (Exception e) {
            throw new ParameterResolutionException("cannot start " + kind, e);
        }
    }

    /** What the store holds: closing it stops the provider. */
    private record Started(Provider provider) implements AutoCloseable {
        @Override
        public void close() throws IOException {
            provider.close();
        }
    }
}
