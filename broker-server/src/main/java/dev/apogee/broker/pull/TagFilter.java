package dev.apogee.broker.pull;

import dev.apogee.remoting.protocol.body.SubscriptionData;
import dev.apogee.store.MessageFilter;

import java.util.Set;

/**
 * Broker-side TAG filtering on the consume-queue tag hash: everything for {@code *}, else entries whose hash is in
 * the subscription's code set. Hash collisions are harmless: the client re-checks the exact tag. Immutable.
 */
public final class TagFilter implements MessageFilter {
    private final Set<Integer> codes;

    private TagFilter(Set<Integer> codes) {
        this.codes = codes;
    }

    public static MessageFilter of(SubscriptionData subscription) {
        if (subscription == null || SubscriptionData.SUB_ALL.equals(subscription.getSubString())
                || subscription.getSubString() == null || subscription.getSubString().isBlank()
                || subscription.getCodeSet() == null || subscription.getCodeSet().isEmpty()) {
            return MessageFilter.ALL;
        }
        return new TagFilter(Set.copyOf(subscription.getCodeSet()));
    }

    @Override
    public boolean matchesTagsCode(long tagsCode) {
        return codes.contains((int) tagsCode);
    }
}
