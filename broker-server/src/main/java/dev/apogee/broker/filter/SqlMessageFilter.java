package dev.apogee.broker.filter;

import dev.apogee.store.MessageFilter;
import java.nio.ByteBuffer;

/**
 * The filter of one pull for an SQL92 subscription. Consume-queue entries pass unless the expression is a pure tag
 * test whose tags the entry's hash excludes; each stored record is then judged on its properties alone, never its
 * body. Not thread-safe: it reuses its {@link StoredProperties} across the messages of its pull.
 */
final class SqlMessageFilter implements MessageFilter {
    private final CompiledExpression expression;
    private final StoredProperties properties;

    SqlMessageFilter(CompiledExpression expression) {
        this.expression = expression;
        this.properties = new StoredProperties(expression);
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
        return expression.selector().matches(properties);
    }

    CompiledExpression expression() {
        return expression;
    }
}
