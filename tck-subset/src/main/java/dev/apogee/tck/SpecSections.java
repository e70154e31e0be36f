package dev.apogee.tck;

import java.util.Map;
import java.util.TreeMap;

/**
 * The Jakarta Messaging 3.1 sections this suite cites, with their titles, so a citation is checked against a list
 * rather than typed freely. Where a rule has no subsection of its own the chapter is cited ("7" = sending messages).
 */
public final class SpecSections {
    private static final Map<String, String> TITLES = new TreeMap<>();

    static {
        put("2.8", "Simplified API interfaces");
        put("3.4.1", "JMSDestination");
        put("3.4.2", "JMSDeliveryMode");
        put("3.4.3", "JMSMessageID");
        put("3.4.4", "JMSTimestamp");
        put("3.4.5", "JMSCorrelationID");
        put("3.4.6", "JMSReplyTo");
        put("3.4.7", "JMSRedelivered");
        put("3.4.8", "JMSType");
        put("3.4.9", "JMSExpiration");
        put("3.4.10", "JMSPriority");
        put("3.4.11", "How message header values are set");
        put("3.4.13", "JMSDeliveryTime");
        put("3.5.1", "Property names");
        put("3.5.4", "Property value conversion");
        put("3.5.5", "Property values as objects");
        put("3.5.6", "Property iteration");
        put("3.5.7", "Clearing a message's property values");
        put("3.5.8", "Nonexistent properties");
        put("3.5.9", "JMS defined properties");
        put("3.5.11", "JMSXDeliveryCount");
        put("3.8.1.1", "Message selector syntax");
        put("3.8.1.2", "Null values");
        put("3.8.1.3", "Special notes");
        put("3.9", "Access to sent messages");
        put("3.10", "Changing the value of a received message");
        put("3.11", "Message body");
        put("3.11.1", "Clearing a message body");
        put("3.11.2", "Read-only message body");
        put("3.11.3", "Conversions provided by StreamMessage and MapMessage");
        put("4.1.5", "QueueReceiver");
        put("4.1.6", "QueueBrowser");
        put("5.2", "Destination");
        put("6.1.2", "Client identifier");
        put("6.1.5", "Pausing delivery of incoming messages");
        put("6.1.6", "ConnectionMetaData");
        put("6.1.7", "ExceptionListener");
        put("6.1.8", "Closing a connection");
        put("6.2.1", "Closing a session");
        put("6.2.2", "Creating temporary destinations");
        put("6.2.7", "Transactions");
        put("6.2.9", "Message order");
        put("6.2.10", "Message acknowledgment");
        put("7", "Sending messages");
        put("7.3", "Asynchronous send");
        put("7.3.8", "Use of the CompletionListener by the provider");
        put("7.9", "Message delivery delay");
        put("8", "Receiving messages");
        put("8.3.1", "Unshared non-durable subscriptions");
        put("8.3.2", "Shared non-durable subscriptions");
        put("8.3.3", "Unshared durable subscriptions");
        put("8.3.4", "Shared durable subscriptions");
        put("8.4", "Starting message delivery");
        put("8.6", "Receiving message bodies synchronously");
        put("8.7", "Receiving messages asynchronously");
        put("8.8", "Closing a consumer");
    }

    private SpecSections() {
    }

    private static void put(String section, String title) {
        TITLES.put(section, title);
    }

    /** The title of a cited section, or null when the suite does not know it. */
    public static String title(String section) {
        return TITLES.get(section);
    }
}
