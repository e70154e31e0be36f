package dev.apogee.examples.springcamel;

/** {@link TransactionManagerScenarios} on ActiveMQ Artemis, the reference. */
@OnProvider(ProviderKind.ARTEMIS)
class ArtemisTransactionManagerTest extends TransactionManagerScenarios {
}
