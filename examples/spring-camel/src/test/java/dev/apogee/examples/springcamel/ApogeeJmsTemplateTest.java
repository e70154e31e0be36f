package dev.apogee.examples.springcamel;

/** {@link JmsTemplateScenarios} on Apogee MQ; no provider gap is open here. */
@OnProvider(ProviderKind.APOGEE)
class ApogeeJmsTemplateTest extends JmsTemplateScenarios {
}
