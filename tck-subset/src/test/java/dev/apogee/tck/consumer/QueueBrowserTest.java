package dev.apogee.tck.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Queue browsing (Jakarta Messaging 3.1 §4.1.6). */
class QueueBrowserTest extends TckTestBase {

    @Test
    @Spec("4.1.6")
    @DisplayName("4.1.6 a browser shows the queue's messages without consuming them; a selector filters them")
    void browsingDoesNotConsume() throws Exception {
        Queue queue = queue();
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(queue);
        for (int i = 1; i <= 4; i++) {
            TextMessage t = s.createTextMessage("b" + i);
            t.setIntProperty("n", i);
            p.send(t);
        }
        QueueBrowser browser = s.createBrowser(queue);
        assertEquals(queue, browser.getQueue());
        assertNull(browser.getMessageSelector());
        assertEquals(List.of("b1", "b2", "b3", "b4"), sorted(browse(browser)));
        assertEquals(List.of("b1", "b2", "b3", "b4"), sorted(browse(s.createBrowser(queue))), "still there");
        QueueBrowser selective = s.createBrowser(queue, "n >= 3");
        assertEquals("n >= 3", selective.getMessageSelector());
        assertEquals(List.of("b3", "b4"), sorted(browse(selective)));
        browser.close();
        assertEquals(List.of("b1", "b2", "b3", "b4"), sorted(receiveTexts(s.createConsumer(queue), 4)));
    }

    private static List<String> browse(QueueBrowser browser) throws JMSException {
        List<String> seen = new ArrayList<>();
        for (var e = browser.getEnumeration(); e.hasMoreElements(); ) {
            seen.add(((TextMessage) e.nextElement()).getText());
        }
        return seen;
    }
}
