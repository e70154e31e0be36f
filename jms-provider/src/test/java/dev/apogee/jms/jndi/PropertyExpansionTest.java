package dev.apogee.jms.jndi;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;
import javax.naming.ConfigurationException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PropertyExpansionTest {
    private static final Map<String, String> VARIABLES = Map.of("apogee.url", "apogee://10.0.0.1:9876",
            "empty", "", "port", "9877");
    private final PropertyExpansion expansion = new PropertyExpansion(VARIABLES::get);

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "apogee://127.0.0.1:9876                    | apogee://127.0.0.1:9876",
            "${apogee.url}                              | apogee://10.0.0.1:9876",
            "${apogee.url:-apogee://127.0.0.1:9876}     | apogee://10.0.0.1:9876",
            "${missing:-apogee://127.0.0.1:9876}        | apogee://127.0.0.1:9876",
            "${empty:-fallback}                         | fallback",
            "apogee://127.0.0.1:${port}?clientID=a      | apogee://127.0.0.1:9877?clientID=a",
            "${port}-${port}                            | 9877-9877",
            "a $ { b } $x                               | a $ { b } $x",
    })
    void expandsReferences(String value, String expected) throws Exception {
        assertEquals(expected, expansion.expand("key", value));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "${missing}           | ${missing}",
            "${empty}             | ${empty}",
            "apogee://${port      | unterminated",
            "${}                  | ${}",
    })
    void refusesUnresolvableReferences(String value, String mentioned) {
        ConfigurationException e = assertThrows(ConfigurationException.class,
                () -> expansion.expand("java.naming.provider.url", value));
        assertTrue(e.getMessage().contains("java.naming.provider.url") && e.getMessage().contains(mentioned),
                e.getMessage());
    }

    @Test
    void systemResolverReadsSystemPropertiesFirst() throws Exception {
        System.setProperty("apogee.jndi.test.value", "from-property");
        try {
            assertEquals("x-from-property", PropertyExpansion.system().expand("k", "x-${apogee.jndi.test.value}"));
        } finally {
            System.clearProperty("apogee.jndi.test.value");
        }
    }
}
