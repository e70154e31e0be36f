package dev.apogee.broker.console;

import dev.apogee.remoting.netty.RemotingBindException;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.BindException;

/**
 * The web console's HTTP server: Jetty on {@code bindAddress:consolePort} with a small pool ({@code apogee-console}),
 * the static page, the JSON API and, with ACL on, Basic authentication in front of both. Life cycle: {@link #start}
 * from the broker's start, {@link #shutdown()} from its shutdown (first, so no request reads a closing store).
 */
public final class ConsoleServer {
    private static final Logger LOG = LoggerFactory.getLogger(ConsoleServer.class);
    /** The rate chart: one sample every 5 s, the last hour. */
    static final long RATE_SAMPLE_MILLIS = 5_000;
    static final int RATE_SAMPLES = 720;

    private final Server server;
    private final ServerConnector connector;
    private final RateHistory rates;

    private ConsoleServer(ConsoleSources sources) {
        QueuedThreadPool pool = new QueuedThreadPool(10, 2);
        pool.setName("apogee-console");
        pool.setDaemon(true);
        server = new Server(pool);
        connector = new ServerConnector(server, 1, 1);
        connector.setHost(sources.config().getBindAddress());
        connector.setPort(sources.config().getConsolePort());
        server.addConnector(connector);
        server.setStopTimeout(2_000);
        rates = new RateHistory(sources.store()::stats, sources.clock(), RATE_SAMPLE_MILLIS, RATE_SAMPLES);
        Handler content = new Handler.Sequence(new StaticAssets(), new ApiHandler(new ApiRoutes(sources, rates)));
        server.setHandler(sources.acl() == null ? content : new ConsoleAuthHandler(sources.acl(), content));
    }

    /**
     * Starts serving; a port that cannot be bound fails with a {@link RemotingBindException} naming it, so the
     * broker's start fails with one clear line, as for its remoting port.
     */
    public static ConsoleServer start(ConsoleSources sources) throws RemotingBindException {
        ConsoleServer console = new ConsoleServer(sources);
        try {
            console.server.start();
        } catch (Exception e) {
            console.rates.shutdown();
            console.stopQuietly();
            String port = "web console port " + sources.config().getConsolePort() + " on "
                    + sources.config().getBindAddress() + " (consolePort)";
            throw new RemotingBindException(portTaken(e) ? port.replace(" on ", " is already in use on ")
                    : port + " cannot be opened: " + e, e);
        }
        console.rates.start();
        LOG.info("CONSOLE-STARTED web console on http://{}:{}/ (ACL {})", sources.config().getBindAddress(),
                console.port(), sources.acl() == null ? "off" : "on: admin accounts, HTTP Basic");
        return console;
    }

    private static boolean portTaken(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof BindException) {
                return true;
            }
        }
        return false;
    }

    /** The port the console listens on (the configured one, or the one picked for {@code consolePort=0}). */
    public int port() {
        return connector.getLocalPort();
    }

    public void shutdown() {
        rates.shutdown();
        stopQuietly();
        LOG.info("CONSOLE-STOPPED");
    }

    private void stopQuietly() {
        try {
            server.stop();
        } catch (Exception e) {
            LOG.warn("CONSOLE-STOP-FAILED {}", e.toString());
        }
    }
}
