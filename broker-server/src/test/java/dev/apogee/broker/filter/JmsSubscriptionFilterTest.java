package dev.apogee.broker.filter;

import static dev.apogee.broker.filter.StoredRecords.properties;
import static dev.apogee.broker.filter.StoredRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import dev.apogee.store.MessageFilter;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * JMS subscriptions (the Apogee {@code JMS} expression type) on the broker: the same stored record as an SQL92
 * subscription sees, but judged with JMS typing restored from the JMS provider's mapping.
 */
class JmsSubscriptionFilterTest {
    /** As the JMS provider stores a message: typed properties in {@code __JMS_T}, headers as properties. */
    private static final ByteBuffer JMS_MESSAGE = record("{}", properties(
            "__JMS_BODY", "none",
            "JMSMessageID", "ID:AC11000100002A9F0000000000000001",
            "UNIQ_KEY", "AC11000100002A9F0000000000000001",
            "JMSTimestamp", "1700000000123",
            "JMSDestination", "queue://q",
            "JMSDeliveryMode", "NON_PERSISTENT",
            "JMSPriority", "7",
            "JMSType", "car",
            "JMSCorrelationID", "c-5",
            "TAGS", "TagA",
            "code", "42",
            "qty", "42",
            "big", "9000000000",
            "price", "9.5",
            "ratio", "0.25",
            "flag", "true",
            "word", "true",
            "tiny", "3",
            "pct", "100%25",
            "__JMS_T", "qty:I;big:J;price:D;ratio:F;flag:Z;tiny:B;pct:TE;empty:T0;nothing:N"));

    private final SqlFilterFactory factory = new SqlFilterFactory();

    private MessageFilter jms(String expression) {
        return factory.create(SubscriptionData.buildSubscriptionData("FilterTopic", expression, ExpressionType.JMS,
                1L));
    }

    private MessageFilter sql92(String expression) {
        return factory.create(SubscriptionData.buildSubscriptionData("FilterTopic", expression, ExpressionType.SQL92,
                1L));
    }

    @ParameterizedTest(name = "{0} -> JMS {1}, SQL92 {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "code = 42                                  | false | true",
            "code = '42'                                | true  | true",
            "code > 40                                  | false | true",
            "qty = 42                                   | true  | true",
            "qty = '42'                                 | false | true",
            "qty BETWEEN 40 AND 50                      | true  | true",
            "big > 8000000000 AND big < 9000000001      | true  | true",
            "price = 9.5 AND price * 2 = 19             | true  | true",
            "ratio = 0.25                               | true  | true",
            "tiny + 1 = 4                               | true  | true",
            "flag = TRUE AND flag                       | true  | true",
            "word = TRUE                                | false | true",
            "word = 'true'                              | true  | true",
            "flag = 'true'                              | false | true",
            "pct = '100%'                               | true  | false",
            "empty = ''                                 | true  | false",
            "empty IS NOT NULL AND nothing IS NULL      | true  | false",
            "JMSPriority = 7 AND JMSPriority > 5        | true  | true",
            "JMSPriority = '7'                          | false | true",
            "JMSDeliveryMode = 'NON_PERSISTENT'         | true  | true",
            "JMSDeliveryMode = 'PERSISTENT'             | false | false",
            "JMSTimestamp = 1700000000123               | true  | true",
            "JMSTimestamp = '1700000000123'             | false | true",
            "JMSType = 'car' AND JMSCorrelationID = 'c-5' | true | true",
            "JMSMessageID = 'ID:AC11000100002A9F0000000000000001' | true | true",
            "JMSDestination IS NULL                     | true  | false",
            "JMS_Apogee_Tag = 'TagA' AND TAGS = 'TagA'  | true  | false",
            "__JMS_T IS NULL                            | true  | false"})
    void judgesWithJmsTypesWhereSql92ConvertsStrings(String expression, boolean jmsResult, boolean sql92Result) {
        String e = expression.trim();
        assertEquals(jmsResult, jms(e).matchesProperties(JMS_MESSAGE.duplicate()), "JMS dialect");
        assertEquals(sql92Result, sql92(e).matchesProperties(JMS_MESSAGE.duplicate()), "SQL92 dialect, as before");
    }

    @Test
    void headersMissingOnTheWireReadAsTheReceivedMessageWouldReportThem() {
        ByteBuffer bare = record("x", properties("n", "1"));
        assertTrue(jms("JMSDeliveryMode = 'PERSISTENT'").matchesProperties(bare.duplicate()), "default mode");
        assertTrue(jms("JMSPriority = 4").matchesProperties(bare.duplicate()), "default priority");
        assertTrue(jms("JMSTimestamp = 1700000000000").matchesProperties(bare.duplicate()), "born timestamp");
        assertTrue(jms("JMSType IS NULL AND JMSMessageID IS NULL").matchesProperties(bare.duplicate()));
        assertTrue(jms("n = '1'").matchesProperties(bare.duplicate()), "a native property is a String");
        assertFalse(jms("n = 1").matchesProperties(bare.duplicate()));
    }

    @Test
    void sameTextInTheTwoDialectsIsCompiledSeparately() {
        SqlMessageFilter asJms = (SqlMessageFilter) jms("code = 42");
        SqlMessageFilter asSql = (SqlMessageFilter) sql92("code = 42");
        assertNotSame(asJms.expression(), asSql.expression());
        assertEquals(2, factory.cachedExpressions());
    }

    @Test
    void invalidJmsSelectorIsRefusedWithSubscriptionParseFailed() {
        RemotingCommandException e = assertThrows(RemotingCommandException.class, () -> jms("code = "));
        assertEquals(ResponseCode.SUBSCRIPTION_PARSE_FAILED, e.responseCode());
    }

    @Test
    void pureTagSelectorStillSkipsByTagHash() {
        MessageFilter tags = jms("TAGS IN ('TagA', 'TagB')");
        assertTrue(tags.matchesTagsCode("TagA".hashCode()));
        assertFalse(tags.matchesTagsCode("TagC".hashCode()));
    }
}
