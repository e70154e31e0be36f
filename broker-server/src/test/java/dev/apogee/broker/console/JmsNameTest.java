package dev.apogee.broker.console;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The JMS provider's group names (jms-provider/MAPPING.md) read back as kind, JMS name and client id. */
class JmsNameTest {
    @ParameterizedTest
    @CsvSource(delimiter = ';', nullValues = "-", value = {
        "JMSQ_orders;                      queue;                        orders;          -",
        "JMSQ_orders|2Ecreated;            queue;                        orders.created;  -",
        "JMSD_c1_audit;                    durable subscription;         audit;           c1",
        "JMSD_my|5Fapp_prices|2Eeu;        durable subscription;         prices.eu;       my_app",
        "JMSS_fanout;                      shared subscription;          fanout;          -",
        "JMSSC_c2_fanout;                  shared subscription;          fanout;          c2",
        "JMSSD_archive;                    shared durable subscription;  archive;         -",
        "JMSSDC_c3_archive|2Eall;          shared durable subscription;  archive.all;     c3",
        "JMST_prices|2Eeu_0123456789ab;    non-durable subscription;     prices.eu;       -",
    })
    void providerGroupsAreNamedByTheirJmsNames(String group, String kind, String name, String clientId) {
        JmsName jms = JmsName.of(group);
        assertEquals(kind, jms.kind(), group);
        assertEquals(name, jms.name(), group);
        assertEquals(clientId, jms.clientId(), group);
    }

    @ParameterizedTest
    @CsvSource({"console-readers", "CID_APOGEE_SYS_BRANCH", "JMS_SELECTOR_PROBE", "TOOLS_CONSUMER"})
    void otherGroupsAreNotJms(String group) {
        assertNull(JmsName.of(group));
    }

    /** Not what the provider makes (it encodes canonically), so shown as a plain group, as apogee-admin does. */
    @ParameterizedTest
    @CsvSource({"JMSQ_bad|zz", "JMSS_a|41"})
    void aNonCanonicalGroupIsNotJms(String group) {
        assertNull(JmsName.of(group));
    }
}
