package dev.apogee.examples.springcamel;

/** {@link TransactionManagerScenarios} on Apogee MQ, unchanged. */
@OnProvider(ProviderKind.APOGEE)
class ApogeeTransactionManagerTest extends TransactionManagerScenarios {
}
