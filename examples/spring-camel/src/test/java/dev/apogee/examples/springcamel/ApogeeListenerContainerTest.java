package dev.apogee.examples.springcamel;

/** {@link ListenerContainerScenarios} on Apogee MQ; no provider gap is open here. */
@OnProvider(ProviderKind.APOGEE)
class ApogeeListenerContainerTest extends ListenerContainerScenarios {
}
