package dev.apogee.jms.api;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.ObjectBodyCodec;
import dev.apogee.jms.message.TrustedPackages;
import dev.apogee.jms.metrics.JmsMetrics;
import dev.apogee.jms.provider.Credentials;
import dev.apogee.jms.provider.NativeProvider;
import dev.apogee.jms.provider.NativeProviderConfig;
import dev.apogee.jms.provider.Provider;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.QueueConnection;
import jakarta.jms.QueueConnectionFactory;
import jakarta.jms.TopicConnection;
import jakarta.jms.TopicConnectionFactory;

import java.io.Serializable;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Creates connections to Apogee MQ. Configure with setters or a URL:
 * {@code apogee://host:9876[,host2:9876][?clientID=x&user=u&password=p&sendTimeout=3000&requestTimeout=3000
 * &topicQueueNums=4&rebalanceInterval=2000&healthCheckInterval=2000&reconnect=false&reconnectTimeout=60000
 * &asyncSendWindow=1000&invisibleTime=60000&trustedPackages=com.example,org.acme]} (times in ms).
 * {@code asyncSendWindow}: how many asynchronous sends (CompletionListener) one session may have in flight against an
 * Apogee broker, which keeps them in order; against Apache RocketMQ one at a time. {@code invisibleTime}: how long a
 * message received from a queue or shared subscription stays invisible to the other consumers at a time; the
 * connection renews it while it holds the message, so it is also how long a crashed client's messages wait.
 * {@code user} and {@code password} are the ACL access key and secret key of a broker with {@code aclEnable=true}:
 * every request is signed with them, and {@code createConnection} has each master broker check them (a refusal is
 * a {@code JMSSecurityException}, APOGEE-JMS-0022). Without them a connection is anonymous, which a broker with ACL
 * allows only when its {@code plain_acl.yml} names an {@code anonymousAccount}. {@code createConnection(user,
 * password)} and {@code createContext(user, password)} override the factory's pair. Also a factory for
 * {@link JMSContext}s ({@link ApogeeJMSContext}).
 *
 * <p>Connection loss: a connection probes its name servers and brokers every {@code healthCheckInterval}; when a
 * broker refuses connections for two probes in a row (or stays silent for three request timeouts) the
 * ExceptionListener gets one {@code JMSException} with error code {@code APOGEE-JMS-0021} (CONNECTION_LOST) and the
 * connection is dead: sends, receives and new sessions fail fast with that code, {@code close()} still works, and a
 * new connection is needed. With {@code reconnect=true} the connection instead rides out a broker outage — sends
 * fail meanwhile, consumers resume when the broker (or a new route) is back — and is lost only when the broker stays
 * away for {@code reconnectTimeout}. A name server outage alone is reported (APOGEE-JMS-0014) but not fatal.
 */
public class ApogeeConnectionFactory implements ConnectionFactory, QueueConnectionFactory, TopicConnectionFactory,
        Serializable {
    private static final long serialVersionUID = 1L;

    private String namesrvAddress = "127.0.0.1:9876";
    private String clientID;
    private String user;
    private String password;
    private long sendTimeoutMillis = 3_000;
    private long requestTimeoutMillis = 3_000;
    private int topicQueueNums = 4;
    private long rebalanceIntervalMillis = 2_000;
    private long assignmentWaitMillis = 3_000;
    private long healthCheckMillis = 2_000;
    private boolean reconnect;
    private long reconnectTimeoutMillis = 60_000;
    private int asyncSendWindow = NativeProviderConfig.DEFAULT_ASYNC_SEND_WINDOW;
    private long invisibleTimeMillis = NativeProviderConfig.DEFAULT_INVISIBLE_MILLIS;
    private List<String> trustedPackages = new ArrayList<>();
    /** The {@code factory} tag of the client metrics; null = the name server address. */
    private String metricsName;
    /** A Micrometer {@code MeterRegistry} set by the application (not serialized), or null: the global registry. */
    private transient Object meterRegistry;

    public ApogeeConnectionFactory() {
    }

    /** A factory configured from an {@code apogee://} URL. */
    public ApogeeConnectionFactory(String url) throws JMSException {
        setUrl(url);
    }

    public final void setUrl(String url) throws JMSException {
        String prefix = "apogee://";
        if (url == null || !url.startsWith(prefix)) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "not an apogee:// URL: " + url);
        }
        String rest = url.substring(prefix.length());
        int q = rest.indexOf('?');
        String hosts = q < 0 ? rest : rest.substring(0, q);
        if (hosts.endsWith("/")) {
            hosts = hosts.substring(0, hosts.length() - 1);
        }
        if (!hosts.isEmpty()) {
            namesrvAddress = hosts.replace(',', ';');
        }
        if (q < 0) {
            return;
        }
        for (String pair : rest.substring(q + 1).split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            try {
                switch (key) {
                    case "clientID" -> clientID = value;
                    case "user" -> user = value;
                    case "password" -> password = value;
                    case "sendTimeout" -> sendTimeoutMillis = Long.parseLong(value);
                    case "requestTimeout" -> requestTimeoutMillis = Long.parseLong(value);
                    case "topicQueueNums" -> topicQueueNums = Integer.parseInt(value);
                    case "rebalanceInterval" -> rebalanceIntervalMillis = Long.parseLong(value);
                    case "healthCheckInterval" -> healthCheckMillis = Long.parseLong(value);
                    case "reconnect" -> reconnect = Boolean.parseBoolean(value);
                    case "reconnectTimeout" -> reconnectTimeoutMillis = Long.parseLong(value);
                    case "asyncSendWindow" -> setAsyncSendWindow(Integer.parseInt(value));
                    case "invisibleTime" -> setInvisibleTimeMillis(Long.parseLong(value));
                    case "trustedPackages" -> trustedPackages = new ArrayList<>(List.of(value.split(",")));
                    case "metricsName" -> metricsName = value;
                    default -> throw JmsExceptions.create(ErrorCode.INTERNAL, "unknown URL option '" + key + "'");
                }
            } catch (NumberFormatException e) {
                throw JmsExceptions.create(ErrorCode.INVALID_SETTING, "URL option '" + key + "' is not a number: "
                        + value, e);
            }
        }
    }

    // ---- ConnectionFactory ----

    @Override
    public Connection createConnection() throws JMSException {
        return createConnection(user, password);
    }

    /** A connection as {@code userName} (ACL access key) with {@code pass} (secret key), instead of the factory's. */
    @Override
    public Connection createConnection(String userName, String pass) throws JMSException {
        return newConnection(userName, pass);
    }

    @Override
    public QueueConnection createQueueConnection() throws JMSException {
        return newConnection(user, password);
    }

    @Override
    public QueueConnection createQueueConnection(String userName, String pass) throws JMSException {
        return newConnection(userName, pass);
    }

    @Override
    public TopicConnection createTopicConnection() throws JMSException {
        return newConnection(user, password);
    }

    @Override
    public TopicConnection createTopicConnection(String userName, String pass) throws JMSException {
        return newConnection(userName, pass);
    }

    /**
     * Connects as {@code userName}/{@code pass} (both null: anonymous) and has a broker check them: refused
     * credentials fail here with a {@code JMSSecurityException} (APOGEE-JMS-0022).
     */
    private ApogeeConnection newConnection(String userName, String pass) throws JMSException {
        Provider provider = new NativeProvider(new NativeProviderConfig(namesrvAddress, sendTimeoutMillis,
                requestTimeoutMillis, topicQueueNums, rebalanceIntervalMillis, assignmentWaitMillis,
                healthCheckMillis, reconnect, reconnectTimeoutMillis, asyncSendWindow, invisibleTimeMillis),
                Credentials.of(userName, pass));
        Futures.await(provider.connect());
        ObjectBodyCodec objects = new ObjectBodyCodec(TrustedPackages.withPackages(trustedPackages),
                Thread.currentThread().getContextClassLoader());
        try {
            ApogeeConnection connection = newConnection(provider, objects, clientID);
            connection.meters(JmsMetrics.forFactory(getMetricsName(), meterRegistry));
            return connection;
        } catch (JMSException | RuntimeException e) {
            provider.close();
            throw e;
        }
    }

    /** Makes the connection object over a connected provider (the XA factory makes XA connections). */
    protected ApogeeConnection newConnection(Provider provider, ObjectBodyCodec objects, String clientID)
            throws JMSException {
        return new ApogeeConnection(provider, objects, clientID);
    }

    @Override
    public JMSContext createContext() {
        return createContext(user, password, JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(String userName, String pass) {
        return createContext(userName, pass, JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(String userName, String pass, int sessionMode) {
        try {
            ApogeeConnection connection = newConnection(userName, pass);
            try {
                return new ApogeeJMSContext(connection, sessionMode);
            } catch (RuntimeException e) {
                connection.close();
                throw e;
            }
        } catch (JMSException e) {
            throw RuntimeExceptions.wrap(e);
        }
    }

    @Override
    public JMSContext createContext(int sessionMode) {
        return createContext(user, password, sessionMode);
    }

    // ---- settings ----

    public String getNamesrvAddress() {
        return namesrvAddress;
    }

    /** Name servers, {@code host:port} separated by {@code ;} (or {@code ,}). */
    public void setNamesrvAddress(String namesrvAddress) {
        this.namesrvAddress = namesrvAddress.replace(',', ';');
    }

    public String getClientID() {
        return clientID;
    }

    public void setClientID(String clientID) {
        this.clientID = clientID;
    }

    public String getUser() {
        return user;
    }

    public void setUser(String user) {
        this.user = user;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    public long getSendTimeoutMillis() {
        return sendTimeoutMillis;
    }

    public void setSendTimeoutMillis(long sendTimeoutMillis) {
        this.sendTimeoutMillis = sendTimeoutMillis;
    }

    public long getRequestTimeoutMillis() {
        return requestTimeoutMillis;
    }

    public void setRequestTimeoutMillis(long requestTimeoutMillis) {
        this.requestTimeoutMillis = requestTimeoutMillis;
    }

    public int getTopicQueueNums() {
        return topicQueueNums;
    }

    public void setTopicQueueNums(int topicQueueNums) {
        this.topicQueueNums = topicQueueNums;
    }

    public long getRebalanceIntervalMillis() {
        return rebalanceIntervalMillis;
    }

    public void setRebalanceIntervalMillis(long rebalanceIntervalMillis) {
        this.rebalanceIntervalMillis = rebalanceIntervalMillis;
    }

    public long getAssignmentWaitMillis() {
        return assignmentWaitMillis;
    }

    /** How long creating a consumer waits for the broker to assign it queues (0 = don't wait). */
    public void setAssignmentWaitMillis(long assignmentWaitMillis) {
        this.assignmentWaitMillis = assignmentWaitMillis;
    }

    public long getHealthCheckMillis() {
        return healthCheckMillis;
    }

    /**
     * How often connections probe the name servers and brokers (see the class comment for what is reported). 0
     * switches the probe off, and with it connection-loss detection.
     */
    public void setHealthCheckMillis(long healthCheckMillis) {
        this.healthCheckMillis = healthCheckMillis;
    }

    public boolean isReconnect() {
        return reconnect;
    }

    /** Whether connections ride out broker outages (up to {@link #setReconnectTimeoutMillis}) instead of dying. */
    public void setReconnect(boolean reconnect) {
        this.reconnect = reconnect;
    }

    public long getReconnectTimeoutMillis() {
        return reconnectTimeoutMillis;
    }

    /** How long a reconnecting connection waits for a lost broker before it reports the connection lost. */
    public void setReconnectTimeoutMillis(long reconnectTimeoutMillis) {
        this.reconnectTimeoutMillis = reconnectTimeoutMillis;
    }

    public int getAsyncSendWindow() {
        return asyncSendWindow;
    }

    /** Asynchronous sends one session may have in flight against an Apogee broker (at least 1; default 1000). */
    public void setAsyncSendWindow(int asyncSendWindow) {
        if (asyncSendWindow < 1) {
            throw new IllegalArgumentException("asyncSendWindow must be at least 1, not " + asyncSendWindow);
        }
        this.asyncSendWindow = asyncSendWindow;
    }

    public long getInvisibleTimeMillis() {
        return invisibleTimeMillis;
    }

    /**
     * How long a message received from a queue or shared subscription stays invisible to the queue's other
     * consumers at a time (1,000 ms to 12 h; default 60,000). The connection renews it, at half of it, while it
     * holds the message (prefetched, delivered and not acknowledged, in a transaction not yet prepared); a client
     * that dies holding messages gives them back after this time.
     *
     * @throws JMSException {@code APOGEE-JMS-0023} (INVALID_SETTING) for a value out of range
     */
    public void setInvisibleTimeMillis(long invisibleTimeMillis) throws JMSException {
        String wrong = NativeProviderConfig.checkInvisibleMillis(invisibleTimeMillis);
        if (wrong != null) {
            throw JmsExceptions.create(ErrorCode.INVALID_SETTING, wrong);
        }
        this.invisibleTimeMillis = invisibleTimeMillis;
    }

    /** The {@code factory} tag of this factory's client metrics (README "Metrics"): set, or the name server address. */
    public String getMetricsName() {
        return metricsName != null && !metricsName.isEmpty() ? metricsName : namesrvAddress;
    }

    public void setMetricsName(String metricsName) {
        this.metricsName = metricsName;
    }

    /**
     * The Micrometer registry this factory's connections count into (MAPPING.md "Client metrics"); without one they
     * count into {@code Metrics.globalRegistry} when Micrometer is on the class path. Typed {@code Object} so that the
     * factory loads, and is introspected, without Micrometer.
     *
     * @param registry an {@code io.micrometer.core.instrument.MeterRegistry}, or null for the global registry
     * @throws IllegalArgumentException when it is not one, or Micrometer is not on the class path
     */
    public void setMeterRegistry(Object registry) {
        if (registry != null) {
            JmsMetrics.forFactory(getMetricsName(), registry); // fails now rather than at createConnection
        }
        this.meterRegistry = registry;
    }

    public List<String> getTrustedPackages() {
        return List.copyOf(trustedPackages);
    }

    /** Packages (besides the JDK defaults) whose classes ObjectMessage bodies may contain. */
    public void setTrustedPackages(List<String> packages) {
        this.trustedPackages = new ArrayList<>(packages);
    }
}
