package dev.apogee.examples.springcamel;

/** {@link CamelScenarios} on Apogee MQ. */
@OnProvider(ProviderKind.APOGEE)
class ApogeeCamelTest extends CamelScenarios {
}
