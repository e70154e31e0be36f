package dev.apogee.examples.springcamel;

import jakarta.jms.Message;
import jakarta.jms.Queue;
import jakarta.jms.TextMessage;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.springframework.jms.core.JmsTemplate;

import java.util.Properties;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Camel's {@code jms} component: transacted forwarding, a route failing after its send, request/reply over a
 * temporary and a fixed reply queue, a selective route, and the dotted destination names users write.
 */
abstract class CamelScenarios extends Scenarios {
    private static final int FIVE_HUNDRED = 500;
    private static final String REQUEST_OPTIONS = "?requestTimeout=15000";

    /** {@code jms:queue:in?transacted=true} → {@code jms:queue:out}: each message once, its headers kept. */
    @Test
    void transactedRouteForwardsEveryMessageOnceWithItsHeaders() throws Exception {
        app.camel(routes(r -> r.from("jms:queue:in?transacted=true").to("jms:queue:out")));
        JmsTemplate template = app.template();
        List<String> texts = texts("order-", FIVE_HUNDRED);
        for (int i = 0; i < FIVE_HUNDRED; i++) {
            int number = i + 1;
            template.convertAndSend("in", texts.get(i), message -> {
                message.setIntProperty("orderNumber", number);
                message.setStringProperty("region", number % 2 == 0 ? "EU" : "US");
                message.setJMSCorrelationID("corr-" + number);
                message.setJMSType("order");
                return message;
            });
        }
        Deliveries out = new Deliveries();
        app.container("out", out, c -> { });
        out.awaitAll(texts);
        app.close();
        assertEquals(FIVE_HUNDRED, out.all().size(), "forwarded messages (duplicates included)");
        for (Deliveries.Delivery delivery : out.all()) {
            Message message = delivery.message();
            int number = Integer.parseInt(delivery.text().substring("order-".length()));
            assertEquals(number, message.getIntProperty("orderNumber"), delivery.text());
            assertEquals(number % 2 == 0 ? "EU" : "US", message.getStringProperty("region"), delivery.text());
            assertEquals("corr-" + number, message.getJMSCorrelationID(), delivery.text());
            assertEquals("order", message.getJMSType(), delivery.text());
        }
    }

    /**
     * The route sends, then fails on the first attempt: the transaction rolls back, so the send is cancelled and the
     * input comes again; the second attempt's send is the only message on the output queue, and the input is done.
     */
    @Test
    void routeFailingAfterItsSendRollsTheSendBack() throws Exception {
        AtomicInteger attempts = new AtomicInteger();
        List<String> seen = new CopyOnWriteArrayList<>();
        app.camel(routes(r -> r.from("jms:queue:failIn?transacted=true")
                .process(exchange -> {
                    org.apache.camel.Message message = exchange.getMessage();
                    seen.add(message.getBody(String.class) + " redelivered=" + message.getHeader("JMSRedelivered"));
                    message.setHeader("attempt", attempts.incrementAndGet());
                })
                .to("jms:queue:failOut")
                .process(exchange -> {
                    if (exchange.getMessage().getHeader("attempt", Integer.class) == 1) {
                        throw new IllegalStateException("the route fails after its send (expected by the test)");
                    }
                })));
        JmsTemplate template = app.template();
        template.convertAndSend("failIn", "invoice-1");
        Message forwarded = template.receive("failOut");
        assertNotNull(forwarded, "the second attempt's send did not arrive");
        assertEquals("invoice-1", ((TextMessage) forwarded).getText());
        assertEquals(2, forwarded.getIntProperty("attempt"), "the first attempt's send was not cancelled");
        // a marker through the route: had the second attempt not committed, invoice-1 would come a third time
        template.convertAndSend("failIn", MARKER);
        Message next = template.receive("failOut");
        assertNotNull(next, "the marker did not pass the route");
        assertEquals(MARKER, ((TextMessage) next).getText(), "more sends than the committed one");
        assertEquals(List.of("invoice-1 redelivered=false", "invoice-1 redelivered=true", MARKER + " redelivered=false"),
                seen);
    }

    /** InOut without {@code replyTo}: Camel sends each request with a temporary reply queue. */
    @Test
    void requestReplyOverATemporaryQueue() throws Exception {
        CamelContext camel = app.camel(routes(r -> r.from("jms:queue:quotes")
                .process(e -> e.getMessage().setBody("quote for " + e.getMessage().getBody(String.class)))));
        ProducerTemplate producer = camel.createProducerTemplate();
        for (String symbol : List.of("ACME", "INITECH")) {
            assertEquals("quote for " + symbol,
                    producer.requestBody("jms:queue:quotes" + REQUEST_OPTIONS, symbol, String.class));
        }
    }

    /** InOut with {@code replyTo=replies}: the replies share one fixed queue, matched by correlation id. */
    @Test
    void requestReplyOverAFixedReplyQueue() throws Exception {
        CamelContext camel = app.camel(routes(r -> r.from("jms:queue:prices")
                .process(e -> e.getMessage().setBody("price of " + e.getMessage().getBody(String.class)))));
        ProducerTemplate producer = camel.createProducerTemplate();
        for (String item : List.of("tea", "coffee")) {
            assertEquals("price of " + item, producer.requestBody(
                    "jms:queue:prices" + REQUEST_OPTIONS + "&replyTo=replies", item, String.class));
        }
    }

    /** {@code selector=}: the route takes the red message; the blue one stays on the queue for another consumer. */
    @Test
    void selectiveRouteLeavesWhatItDoesNotSelect() throws Exception {
        JmsTemplate template = app.template();
        for (String color : List.of("blue", "red")) {
            template.convertAndSend("paint", color + " coat", message -> {
                message.setStringProperty("color", color);
                return message;
            });
        }
        app.camel(routes(r -> r.from("jms:queue:paint?selector=color='red'").to("jms:queue:painted")));
        Message painted = template.receive("painted");
        assertNotNull(painted, "the route did not forward the red message");
        assertEquals("red coat", ((TextMessage) painted).getText());
        Message left = template.receive("paint");
        assertNotNull(left, "the blue message did not stay on the queue");
        assertEquals("blue coat", ((TextMessage) left).getText());
    }

    /**
     * Destination names as users write them, with dots, declared in JNDI under the same names: a JmsTemplate sends
     * to {@code orders.created}, a transacted route forwards to {@code orders.confirmed}.
     */
    @Test
    void dottedDestinationNames(Provider provider) throws Exception {
        Properties environment = provider.jndiEnvironment();
        environment.putAll(Map.of("queue.orders.created", "orders.created",
                "queue.orders.confirmed", "orders.confirmed"));
        app.close();
        app = JndiApplication.lookUp(environment);
        app.camel(routes(r -> r.from("jms:queue:orders.created?transacted=true").to("jms:queue:orders.confirmed")));
        JmsTemplate template = app.template();
        template.convertAndSend("orders.created", "order-42");
        Message confirmed = template.receive("orders.confirmed");
        assertNotNull(confirmed, "nothing forwarded to orders.confirmed");
        assertEquals("order-42", ((TextMessage) confirmed).getText());
        assertEquals("orders.confirmed", ((Queue) confirmed.getJMSDestination()).getQueueName());
    }

    /** Route definitions as a lambda. */
    interface Routes {
        void configure(RouteBuilder builder) throws Exception;
    }

    static RouteBuilder routes(Routes routes) {
        return new RouteBuilder() {
            @Override
            public void configure() throws Exception {
                routes.configure(this);
            }
        };
    }
}
