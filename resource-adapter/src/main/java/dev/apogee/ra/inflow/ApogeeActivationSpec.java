package dev.apogee.ra.inflow;

import dev.apogee.ra.settings.SettingsBean;
import jakarta.resource.ResourceException;
import jakarta.resource.spi.ActivationSpec;
import jakarta.resource.spi.InvalidPropertyException;
import jakarta.resource.spi.ResourceAdapter;

import java.util.List;

/**
 * How one message-driven bean consumes: the standard Jakarta Messaging activation properties plus the native ones
 * (consumerGroup, tag, consumeFrom) and the shared settings of {@link SettingsBean}. Every property is boxed so that
 * "not set" differs from a default; {@link ActivationSpecValidator} turns the set values into an
 * {@link InflowSpec} and reports every problem at once, at deployment.
 */
public class ApogeeActivationSpec extends SettingsBean implements ActivationSpec {
    private static final long serialVersionUID = 1L;

    private transient ResourceAdapter resourceAdapter;
    private String destination;
    private String destinationLookup;
    private String destinationType;
    private String messageSelector;
    private String acknowledgeMode;
    private String subscriptionDurability;
    private String subscriptionName;
    private Boolean shareSubscriptions;
    private String connectionFactoryLookup;
    private Integer maxSession;
    private String consumerGroup;
    private String tag;
    private String consumeFrom;

    @Override
    public void validate() throws InvalidPropertyException {
        List<String> problems = ActivationSpecValidator.problems(this);
        if (!problems.isEmpty()) {
            throw new InvalidPropertyException("APOGEE-RA-0001 invalid activation config: "
                    + String.join("; ", problems));
        }
    }

    @Override
    public ResourceAdapter getResourceAdapter() {
        return resourceAdapter;
    }

    @Override
    public void setResourceAdapter(ResourceAdapter ra) throws ResourceException {
        this.resourceAdapter = ra;
    }

    public String getDestination() {
        return destination;
    }

    public void setDestination(String destination) {
        this.destination = destination;
    }

    public String getDestinationLookup() {
        return destinationLookup;
    }

    public void setDestinationLookup(String destinationLookup) {
        this.destinationLookup = destinationLookup;
    }

    public String getDestinationType() {
        return destinationType;
    }

    public void setDestinationType(String destinationType) {
        this.destinationType = destinationType;
    }

    public String getMessageSelector() {
        return messageSelector;
    }

    public void setMessageSelector(String messageSelector) {
        this.messageSelector = messageSelector;
    }

    public String getAcknowledgeMode() {
        return acknowledgeMode;
    }

    public void setAcknowledgeMode(String acknowledgeMode) {
        this.acknowledgeMode = acknowledgeMode;
    }

    public String getSubscriptionDurability() {
        return subscriptionDurability;
    }

    public void setSubscriptionDurability(String subscriptionDurability) {
        this.subscriptionDurability = subscriptionDurability;
    }

    public String getSubscriptionName() {
        return subscriptionName;
    }

    public void setSubscriptionName(String subscriptionName) {
        this.subscriptionName = subscriptionName;
    }

    public Boolean getShareSubscriptions() {
        return shareSubscriptions;
    }

    public void setShareSubscriptions(Boolean shareSubscriptions) {
        this.shareSubscriptions = shareSubscriptions;
    }

    public String getConnectionFactoryLookup() {
        return connectionFactoryLookup;
    }

    public void setConnectionFactoryLookup(String connectionFactoryLookup) {
        this.connectionFactoryLookup = connectionFactoryLookup;
    }

    public Integer getMaxSession() {
        return maxSession;
    }

    public void setMaxSession(Integer maxSession) {
        this.maxSession = maxSession;
    }

    public String getConsumerGroup() {
        return consumerGroup;
    }

    public void setConsumerGroup(String consumerGroup) {
        this.consumerGroup = consumerGroup;
    }

    public String getTag() {
        return tag;
    }

    public void setTag(String tag) {
        this.tag = tag;
    }

    public String getConsumeFrom() {
        return consumeFrom;
    }

    public void setConsumeFrom(String consumeFrom) {
        this.consumeFrom = consumeFrom;
    }

    @Override
    public String toString() {
        return "ApogeeActivationSpec[destination=" + destination + ", destinationLookup=" + destinationLookup
                + ", destinationType=" + destinationType + ", selector=" + messageSelector + ", durability="
                + subscriptionDurability + ", subscriptionName=" + subscriptionName + ", maxSession=" + maxSession
                + (consumerGroup == null ? "" : ", consumerGroup=" + consumerGroup + ", consumeFrom=" + consumeFrom)
                + ", " + ownSettings() + "]";
    }
}
