package dev.apogee.broker.filter;

import dev.apogee.remoting.selector.JmsWireValues;
import dev.apogee.remoting.selector.ValueResolver;
import dev.apogee.store.MessageFilter;
import java.nio.ByteBuffer;

/**
 * The filter of one pull for an SQL92 or JMS subscription (the latter reads the stored strings back as JMS-typed
 * values through {@link JmsWireValues}). Consume-queue entries pass unless the expression is a pure tag
 * test whose tags the entry's hash excludes; each stored record is then judged on its properties alone, never its
 * body. Not thread-safe: it reuses its {@link StoredProperties} across the messages of its pull.
 */
final class SqlMessageFilter implements MessageFilter {
    private final CompiledExpression expression;
    private final StoredProperties properties;
    private final JmsWireValues jmsValues;

    SqlMessageFilter(CompiledExpression expression) {
        this.expression = expression;
        this.properties = new StoredProperties(expression);
        this.jmsValues = expression.jmsTyped() ? new JmsWireValues() : null;
    }

    @Override
    public boolean matchesTagsCode(long tagsCode) {
        return expression.mayMatchTagsCode(tagsCode);
    }

    @Override
    public boolean matchesProperties(ByteBuffer storedRecord) {
        if (expression.selector().selectsAll()) {
            return true;
        }
        properties.wrap(storedRecord);
        ValueResolver values = jmsValues == null ? properties : jmsValues.wrap(properties, properties.bornTimestamp());
        return expression.selector().matches(values);
    }

    CompiledExpression expression() {
        return expression;
    }
}
