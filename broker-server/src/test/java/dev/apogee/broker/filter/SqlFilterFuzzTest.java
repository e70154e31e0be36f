package dev.apogee.broker.filter;

import static dev.apogee.broker.filter.StoredRecords.properties;
import static dev.apogee.broker.filter.StoredRecords.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import dev.apogee.store.MessageFilter;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Mutated SQL92 subscriptions never break a pull: the factory refuses with SUBSCRIPTION_PARSE_FAILED or returns a
 * filter, and the filter judges stored records without throwing. (The engine's own fuzz test goes much further.)
 */
class SqlFilterFuzzTest {
    private static final String[] SEEDS = {"a > 1 AND b = 'x'", "TAGS IN ('A', 'B') OR n BETWEEN 1 AND 10",
        "s LIKE 'a!%' ESCAPE '!' AND NOT flag", "n * 2 + m / 0 <> 3 OR s CONTAINS 'é'", "(x IS NULL) = TRUE"};
    private static final String PIECES = "()'=<>+-*/%_!,. 0123456789eExXLabnsmTAGSNOTANDORINLIKEBETWEENISNULL\u0001\u0002é";

    @Test
    void neverBreaksAPull() {
        Random random = new Random(7);
        SqlFilterFactory factory = new SqlFilterFactory(64);
        ByteBuffer[] records = {
            record("body", properties("a", "5", "b", "x", "TAGS", "A", "n", "3", "m", "0", "s", "a%é", "flag", "false")),
            record("", properties("a", "not a number", "n", "1e400", "x", "")),
            record("x", "")};
        for (int run = 0; run < 20_000; run++) {
            String expression = mutate(random, SEEDS[random.nextInt(SEEDS.length)]);
            MessageFilter filter;
            try {
                filter = factory.create(SubscriptionData.buildSubscriptionData("T", expression, ExpressionType.SQL92,
                        run));
            } catch (RemotingCommandException refused) {
                assertEquals(ResponseCode.SUBSCRIPTION_PARSE_FAILED, refused.responseCode());
                continue;
            }
            for (ByteBuffer record : records) {
                try {
                    filter.matchesTagsCode(random.nextInt());
                    filter.matchesProperties(record.duplicate());
                } catch (Throwable t) {
                    fail("filter threw for [" + expression + "]", t);
                }
            }
        }
    }

    private static String mutate(Random random, String s) {
        StringBuilder sb = new StringBuilder(s);
        int edits = 1 + random.nextInt(4);
        for (int i = 0; i < edits; i++) {
            int at = random.nextInt(sb.length() + 1);
            char c = PIECES.charAt(random.nextInt(PIECES.length()));
            switch (random.nextInt(3)) {
                case 0 -> sb.insert(at, c);
                case 1 -> {
                    if (at < sb.length()) {
                        sb.deleteCharAt(at);
                    }
                }
                default -> {
                    if (at < sb.length()) {
                        sb.setCharAt(at, c);
                    }
                }
            }
        }
        return sb.toString();
    }
}
