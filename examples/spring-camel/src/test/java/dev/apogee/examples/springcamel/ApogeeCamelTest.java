package dev.apogee.examples.springcamel;

/** {@link CamelScenarios} on Apogee MQ, unchanged. */
@OnProvider(ProviderKind.APOGEE)
class ApogeeCamelTest extends CamelScenarios {
}
