package dev.apogee.jms.provider;

import dev.apogee.client.producer.SendResult;
import dev.apogee.client.producer.SendStatus;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a connection may do with its sends, from what the brokers' answers said about keeping order. */
class BrokerOrderingTest {
    private static SendResult answer(boolean orderedBroker) {
        return new SendResult(SendStatus.SEND_OK, "id", null, null, 0, null, null, orderedBroker);
    }

    @Test
    void unknownUntilAnAnswerAndTreatedAsUnordered() {
        BrokerOrdering ordering = new BrokerOrdering(64);
        assertTrue(ordering.retrySends());
        assertEquals(1, ordering.asyncWindow());
        ordering.learn(null); // a oneway send, or a failed one: says nothing
        assertTrue(ordering.retrySends());
        assertEquals(1, ordering.asyncWindow());
    }

    @Test
    void anOrderedBrokerAllowsPipelinedSendsWhichAreNotRetried() {
        BrokerOrdering ordering = new BrokerOrdering(64);
        ordering.learn(answer(true));
        assertFalse(ordering.retrySends());
        assertEquals(64, ordering.asyncWindow());
    }

    @Test
    void oneAnswerWithoutTheSignalMakesItUnorderedForGood() {
        BrokerOrdering ordering = new BrokerOrdering(64);
        ordering.learn(answer(true));
        ordering.learn(answer(false));
        ordering.learn(answer(true));
        assertTrue(ordering.retrySends());
        assertEquals(1, ordering.asyncWindow());
    }
}
