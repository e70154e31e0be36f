package dev.apogee.remoting.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** JMS-typed values read back from the JMS provider's string properties and {@code __JMS_T} type map. */
class JmsWireValuesTest {

    private static Object value(String identifier, String typeMap, String... namesAndValues) {
        Map<String, String> wire = new HashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            wire.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        if (typeMap != null) {
            wire.put(JmsWireValues.TYPES, typeMap);
        }
        return new JmsWireValues().wrap(wire::get, 77L).get(identifier);
    }

    @ParameterizedTest(name = "{0}={1} with {2}")
    @CsvSource(delimiter = '|', nullValues = "NULL", value = {
            "x | 42       | NULL             | java.lang.String  | 42",
            "x | 42       | x:I              | java.lang.Integer | 42",
            "x | 42       | x:J              | java.lang.Long    | 42",
            "x | 42       | x:S              | java.lang.Short   | 42",
            "x | 42       | x:B              | java.lang.Byte    | 42",
            "x | 4.5      | x:D              | java.lang.Double  | 4.5",
            "x | 4.5      | x:F              | java.lang.Float   | 4.5",
            "x | TRUE     | x:Z              | java.lang.Boolean | true",
            "x | yes      | x:Z              | java.lang.Boolean | false",
            "x | 4x       | x:I              | java.lang.String  | 4x",
            "x | 42       | xx:I;x:T         | java.lang.String  | 42",
            "x | 42       | x:T;x:J          | java.lang.Long    | 42",
            "x | 42       | y:I              | java.lang.String  | 42",
            "x | a%25%01b | x:TE             | java.lang.String  | a%\u0001b",
            "x | a%25b    | NULL             | java.lang.String  | a%25b",
            "x | 9%zz     | x:TE             | java.lang.String  | 9%zz"})
    void restoresTheTypeOfAUserProperty(String name, String raw, String typeMap, String type, String expected) {
        Object v = value(name, typeMap, name, raw);
        assertEquals(type, v.getClass().getName());
        assertEquals(expected, v.toString());
    }

    @Test
    void emptyAndNullEntriesNeedNoWireValue() {
        assertEquals("", value("e", "e:T0"));
        assertEquals(null, value("n", "n:N", "n", "stale"));
        assertEquals(null, value("absent", "x:I"));
    }

    @Test
    void headersAsTheReceivedMessageReportsThem() {
        assertEquals("PERSISTENT", value("JMSDeliveryMode", null));
        assertEquals("NON_PERSISTENT", value("JMSDeliveryMode", null, "JMSDeliveryMode", "1"));
        assertEquals(4, value("JMSPriority", null));
        assertEquals(9, value("JMSPriority", null, "JMSPriority", "12"));
        assertEquals(4, value("JMSPriority", null, "JMSPriority", "high"));
        assertEquals(77L, value("JMSTimestamp", null));
        assertEquals(123L, value("JMSTimestamp", null, "JMSTimestamp", "123"));
        assertEquals("ID:u1", value("JMSMessageID", null, "JMSMessageID", "ID:x", "UNIQ_KEY", "u1"));
        assertEquals("ID:x", value("JMSMessageID", null, "JMSMessageID", "ID:x"));
        assertEquals("", value("JMSType", "JMSType:T0"));
        assertEquals("héllo", value("JMSCorrelationID", null, "__JMS_CIDB", "aMOpbGxv", "JMSCorrelationID", "z"));
        assertEquals("c", value("JMSCorrelationID", null, "JMSCorrelationID", "c", "CORRELATION_ID", "n"));
        assertEquals("n", value("JMSCorrelationID", null, "CORRELATION_ID", "n"));
    }

    @Test
    void tagKeysAndHiddenNames() {
        assertEquals("t", value("JMS_Apogee_Tag", null, "TAGS", "t"));
        assertEquals("t", value("TAGS", null, "TAGS", "t"));
        assertEquals("k1 k2", value("JMS_Apogee_Keys", null, "KEYS", "k1 k2"));
        assertEquals(null, value("JMSDestination", null, "JMSDestination", "queue://q"));
        assertEquals(null, value("JMSExpiration", null, "JMSExpiration", "5"));
        assertEquals(null, value("__JMS_BODY", null, "__JMS_BODY", "text"));
        assertEquals(3, value("JMSXGroupSeq", "JMSXGroupSeq:I", "JMSXGroupSeq", "3"));
    }

    @Test
    void wireNamesCoverWhatEvaluationReads() {
        assertEquals(List.of("JMSPriority", "x", "__JMS_T", "TAGS"), List.copyOf(
                JmsWireValues.wireNames(new java.util.LinkedHashSet<>(List.of("JMSPriority", "x",
                        "JMS_Apogee_Tag", "JMSDestination", "__JMS_BODY")))));
        assertEquals(Set.of("UNIQ_KEY", "JMSMessageID", "__JMS_T"), JmsWireValues.wireNames(Set.of("JMSMessageID")));
    }

    @Test
    void aStringIsNotANumberInTheJmsDialect() {
        Map<String, String> wire = Map.of("code", "42", "qty", "42", JmsWireValues.TYPES, "qty:I");
        JmsWireValues values = new JmsWireValues().wrap(wire::get, 0);
        assertEquals(false, Selector.compile("code = 42", Dialect.JMS).matches(values));
        assertEquals(true, Selector.compile("qty = 42", Dialect.JMS).matches(values));
        assertEquals(true, Selector.compile("code = 42", Dialect.ROCKETMQ).matches(wire::get));
    }
}
