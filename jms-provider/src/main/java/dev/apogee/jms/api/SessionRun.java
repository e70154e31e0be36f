package dev.apogee.jms.api;

import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A session's application-server facility (Jakarta Messaging 3.1 §8.2 / {@code Session.run} javadoc): a
 * session-level {@link MessageListener} and the batches a {@link ApogeeConnectionConsumer} loads into the session
 * before it calls {@code ServerSession.start()}; {@link #run()} hands each loaded message to the listener, in order,
 * then reports the batch done. The loading thread is the connection consumer's; {@code run()} is called on whatever
 * thread the application server's {@code ServerSession} uses. The listener is volatile; the queue is concurrent and
 * holds at most one batch (the connection consumer waits for each batch before loading the next).
 */
final class SessionRun {
    private static final Logger LOG = LoggerFactory.getLogger(SessionRun.class);

    /** One load: its messages and what to do once they all went through the listener. */
    interface Batch {
        List<Message> messages();

        /** Called once, after the listener saw every message; {@code failures} is how many it threw on. */
        void done(int failures);
    }

    private final ConcurrentLinkedQueue<Batch> loaded = new ConcurrentLinkedQueue<>();
    private volatile MessageListener listener;

    MessageListener listener() {
        return listener;
    }

    void setListener(MessageListener listener) {
        this.listener = listener;
    }

    void load(Batch batch) {
        loaded.add(batch);
    }

    /** Delivers the loaded batches; a listener's RuntimeException is logged and counted, never thrown to the caller. */
    void run() {
        Batch batch;
        while ((batch = loaded.poll()) != null) {
            MessageListener l = listener;
            int failures = 0;
            for (Message m : batch.messages()) {
                try {
                    if (l == null) {
                        failures++;
                        LOG.warn("APOGEE-JMS-CC-2 Session.run() without a session MessageListener: the message comes "
                                + "again");
                    } else {
                        l.onMessage(m);
                    }
                } catch (RuntimeException e) {
                    failures++;
                    LOG.warn("APOGEE-JMS-CC-3 the session MessageListener threw; the message is delivered again: {}",
                            e.toString());
                }
            }
            batch.done(failures);
        }
    }
}
