package jmsbench;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One timed phase of a {@link QueueScenarios} scenario: N consumers on one queue, one persistent producer. Live: the
 * consumers listen before the first send, and the deliver row runs from the first send to the last delivery.
 * Backlog: the producer sends everything first, then all consumers' connections start together and drain.
 * Runs on the harness's main thread; the listeners' counts live in {@link Deliveries}.
 */
final class QueuePhase {
    /** What a phase runs: the queue, one selector per consumer (null: none), colours sent in turn (null: none). */
    record Spec(ConnectionFactory f, String cfName, String scen, String queue, Bench.Body body,
                List<String> selectors, String[] colours, long messages) { }

    static final String SEQ = "jmsbenchSeq";
    static final String RUN = "jmsbenchRun";
    static final String COLOR = "color";

    private final Bench b;
    private final Spec spec;
    private final boolean backlog;
    private final long purged;
    private final int runId = ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE);

    QueuePhase(Bench b, Spec spec, boolean backlog, long purged) {
        this.b = b;
        this.spec = spec;
        this.backlog = backlog;
        this.purged = purged;
    }

    void run() throws Exception {
        int consumers = spec.selectors().size();
        Deliveries d = new Deliveries(b, runId, spec.messages(), consumers, !backlog);
        List<Connection> consumerConns = new ArrayList<>();
        Connection pc = null;
        try {
            for (int i = 0; i < consumers; i++) {
                Connection c = b.connect(spec.f());
                consumerConns.add(c);
                Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                String selector = spec.selectors().get(i);
                MessageConsumer mc = s.createConsumer(b.queue(s, spec.queue()), selector);
                mc.setMessageListener(d.listener(i, colourOf(selector)));
            }
            if (!backlog) {
                startAll(consumerConns);
            }
            pc = b.connect(spec.f());
            Session ps = pc.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = ps.createProducer(b.queue(ps, spec.queue()));
            p.setDeliveryMode(DeliveryMode.PERSISTENT);
            long errs0 = b.bodyErrors.get();
            Bench.Snap snap = b.snap();
            long t0 = System.nanoTime();
            Lat sendLat = new Lat();
            long[] perColour = new long[spec.colours() == null ? 1 : spec.colours().length];
            long sent = send(ps, p, sendLat, perColour);
            long sendNanos = System.nanoTime() - t0;
            addSendRow(sent, sendNanos, sendLat, snap);
            if (backlog) {
                snap = b.snap();
                t0 = System.nanoTime();
                startAll(consumerConns);
            }
            d.await(sent, b.phaseDeadline(), b.receiveIdleMs * 1_000_000L);
            long end = d.lastNanos() == 0 ? System.nanoTime() : d.lastNanos();
            addDeliverRow(d, sent, perColour, end - t0, snap, errs0);
        } finally {
            Bench.closeQuietly(pc);
            for (Connection c : consumerConns) {
                Bench.closeQuietly(c);
            }
        }
    }

    private static void startAll(List<Connection> conns) throws JMSException {
        for (Connection c : conns) {
            c.start();
        }
    }

    /** "color='red'" -> "red": the colour a consumer's selector selects (null: it selects everything). */
    private static String colourOf(String selector) {
        return selector == null ? null : selector.substring(selector.indexOf('\'') + 1, selector.lastIndexOf('\''));
    }

    /** Sends up to spec.messages or until the phase deadline; every message carries its sequence number. */
    private long send(Session s, MessageProducer p, Lat sendLat, long[] perColour) throws JMSException {
        long deadline = b.phaseDeadline();
        String[] colours = spec.colours();
        int i = 0;
        while (i < spec.messages()) {
            if ((i & 31) == 0 && System.nanoTime() >= deadline) {
                break;
            }
            Message m = b.newMessage(s, spec.body());
            m.setIntProperty(SEQ, i);
            m.setIntProperty(RUN, runId);
            if (colours != null) {
                m.setStringProperty(COLOR, colours[i % colours.length]);
                perColour[i % colours.length]++;
            } else {
                perColour[0]++;
            }
            long st = System.nanoTime();
            m.setLongProperty(Bench.TS, st);
            p.send(m);
            sendLat.add(System.nanoTime() - st);
            i++;
        }
        return i;
    }

    private String phase() {
        return backlog ? "backlog" : "live";
    }

    private String consumersText() {
        int n = spec.selectors().size();
        return n + " listeners";
    }

    private void addSendRow(long sent, long nanos, Lat sendLat, Bench.Snap snap) {
        Result r = b.result(spec.scen(), spec.body().name().toLowerCase(), phase() + ": send",
            Bench.mode(DeliveryMode.PERSISTENT), spec.cfName(), sent, spec.messages(), nanos, snap);
        r.complete = true; // a send phase may stop at --max-seconds
        r.lat = sendLat.summary();
        r.latWhat = "send() call";
        r.notes = Bench.join(backlog ? "consumers not started" : consumersText() + " attached and started",
            sent < spec.messages() ? Scenarios.TIME_CAP : "", purged > 0 ? "purged " + purged + " leftovers" : "");
        b.add(r);
    }

    private void addDeliverRow(Deliveries d, long sent, long[] perColour, long nanos, Bench.Snap snap, long errs0) {
        String what = (backlog ? "drain" : "deliver") + " (" + consumersText() + ")";
        Result r = b.result(spec.scen(), spec.body().name().toLowerCase(), phase() + ": " + what,
            Bench.mode(DeliveryMode.PERSISTENT), spec.cfName(), d.distinct(), sent, nanos, snap);
        if (!backlog) {
            r.lat = d.latency();
            r.latWhat = "send->deliver latency";
        }
        long wrongSize = b.bodyErrors.get() - errs0;
        r.notes = Bench.join("per consumer " + d.split(spec.selectors()), d.duplicates() > 0
                ? d.duplicates() + " delivered again" : "", d.strays() > 0 ? d.strays() + " from earlier runs" : "",
            wrongSize > 0 ? wrongSize + " bodies with wrong size" : "");
        r.error = d.failure(sent, perColour, spec.colours());
        if (r.error != null) {
            r.complete = false;
        }
        b.add(r);
    }
}
