package dev.apogee.examples.springcamel;

import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jms.connection.JmsTransactionManager;
import org.springframework.jms.core.JmsTemplate;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link JmsTransactionManager} with a {@link JmsTemplate} in a {@link TransactionTemplate}: a receive and a send in
 * one local transaction. Both use the looked-up factory itself, not a caching one: the template then opens a consumer
 * for the receive and really closes it before the transaction ends, so the commit or rollback comes after the
 * consumer is closed (a {@code CachingConnectionFactory} would keep the consumer open and hide that case).
 */
abstract class TransactionManagerScenarios extends Scenarios {
    private JmsTemplate template;
    private TransactionTemplate transactions;

    @BeforeEach
    void transactional() {
        template = app.template();
        template.setConnectionFactory(app.connectionFactory());
        template.setSessionTransacted(true);
        transactions = new TransactionTemplate(new JmsTransactionManager(app.connectionFactory()));
        transactions.setTimeout(30);
    }

    @Test
    void receiveAndSendCommitTogether() throws Exception {
        template.convertAndSend("txIn", "order-1");
        transactions.executeWithoutResult(status -> forward("txIn", "txOut"));
        Message forwarded = template.receive("txOut");
        assertNotNull(forwarded, "the send was not committed");
        assertEquals("processed order-1", ((TextMessage) forwarded).getText());
        assertEquals(List.of(), leftBeforeMarker(template, "txIn"), "the receive was not committed");
    }

    @Test
    void rollbackCancelsTheReceiveAndTheSend() throws Exception {
        template.convertAndSend("undoIn", "order-2");
        transactions.executeWithoutResult(status -> {
            forward("undoIn", "undoOut");
            status.setRollbackOnly();
        });
        Message again = template.receive("undoIn");
        assertNotNull(again, "the received message was not put back by the rollback");
        assertEquals("order-2", ((TextMessage) again).getText());
        assertTrue(again.getJMSRedelivered(), "JMSRedelivered after the rollback");
        assertEquals(List.of(), leftBeforeMarker(template, "undoOut"), "the send was not cancelled");
    }

    private void forward(String from, String to) {
        Object received = template.receiveAndConvert(from);
        assertNotNull(received, "nothing to receive on " + from);
        template.convertAndSend(to, "processed " + received);
    }
}
