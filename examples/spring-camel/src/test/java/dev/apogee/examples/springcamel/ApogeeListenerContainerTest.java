package dev.apogee.examples.springcamel;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** {@link ListenerContainerScenarios} on Apogee MQ; the overrides below are the provider gaps still open. */
@OnProvider(ProviderKind.APOGEE)
class ApogeeListenerContainerTest extends ListenerContainerScenarios {
    /**
     * Fails in about one run of four: all 1,000 arrive, but the first ~150 sent (job-1 … job-152) arrive twice,
     * apparently when the three consumers' rebalance hands a queue to another consumer, which starts again at the
     * last committed offset.
     */
    @Override
    @Test
    @Disabled("needs per-message acknowledgement, issue 25 (intermittent duplicates after a rebalance)")
    void threeConsumersReceiveAThousandMessagesExactlyOnce() {
        super.threeConsumersReceiveAThousandMessagesExactlyOnce();
    }

    /** Fails today: the warm-up never reaches all three consumers within 60 s. */
    @Override
    @Test
    @Disabled("needs per-message acknowledgement, issue 25")
    void threeConsumersShareTheLoad() {
        super.threeConsumersShareTheLoad();
    }

    /** Fails today: the warm-up never reaches both containers within 60 s. */
    @Override
    @Test
    @Disabled("needs per-message acknowledgement, issue 25")
    void sharedSubscriptionSplitsTheMessagesBetweenTwoContainers() {
        super.sharedSubscriptionSplitsTheMessagesBetweenTwoContainers();
    }
}
