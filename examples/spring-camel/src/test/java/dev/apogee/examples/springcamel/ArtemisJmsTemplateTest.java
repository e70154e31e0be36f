package dev.apogee.examples.springcamel;

/** {@link JmsTemplateScenarios} on ActiveMQ Artemis, the reference. */
@OnProvider(ProviderKind.ARTEMIS)
class ArtemisJmsTemplateTest extends JmsTemplateScenarios {
}
