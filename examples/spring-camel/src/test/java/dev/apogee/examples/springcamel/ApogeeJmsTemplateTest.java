package dev.apogee.examples.springcamel;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** {@link JmsTemplateScenarios} on Apogee MQ; the overrides below are the provider gaps still open. */
@OnProvider(ProviderKind.APOGEE)
class ApogeeJmsTemplateTest extends JmsTemplateScenarios {
    /** Fails today: the red message is received, then {@code receive} gets nothing ("the blue message did not stay"). */
    @Override
    @Test
    @Disabled("needs per-message acknowledgement, issue 25")
    void receiveSelectedTakesTheRedAndLeavesTheBlue() throws Exception {
        super.receiveSelectedTakesTheRedAndLeavesTheBlue();
    }
}
