package dev.apogee.examples.springcamel;

/** {@link CamelScenarios} on ActiveMQ Artemis, the reference. */
@OnProvider(ProviderKind.ARTEMIS)
class ArtemisCamelTest extends CamelScenarios {
}
