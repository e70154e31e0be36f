package dev.apogee.client.producer;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.latency.BackoffTable;

/** Settings of a producer; defaults are the official 5.3.3 client's unless stated. */
public final class ProducerConfig {
    private final String group;
    private ClientConfig clientConfig = new ClientConfig();
    private long sendTimeoutMillis = 3_000;
    private int retryTimesWhenSendFailed = 2;
    private int retryTimesWhenSendAsyncFailed = 2;
    private int compressThreshold = 4 * 1024;
    private int compressLevel = 5;
    private int maxMessageSize = 4 * 1024 * 1024;
    private int defaultTopicQueueNums = 4;
    private boolean latencyFaultTolerance = true;
    private BackoffTable backoffTable = BackoffTable.DEFAULT;
    private boolean retryAnotherBrokerWhenNotStoreOK;

    public ProducerConfig(String group) {
        this.group = group;
    }

    public String getGroup() {
        return group;
    }

    public ClientConfig getClientConfig() {
        return clientConfig;
    }

    public ProducerConfig setClientConfig(ClientConfig clientConfig) {
        this.clientConfig = clientConfig;
        return this;
    }

    public long getSendTimeoutMillis() {
        return sendTimeoutMillis;
    }

    /** The time budget of one send, retries included. */
    public ProducerConfig setSendTimeoutMillis(long sendTimeoutMillis) {
        this.sendTimeoutMillis = sendTimeoutMillis;
        return this;
    }

    public int getRetryTimesWhenSendFailed() {
        return retryTimesWhenSendFailed;
    }

    public ProducerConfig setRetryTimesWhenSendFailed(int retries) {
        this.retryTimesWhenSendFailed = retries;
        return this;
    }

    public int getRetryTimesWhenSendAsyncFailed() {
        return retryTimesWhenSendAsyncFailed;
    }

    public ProducerConfig setRetryTimesWhenSendAsyncFailed(int retries) {
        this.retryTimesWhenSendAsyncFailed = retries;
        return this;
    }

    public int getCompressThreshold() {
        return compressThreshold;
    }

    /** Bodies longer than this many bytes are zlib-compressed (not in batches). */
    public ProducerConfig setCompressThreshold(int compressThreshold) {
        this.compressThreshold = compressThreshold;
        return this;
    }

    public int getCompressLevel() {
        return compressLevel;
    }

    public ProducerConfig setCompressLevel(int compressLevel) {
        this.compressLevel = compressLevel;
        return this;
    }

    public int getMaxMessageSize() {
        return maxMessageSize;
    }

    public ProducerConfig setMaxMessageSize(int maxMessageSize) {
        this.maxMessageSize = maxMessageSize;
        return this;
    }

    public int getDefaultTopicQueueNums() {
        return defaultTopicQueueNums;
    }

    public ProducerConfig setDefaultTopicQueueNums(int defaultTopicQueueNums) {
        this.defaultTopicQueueNums = defaultTopicQueueNums;
        return this;
    }

    /** On by default here (the official client has it off): avoid brokers whose last send was slow or failed. */
    public boolean isLatencyFaultTolerance() {
        return latencyFaultTolerance;
    }

    public ProducerConfig setLatencyFaultTolerance(boolean enabled) {
        this.latencyFaultTolerance = enabled;
        return this;
    }

    public BackoffTable getBackoffTable() {
        return backoffTable;
    }

    public ProducerConfig setBackoffTable(BackoffTable backoffTable) {
        this.backoffTable = backoffTable;
        return this;
    }

    public boolean isRetryAnotherBrokerWhenNotStoreOK() {
        return retryAnotherBrokerWhenNotStoreOK;
    }

    public ProducerConfig setRetryAnotherBrokerWhenNotStoreOK(boolean retry) {
        this.retryAnotherBrokerWhenNotStoreOK = retry;
        return this;
    }
}
