package dev.apogee.broker.acl;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AddressPatternTest {
    @ParameterizedTest(name = "{0} vs {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "*                 | 8.8.8.8         | true",
            "*.*.*.*           | 8.8.8.8         | true",
            "*                 | ::1             | true",
            "127.0.0.1         | 127.0.0.1       | true",
            "127.0.0.1         | 127.0.0.2       | false",
            "192.168.0.*       | 192.168.0.255   | true",
            "192.168.0.*       | 192.168.1.1     | false",
            "192.168.*         | 192.168.77.1    | true",
            "10.*.*.1          | 10.5.6.1        | true",
            "10.*.*.1          | 10.5.6.2        | false",
            "192.168.1.{1,2,3} | 192.168.1.2     | true",
            "192.168.1.{1,2,3} | 192.168.1.4     | false",
            "10.0.0.1-50       | 10.0.0.50       | true",
            "10.0.0.1-50       | 10.0.0.51       | false",
            "10.0.0.0/8        | 10.255.0.1      | true",
            "10.0.0.0/8        | 11.0.0.1        | false",
            "192.168.4.0/22    | 192.168.7.255   | true",
            "192.168.4.0/22    | 192.168.8.0     | false",
            "0.0.0.0/0         | 1.2.3.4         | true",
            "::1               | 0:0:0:0:0:0:0:1 | true",
            "::1               | 127.0.0.1       | false",
            "192.168.0.*       | ::1             | false",
    })
    void matches(String pattern, String ip, boolean expected) {
        assertEquals(expected, AddressPattern.parse(pattern).matches(ip));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1.2.3", "1.2.3.256", "1.2.3.4.5", "1.2.3.x", "10.0.0.9-3", "10.0.0.0/33"})
    void rejectsMalformedPatterns(String pattern) {
        assertThrows(IllegalArgumentException.class, () -> AddressPattern.parse(pattern));
    }

    @org.junit.jupiter.api.Test
    void listsSplitOnCommasOutsideSets() {
        var list = AddressPattern.parseList("10.0.0.1, 192.168.1.{1,2}, 172.16.*");
        assertEquals(3, list.size());
        assertEquals(true, AclAccount.anyMatches(list, "192.168.1.2"));
        assertEquals(true, AclAccount.anyMatches(list, "172.16.9.9"));
        assertEquals(false, AclAccount.anyMatches(list, "10.0.0.2"));
    }
}
