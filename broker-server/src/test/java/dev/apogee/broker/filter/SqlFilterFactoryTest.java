package dev.apogee.broker.filter;

import static dev.apogee.broker.filter.StoredRecords.properties;
import static dev.apogee.broker.filter.StoredRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import dev.apogee.store.MessageFilter;
import dev.apogee.store.record.SysFlag;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** SQL92 subscriptions on the broker: compile once, refuse bad expressions with 23, judge records by properties. */
class SqlFilterFactoryTest {
    private static final ByteBuffer ORDER = record("{\"price\": 1}",
            properties("TAGS", "TagA", "KEYS", "k1", "price", "42", "region", "eu-west", "vip", "true",
                    "UNIQ_KEY", "AC1100", "WAIT", "true"));

    private final SqlFilterFactory factory = new SqlFilterFactory();

    private MessageFilter filter(String expression) {
        return factory.create(SubscriptionData.buildSubscriptionData("FilterTopic", expression, ExpressionType.SQL92,
                1L));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "price > 40                                   | true",
            "price = 42 AND region LIKE 'eu-%'            | true",
            "price BETWEEN 43 AND 50                      | false",
            "TAGS = 'TagA'                                | true",
            "TAGS IN ('TagB', 'TagC')                     | false",
            "vip = TRUE AND region STARTSWITH 'eu'        | true",
            "region > 1                                   | false",
            "missing = 'x'                                | false",
            "missing IS NULL AND KEYS = 'k1'              | true",
            "NOT (price < 10) OR missing > 1              | true",
            "WAIT = 'true'                                | true"})
    void judgesStoredPropertiesInTheRocketMqDialect(String expression, boolean expected) {
        MessageFilter filter = filter(expression.trim());
        boolean delivered = filter.matchesTagsCode("TagA".hashCode()) && filter.matchesProperties(ORDER.duplicate());
        assertEquals(expected, delivered, "as the store applies the two steps");
    }

    @Test
    void invalidExpressionIsRefusedWithSubscriptionParseFailed() {
        RemotingCommandException e = assertThrows(RemotingCommandException.class, () -> filter("price >> 3"));
        assertEquals(ResponseCode.SUBSCRIPTION_PARSE_FAILED, e.responseCode());
        assertTrue(e.getMessage().contains("price >> 3"), e.getMessage());
        assertTrue(e.getMessage().contains("at position 7"), e.getMessage());
        assertEquals(0, factory.cachedExpressions(), "failures are not cached");
    }

    @Test
    void unknownExpressionTypeIsRefused() {
        SubscriptionData groovy = SubscriptionData.buildSubscriptionData("FilterTopic", "x", "GROOVY", 1L);
        RemotingCommandException e = assertThrows(RemotingCommandException.class, () -> factory.create(groovy));
        assertEquals(ResponseCode.SUBSCRIPTION_PARSE_FAILED, e.responseCode());
    }

    @Test
    void compilesEachExpressionOnce() {
        SqlMessageFilter first = (SqlMessageFilter) filter("price > 1");
        SqlMessageFilter second = (SqlMessageFilter) factory.create(
                SubscriptionData.buildSubscriptionData("OtherTopic", "price > 1", ExpressionType.SQL92, 99L));
        assertSame(first.expression(), second.expression());
        filter("price > 2");
        assertEquals(2, factory.cachedExpressions());
    }

    @Test
    void cacheIsBounded() {
        SqlFilterFactory small = new SqlFilterFactory(4);
        for (int i = 0; i < 50; i++) {
            small.create(SubscriptionData.buildSubscriptionData("T", "a = " + i, ExpressionType.SQL92, i));
            assertTrue(small.cachedExpressions() <= 4);
        }
    }

    @Test
    void neverReadsTheBody() {
        ByteBuffer record = record("price\u000199\u0002TAGS\u0001TagB\u0002", properties("other", "1"));
        assertFalse(filter("price = 99").matchesProperties(record.duplicate()));
        assertFalse(filter("TAGS = 'TagB'").matchesProperties(record.duplicate()));
        assertTrue(filter("other = 1").matchesProperties(record.duplicate()));
    }

    @Test
    void followsThePropertiesCodecRules() {
        ByteBuffer record = record("", "a\u00011\u0002a\u00012\u0002empty\u0001\u0002\u0001nameless\u0002"
                + "withsep\u0001x\u0001y\u0002ü\u0001Ünicode");
        assertTrue(filter("a = 2").matchesProperties(record.duplicate()), "a later duplicate wins");
        assertTrue(filter("empty IS NULL").matchesProperties(record.duplicate()), "empty values are dropped");
        assertTrue(filter("withsep = 'x\u0001y'").matchesProperties(record.duplicate()), "value keeps later \\u0001");
        assertTrue(filter("ü = 'Ünicode'").matchesProperties(record.duplicate()), "UTF-8, no trailing separator");
        assertTrue(filter("a IS NOT NULL AND b IS NULL").matchesProperties(record.duplicate()));
    }

    @Test
    void readsRecordsOfEveryLayout() {
        String props = properties("TAGS", "T1", "n", "7");
        ByteBuffer[] records = {
            record("body", props, 0, false, false),
            record("body", props, SysFlag.BORNHOST_V6 | SysFlag.STOREHOST_V6, false, false),
            record("body", props, 0, true, false),
            record("body", props, SysFlag.BORNHOST_V6, true, true),
            record("", props, 0, false, true)};
        MessageFilter filter = filter("n * 2 = 14 AND TAGS = 'T1'");
        for (ByteBuffer record : records) {
            assertTrue(filter.matchesProperties(record.duplicate()));
        }
    }

    @Test
    void aRecordWithoutPropertiesHasOnlyNulls() {
        ByteBuffer bare = record("x", "");
        assertFalse(filter("a = 1").matchesProperties(bare.duplicate()));
        assertTrue(filter("a IS NULL").matchesProperties(bare.duplicate()));
    }

    @Test
    void aTruncatedRecordReadsAsWithoutProperties() {
        ByteBuffer truncated = ORDER.duplicate().limit(ORDER.limit() - 10).slice();
        assertFalse(filter("price > 1").matchesProperties(truncated));
        ByteBuffer tiny = ByteBuffer.allocate(8);
        assertTrue(filter("price IS NULL").matchesProperties(tiny));
    }

    @Test
    void reusedFilterForgetsThePreviousRecord() {
        MessageFilter filter = filter("n > 5");
        assertTrue(filter.matchesProperties(record("", properties("n", "6")).duplicate()));
        assertFalse(filter.matchesProperties(record("", properties("n", "5")).duplicate()));
        assertFalse(filter.matchesProperties(record("", properties("m", "9")).duplicate()));
    }

    @Test
    void pureTagSelectorsSkipEntriesByTagHash() {
        MessageFilter tags = filter("TAGS IN ('TagA', 'TagB') OR TAGS = 'TagC'");
        assertTrue(tags.matchesTagsCode("TagB".hashCode()));
        assertTrue(tags.matchesTagsCode("TagC".hashCode()));
        assertFalse(tags.matchesTagsCode("TagD".hashCode()));
        assertFalse(tags.matchesTagsCode(0), "no tag: the selector would be UNKNOWN");
        MessageFilter general = filter("TAGS = 'TagA' OR price > 1");
        assertTrue(general.matchesTagsCode("TagD".hashCode()));
    }

    @Test
    void emptyExpressionSelectsEverything() {
        MessageFilter all = filter("");
        assertTrue(all.matchesTagsCode(123));
        assertTrue(all.matchesProperties(ORDER.duplicate()));
    }
}
