package dev.apogee.tck.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.ExceptionListener;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidClientIDException;
import jakarta.jms.Session;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Client identifiers and the exception listener (Jakarta Messaging 3.1 §6.1.2, §6.1.7). */
class ClientIdTest extends TckTestBase {

    @Test
    @Spec("6.1.2")
    @DisplayName("6.1.2 setClientID right after creation sets it; a second set throws IllegalStateException")
    void clientIdIsSetOnce() throws Exception {
        Connection c = connection();
        assertNull(c.getClientID(), "the factory configures no client id");
        String id = uniqueName("cid");
        c.setClientID(id);
        assertEquals(id, c.getClientID());
        assertThrows(IllegalStateException.class, () -> c.setClientID(uniqueName("cid")));
    }

    @Test
    @Spec("6.1.2")
    @DisplayName("6.1.2 setClientID after the connection was used throws IllegalStateException")
    void clientIdCannotBeSetAfterUse() throws Exception {
        Connection c = connection();
        c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertThrows(IllegalStateException.class, () -> c.setClientID(uniqueName("cid")));
    }

    @Test
    @Spec("6.1.2")
    @DisplayName("6.1.2 a client id in use by another connection is refused with InvalidClientIDException")
    void duplicateClientIdIsRefused() throws Exception {
        String id = uniqueName("cid");
        connection().setClientID(id);
        Connection other = connection();
        assertThrows(InvalidClientIDException.class, () -> other.setClientID(id));
    }

    @Test
    @Spec("6.1.2")
    @DisplayName("6.1.2 a client id becomes free again when its connection closes")
    void closedConnectionReleasesItsClientId() throws Exception {
        String id = uniqueName("cid");
        Connection first = connection();
        first.setClientID(id);
        first.close();
        Connection second = connection();
        second.setClientID(id);
        assertEquals(id, second.getClientID());
    }

    @Test
    @Spec("6.1.7")
    @DisplayName("6.1.7 the exception listener set is the one returned; null by default")
    void exceptionListenerIsKept() throws Exception {
        Connection c = connection();
        assertNull(c.getExceptionListener());
        ExceptionListener listener = e -> { };
        c.setExceptionListener(listener);
        assertSame(listener, c.getExceptionListener());
        c.setExceptionListener(null);
        assertNull(c.getExceptionListener());
    }
}
