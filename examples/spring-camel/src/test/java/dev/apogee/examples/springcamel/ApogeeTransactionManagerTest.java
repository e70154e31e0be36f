package dev.apogee.examples.springcamel;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** {@link TransactionManagerScenarios} on Apogee MQ; the override below is the provider gap still open. */
@OnProvider(ProviderKind.APOGEE)
class ApogeeTransactionManagerTest extends TransactionManagerScenarios {
    /**
     * Fails in about one run of three: the send is committed, but the received message comes again ("the receive was
     * not committed ==> expected: <[]> but was: <[order-1]>").
     */
    @Override
    @Test
    @Disabled("needs a consumer closed inside a transaction to be committed with it, issue 26")
    void receiveAndSendCommitTogether() throws Exception {
        super.receiveAndSendCommitTogether();
    }
}
