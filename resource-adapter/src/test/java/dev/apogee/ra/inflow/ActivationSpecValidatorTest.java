package dev.apogee.ra.inflow;

import dev.apogee.jms.api.NativeConsumers.ConsumeFrom;
import dev.apogee.ra.settings.ApogeeSettings;
import jakarta.resource.spi.InvalidPropertyException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ActivationSpecValidatorTest {

    private static ApogeeActivationSpec spec(Consumer<ApogeeActivationSpec> setup) {
        ApogeeActivationSpec s = new ApogeeActivationSpec();
        setup.accept(s);
        return s;
    }

    @Test
    void eachInvalidPropertyIsReported() {
        record Row(Consumer<ApogeeActivationSpec> setup, String fragment) {
        }
        List<Row> rows = List.of(
                new Row(s -> { }, "exactly one of destination and destinationLookup"),
                new Row(s -> {
                    s.setDestination("q");
                    s.setDestinationLookup("java:/q");
                }, "exactly one of destination and destinationLookup"),
                new Row(s -> {
                    s.setDestination("q");
                    s.setDestinationType("javax.jms.Queue");
                }, "destinationType"),
                new Row(s -> {
                    s.setDestination("q");
                    s.setAcknowledgeMode("Client-acknowledge");
                }, "acknowledgeMode"),
                new Row(s -> {
                    s.setDestination("q");
                    s.setSubscriptionDurability("Forever");
                }, "subscriptionDurability must be"),
                new Row(s -> {
                    s.setDestination("q");
                    s.setSubscriptionDurability("Durable");
                    s.setSubscriptionName("n");
                    s.setClientId("c");
                }, "need destinationType jakarta.jms.Topic"),
                new Row(s -> {
                    s.setDestination("t");
                    s.setDestinationType("jakarta.jms.Topic");
                    s.setSubscriptionDurability("Durable");
                    s.setClientId("c");
                }, "needs subscriptionName"),
                new Row(s -> {
                    s.setDestination("t");
                    s.setDestinationType("jakarta.jms.Topic");
                    s.setMaxSession(3);
                }, "maxSession > 1 on an unshared topic"),
                new Row(s -> {
                    s.setDestination("q");
                    s.setMaxSession(0);
                }, "maxSession must be at least 1"),
                new Row(s -> {
                    s.setDestination("q");
                    s.setTag("a*");
                }, "tag must be"),
                new Row(s -> {
                    s.setDestination("q");
                    s.setConsumeFrom("LAST");
                }, "consumeFrom needs consumerGroup"),
                new Row(s -> {
                    s.setDestination("q");
                    s.setConsumerGroup("G");
                    s.setConsumeFrom("BEGINNING");
                }, "consumeFrom must be FIRST, LAST or TIMESTAMP:<milliseconds since the epoch>, was 'BEGINNING'"),
                new Row(s -> {
                    s.setDestination("q");
                    s.setConsumerGroup("G");
                    s.setConsumeFrom("TIMESTAMP:yesterday");
                }, "consumeFrom must be FIRST, LAST or TIMESTAMP"),
                new Row(s -> {
                    s.setDestination("q");
                    s.setConsumerGroup("G");
                    s.setConsumeFrom("TIMESTAMP:-1");
                }, "was 'TIMESTAMP:-1'"),
                new Row(s -> {
                    s.setDestination("q");
                    s.setConsumerGroup("my group");
                }, "consumerGroup may hold"),
                new Row(s -> {
                    s.setDestination("t");
                    s.setDestinationType("jakarta.jms.Topic");
                    s.setConsumerGroup("G");
                    s.setShareSubscriptions(true);
                    s.setSubscriptionName("n");
                }, "consumerGroup names the subscription itself"));
        for (Row row : rows) {
            ApogeeActivationSpec s = spec(row.setup());
            List<String> problems = ActivationSpecValidator.problems(s);
            assertEquals(1, problems.size(), row.fragment() + " -> " + problems);
            assertTrue(problems.get(0).contains(row.fragment()), problems.get(0));
            InvalidPropertyException e = assertThrows(InvalidPropertyException.class, s::validate);
            assertTrue(e.getMessage().startsWith("APOGEE-RA-0001"), e.getMessage());
        }
    }

    @Test
    void consumerGroupAndConsumeFromBecomeTheInflowSpec() throws Exception {
        record Row(String type, String consumeFrom, ConsumeFrom expected) {
        }
        List<Row> rows = List.of(
                new Row("jakarta.jms.Queue", null, ConsumeFrom.first()),
                new Row("jakarta.jms.Topic", null, ConsumeFrom.last()),
                new Row("jakarta.jms.Topic", "first", ConsumeFrom.first()),
                new Row("jakarta.jms.Queue", "LAST", ConsumeFrom.last()),
                new Row("jakarta.jms.Queue", "TIMESTAMP:1700000000000", ConsumeFrom.timestamp(1_700_000_000_000L)));
        for (Row row : rows) {
            ApogeeActivationSpec s = spec(x -> {
                x.setDestination("d");
                x.setDestinationType(row.type());
                x.setConsumerGroup("ORDERS_GROUP");
                x.setConsumeFrom(row.consumeFrom());
                x.setMaxSession(3); // several sessions of one native group share it, on a topic too
            });
            s.validate();
            InflowSpec in = ActivationSpecValidator.toInflowSpec(s);
            assertEquals("ORDERS_GROUP", in.consumerGroup());
            assertEquals(row.expected(), in.consumeFrom(), row.toString());
            assertEquals(3, in.maxSession());
        }
        InflowSpec plain = ActivationSpecValidator.toInflowSpec(spec(x -> x.setDestination("q")));
        assertNull(plain.consumerGroup());
        assertNull(plain.consumeFrom());
    }

    @Test
    void unsharedDurableNeedsAClientIdFromSomeLevel() {
        ApogeeActivationSpec s = spec(x -> {
            x.setDestination("t");
            x.setDestinationType("jakarta.jms.Topic");
            x.setSubscriptionDurability("Durable");
            x.setSubscriptionName("n");
        });
        assertTrue(ActivationSpecValidator.problems(s).isEmpty(), "the client id may come from a lower level");
        InflowSpec inflow = ActivationSpecValidator.toInflowSpec(s);
        ApogeeSettings none = ApogeeSettings.DEFAULTS;
        ApogeeSettings fromAdapter = new ApogeeSettings(null, null, null, "ra-client", null, null, null, null)
                .over(ApogeeSettings.DEFAULTS);
        List<String> problems = ActivationSpecValidator.problems(inflow, none);
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).contains("needs clientId"), problems.get(0));
        assertTrue(ActivationSpecValidator.problems(inflow, fromAdapter).isEmpty());
    }

    @Test
    void allProblemsAreReportedTogether() {
        ApogeeActivationSpec s = spec(x -> {
            x.setAcknowledgeMode("nope");
            x.setMaxSession(-1);
        });
        assertEquals(3, ActivationSpecValidator.problems(s).size());
    }

    @Test
    void defaultsApplyOnlyToUnsetProperties() throws Exception {
        ApogeeActivationSpec queue = spec(s -> s.setDestination("orders"));
        queue.validate();
        InflowSpec q = ActivationSpecValidator.toInflowSpec(queue);
        assertFalse(q.topic());
        assertEquals(ActivationSpecValidator.DEFAULT_MAX_SESSION, q.maxSession());
        assertNull(q.selector());

        InflowSpec t = ActivationSpecValidator.toInflowSpec(spec(s -> {
            s.setDestination("news");
            s.setDestinationType("jakarta.jms.Topic");
        }));
        assertEquals(1, t.maxSession(), "an unshared topic subscription gets one session");

        InflowSpec shared = ActivationSpecValidator.toInflowSpec(spec(s -> {
            s.setDestination("news");
            s.setDestinationType("jakarta.jms.Topic");
            s.setShareSubscriptions(true);
            s.setSubscriptionName("sub");
            s.setSubscriptionDurability("Durable");
            s.setMaxSession(1);
        }));
        assertTrue(shared.durable() && shared.shared());
        assertEquals(1, shared.maxSession(), "an explicit value equal to a default is kept");
    }

    @Test
    void tagBecomesATagSelector() {
        assertEquals("TAGS IN ('a')", ActivationSpecValidator.selector("a", null));
        assertEquals("TAGS IN ('a', 'b')", ActivationSpecValidator.selector("a || b", null));
        assertEquals("(TAGS IN ('a')) AND (x > 1)", ActivationSpecValidator.selector("a", "x > 1"));
        assertEquals("x > 1", ActivationSpecValidator.selector(null, "x > 1"));
    }
}
