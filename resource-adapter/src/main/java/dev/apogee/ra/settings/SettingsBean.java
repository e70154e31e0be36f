package dev.apogee.ra.settings;

import java.io.Serializable;

/**
 * The JavaBean face of {@link ApogeeSettings}: the container sets these config properties on the resource adapter,
 * on each managed connection factory and on each activation spec, which all extend this class so each property is
 * declared once. A null (never set) property falls through to the next level.
 */
public abstract class SettingsBean implements Serializable {
    private static final long serialVersionUID = 1L;

    private String connectionUrl;
    private String user;
    private String password;
    private String clientId;
    private String trustedPackages;
    private Integer maxDeliveries;
    private String deadLetterQueue;
    private Long reconnectIntervalMs;

    /** The values set on this bean only (unset ones null). */
    public ApogeeSettings ownSettings() {
        return new ApogeeSettings(connectionUrl, user, password, clientId, trustedPackages, maxDeliveries,
                deadLetterQueue, reconnectIntervalMs);
    }

    public String getConnectionUrl() {
        return connectionUrl;
    }

    public void setConnectionUrl(String connectionUrl) {
        this.connectionUrl = connectionUrl;
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

    public String getClientId() {
        return clientId;
    }

    public void setClientId(String clientId) {
        this.clientId = clientId;
    }

    public String getTrustedPackages() {
        return trustedPackages;
    }

    public void setTrustedPackages(String trustedPackages) {
        this.trustedPackages = trustedPackages;
    }

    public Integer getMaxDeliveries() {
        return maxDeliveries;
    }

    public void setMaxDeliveries(Integer maxDeliveries) {
        this.maxDeliveries = maxDeliveries;
    }

    public String getDeadLetterQueue() {
        return deadLetterQueue;
    }

    public void setDeadLetterQueue(String deadLetterQueue) {
        this.deadLetterQueue = deadLetterQueue;
    }

    public Long getReconnectIntervalMs() {
        return reconnectIntervalMs;
    }

    public void setReconnectIntervalMs(Long reconnectIntervalMs) {
        this.reconnectIntervalMs = reconnectIntervalMs;
    }
}
