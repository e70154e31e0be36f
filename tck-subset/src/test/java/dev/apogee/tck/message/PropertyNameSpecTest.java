package dev.apogee.tck.message;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.MessageFixture;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Jakarta Messaging 3.1 §3.5.1 "Property names" (identifier rules of §3.8.1.1: a Java identifier, not NULL, TRUE,
 * FALSE, NOT, AND, OR, BETWEEN, LIKE, IN, IS, ESCAPE; the JMS prefix reserved, §3.5.9 JMSX names) and the property
 * setter javadoc: IllegalArgumentException for null, empty or invalid names. Live round trips.
 */
@Spec({"3.5.1", "3.5.9"})
class PropertyNameSpecTest {

    // Jakarta Messaging 3.1 §3.5.1: valid identifiers are accepted
    @ParameterizedTest
    @ValueSource(strings = {"a", "_x", "$dollar", "camelCase9", "ünïcödé", "名前", "nullable", "TRUEish", "Isolated",
            "JMSXGroupID", "JMSXGroupSeq", "JMSXUserID", "JMSXAppID"})
    void validNames(String name) throws JMSException {
        Message m = MessageFixture.current().createMessage();
        assertDoesNotThrow(() -> m.setStringProperty(name, "v"));
        assertEquals("v", m.getStringProperty(name));
    }

    // Jakarta Messaging 3.1 §3.5.1 / §3.8.1.1: keywords (any case) and non-identifiers are refused (the JMS-prefix
    // rules are provider-specific in how strictly they are enforced: see PropertyNamesTest)
    @ParameterizedTest
    @ValueSource(strings = {"", "1abc", "a-b", "a.b", "a b", "a:b", "NULL", "true", "False", "NOT", "and", "OR",
            "BETWEEN", "like", "IN", "is", "ESCAPE"})
    void invalidNames(String name) throws JMSException {
        Message m = MessageFixture.current().createMessage();
        assertThrows(IllegalArgumentException.class, () -> m.setStringProperty(name, "v"));
        assertThrows(IllegalArgumentException.class, () -> m.setIntProperty(name, 1));
        assertThrows(IllegalArgumentException.class, () -> m.setObjectProperty(name, 1L));
    }

    // Property setter javadoc: IllegalArgumentException if the name is null
    @ParameterizedTest
    @ValueSource(booleans = {true})
    void nullName(boolean unused) throws JMSException {
        Message m = MessageFixture.current().createMessage();
        assertThrows(IllegalArgumentException.class, () -> m.setBooleanProperty(null, true));
    }
}
