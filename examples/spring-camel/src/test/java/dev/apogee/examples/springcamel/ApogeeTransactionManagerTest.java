package dev.apogee.examples.springcamel;

/** {@link TransactionManagerScenarios} on Apogee MQ. */
@OnProvider(ProviderKind.APOGEE)
class ApogeeTransactionManagerTest extends TransactionManagerScenarios {
}
