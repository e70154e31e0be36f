package dev.apogee.examples.springcamel;

/** {@link ListenerContainerScenarios} on ActiveMQ Artemis, the reference. */
@OnProvider(ProviderKind.ARTEMIS)
class ArtemisListenerContainerTest extends ListenerContainerScenarios {
}
