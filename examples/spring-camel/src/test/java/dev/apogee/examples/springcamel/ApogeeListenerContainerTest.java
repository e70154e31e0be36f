package dev.apogee.examples.springcamel;

/** {@link ListenerContainerScenarios} on Apogee MQ. */
@OnProvider(ProviderKind.APOGEE)
class ApogeeListenerContainerTest extends ListenerContainerScenarios {
}
