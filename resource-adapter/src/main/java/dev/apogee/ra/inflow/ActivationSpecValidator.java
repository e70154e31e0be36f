package dev.apogee.ra.inflow;

import dev.apogee.jms.api.NativeConsumers;
import dev.apogee.jms.api.NativeConsumers.ConsumeFrom;
import dev.apogee.ra.settings.ApogeeSettings;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Validates an {@link ApogeeActivationSpec} and derives its {@link InflowSpec}. Pure: every problem is a sentence
 * naming the property, so one failed deployment lists them all. {@link #problems(ApogeeActivationSpec)} checks the
 * spec alone (its validate()); {@link #problems(InflowSpec, ApogeeSettings)} what needs the inherited settings.
 */
public final class ActivationSpecValidator {
    /** Sessions per activation when maxSession is unset (unshared topic subscriptions always get one). */
    static final int DEFAULT_MAX_SESSION = 5;
    private static final Set<String> QUEUE_TYPES = Set.of("jakarta.jms.Queue", "Queue");
    private static final Set<String> TOPIC_TYPES = Set.of("jakarta.jms.Topic", "Topic");
    private static final Set<String> ACK_MODES = Set.of("Auto-acknowledge", "Dups-ok-acknowledge");
    private static final Set<String> DURABILITIES = Set.of("Durable", "NonDurable");
    private static final String SUBSCRIPTION_NAME = "[a-zA-Z0-9_-]+";

    private ActivationSpecValidator() {
    }

    /** Every problem with the spec; empty when {@link #toInflowSpec} will succeed. */
    public static List<String> problems(ApogeeActivationSpec s) {
        List<String> out = new ArrayList<>();
        boolean hasName = s.getDestination() != null && !s.getDestination().isBlank();
        boolean hasLookup = s.getDestinationLookup() != null && !s.getDestinationLookup().isBlank();
        if (hasName == hasLookup) {
            out.add("set exactly one of destination and destinationLookup");
        }
        String type = s.getDestinationType();
        if (type != null && !QUEUE_TYPES.contains(type) && !TOPIC_TYPES.contains(type)) {
            out.add("destinationType must be jakarta.jms.Queue or jakarta.jms.Topic, was '" + type + "'");
        }
        if (s.getAcknowledgeMode() != null && !ACK_MODES.contains(s.getAcknowledgeMode())) {
            out.add("acknowledgeMode must be Auto-acknowledge or Dups-ok-acknowledge, was '"
                    + s.getAcknowledgeMode() + "'");
        }
        checkSubscription(s, out);
        if (s.getMaxSession() != null && s.getMaxSession() < 1) {
            out.add("maxSession must be at least 1, was " + s.getMaxSession());
        }
        checkNative(s, out);
        return out;
    }

    private static void checkSubscription(ApogeeActivationSpec s, List<String> out) {
        String durability = s.getSubscriptionDurability();
        if (durability != null && !DURABILITIES.contains(durability)) {
            out.add("subscriptionDurability must be Durable or NonDurable, was '" + durability + "'");
        }
        boolean topic = s.getDestinationType() != null && TOPIC_TYPES.contains(s.getDestinationType());
        boolean durable = "Durable".equals(durability);
        boolean shared = Boolean.TRUE.equals(s.getShareSubscriptions());
        if ((durable || shared) && !topic) {
            out.add("subscriptionDurability=Durable and shareSubscriptions=true need destinationType"
                    + " jakarta.jms.Topic");
        }
        String name = s.getSubscriptionName();
        if ((durable || shared) && (name == null || name.isBlank())) {
            out.add("a durable or shared subscription needs subscriptionName");
        } else if (name != null && !name.matches(SUBSCRIPTION_NAME)) {
            out.add("subscriptionName may hold letters, digits, '_' and '-' only, was '" + name + "'");
        }
        if (topic && !shared && s.getConsumerGroup() == null && s.getMaxSession() != null
                && s.getMaxSession() > 1) {
            out.add("maxSession > 1 on an unshared topic subscription would deliver each message several times;"
                    + " set shareSubscriptions=true or maxSession=1");
        }
    }

    private static void checkNative(ApogeeActivationSpec s, List<String> out) {
        String tag = s.getTag();
        if (tag != null && (tag.isBlank() || tag.contains("'") || tag.contains("*"))) {
            out.add("tag must be one or more tags separated by '||', without quotes or '*', was '" + tag + "'");
        }
        String group = s.getConsumerGroup();
        if (group != null && !NativeConsumers.isValidGroup(group)) {
            out.add("consumerGroup may hold up to 255 letters, digits, '%', '|', '_' and '-', was '" + group + "'");
        }
        if (group != null && ("Durable".equals(s.getSubscriptionDurability())
                || Boolean.TRUE.equals(s.getShareSubscriptions()) || s.getSubscriptionName() != null)) {
            out.add("consumerGroup names the subscription itself (it is kept, and shared by the sessions): do not"
                    + " combine it with subscriptionDurability=Durable, shareSubscriptions or subscriptionName");
        }
        if (s.getConsumeFrom() != null) {
            if (group == null) {
                out.add("consumeFrom needs consumerGroup: JMS queues start at the first message, new topic"
                        + " subscriptions at the last");
            }
            try {
                ConsumeFrom.parse(s.getConsumeFrom());
            } catch (IllegalArgumentException e) {
                out.add("consumeFrom " + e.getMessage());
            }
        }
    }

    /**
     * Problems that depend on the settings the spec inherits (activation spec → connection factory → adapter):
     * checked at endpoint activation, once those are known.
     */
    public static List<String> problems(InflowSpec spec, ApogeeSettings effective) {
        List<String> out = new ArrayList<>();
        if (spec.durable() && !spec.shared() && (effective.clientId() == null || effective.clientId().isBlank())) {
            out.add("an unshared durable subscription needs clientId (or set shareSubscriptions=true)");
        }
        return out;
    }

    /** The validated spec; call only when {@link #problems} is empty. */
    public static InflowSpec toInflowSpec(ApogeeActivationSpec s) {
        boolean topic = s.getDestinationType() != null && TOPIC_TYPES.contains(s.getDestinationType());
        boolean shared = Boolean.TRUE.equals(s.getShareSubscriptions());
        String group = s.getConsumerGroup();
        int maxSession = s.getMaxSession() != null ? s.getMaxSession()
                : topic && !shared && group == null ? 1 : DEFAULT_MAX_SESSION;
        // a native group starts like the destination's JMS consumers unless consumeFrom says otherwise
        ConsumeFrom from = group == null ? null : s.getConsumeFrom() != null ? ConsumeFrom.parse(s.getConsumeFrom())
                : topic ? ConsumeFrom.last() : ConsumeFrom.first();
        return new InflowSpec(blankToNull(s.getDestination()), blankToNull(s.getDestinationLookup()), topic,
                selector(s.getTag(), blankToNull(s.getMessageSelector())),
                "Dups-ok-acknowledge".equals(s.getAcknowledgeMode()), "Durable".equals(s.getSubscriptionDurability()),
                blankToNull(s.getSubscriptionName()), shared, blankToNull(s.getConnectionFactoryLookup()), maxSession,
                group, from);
    }

    /** The tag filter as a selector the provider turns into a broker-side tag subscription when it stands alone. */
    static String selector(String tag, String messageSelector) {
        if (tag == null) {
            return messageSelector;
        }
        String[] tags = tag.split("\\|\\|");
        StringBuilder in = new StringBuilder("TAGS IN (");
        for (int i = 0; i < tags.length; i++) {
            in.append(i == 0 ? "'" : ", '").append(tags[i].trim()).append('\'');
        }
        in.append(')');
        return messageSelector == null ? in.toString() : "(" + in + ") AND (" + messageSelector + ")";
    }

    private static String blankToNull(String v) {
        return v == null || v.isBlank() ? null : v;
    }
}
