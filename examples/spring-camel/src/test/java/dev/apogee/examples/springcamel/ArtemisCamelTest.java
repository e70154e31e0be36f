package dev.apogee.examples.springcamel;

import org.junit.jupiter.api.Tag;

/**
 * {@link CamelScenarios} on ActiveMQ Artemis, the reference: every scenario passes there, so one failing on Apogee is
 * a provider defect, not a test defect. Slow: it doubles the module's run time.
 */
@Tag("slow")
@OnProvider(ProviderKind.ARTEMIS)
class ArtemisCamelTest extends CamelScenarios {
}
