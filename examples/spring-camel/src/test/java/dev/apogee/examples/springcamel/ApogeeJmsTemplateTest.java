package dev.apogee.examples.springcamel;

/** {@link JmsTemplateScenarios} on Apogee MQ. */
@OnProvider(ProviderKind.APOGEE)
class ApogeeJmsTemplateTest extends JmsTemplateScenarios {
}
