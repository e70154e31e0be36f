package dev.apogee.jms.message;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Our enforcement of the reserved prefixes (Jakarta Messaging 3.1 §3.5.9 JMSX names, §3.5.10 {@code JMS_<vendor>})
 * and of RocketMQ's separator characters in names.
 */
class PropertyNamesTest {

    // §3.5.9 / §3.5.10: the defined JMSX names and our JMS_Apogee_ names are allowed
    @ParameterizedTest
    @ValueSource(strings = {"JMSXUserID", "JMSXAppID", "JMSXDeliveryCount", "JMSXGroupID", "JMSXGroupSeq",
            "JMSXProducerTXID", "JMSXConsumerTXID", "JMSXRcvTimestamp", "JMSXState", "JMS_Apogee_Tag",
            "JMS_Apogee_Keys", "JMS_Apogee_Anything", "JMs", "jmsLower"})
    void allowed(String name) {
        assertTrue(PropertyNames.isValid(name));
    }

    // §3.5.9 / §3.5.10: other JMS-prefixed names are reserved; control characters would break RocketMQ properties
    @ParameterizedTest
    @ValueSource(strings = {"JMSType", "JMSFoo", "JMSX", "JMSXFoo", "JMS_other_vendor", "JMS_", "a\u0001b", "a\u0002",
            "x\u0000"})
    void refused(String name) throws JMSException {
        assertFalse(PropertyNames.isValid(name));
        ApogeeMessage m = new ApogeeMessage();
        assertThrows(IllegalArgumentException.class, () -> m.setStringProperty(name, "v"));
    }
}
