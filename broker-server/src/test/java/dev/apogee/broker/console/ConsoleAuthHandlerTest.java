package dev.apogee.broker.console;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Reading HTTP Basic credentials: user = access key, password = secret key (which may contain ':'). */
class ConsoleAuthHandlerTest {
    private static String basic(String userAndPassword) {
        return "Basic " + Base64.getEncoder().encodeToString(userAndPassword.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "rocketmq2:change-me;         rocketmq2;  change-me",
        "ak:sk:with:colons;           ak;         sk:with:colons",
        "ak:;                         ak;         ''",
        "äk:sëcret;                   äk;         sëcret",
    })
    void credentialsAreSplitAtTheFirstColon(String pair, String user, String password) {
        assertArrayEquals(new String[] {user, password}, ConsoleAuthHandler.basicCredentials(basic(pair)));
        assertArrayEquals(new String[] {user, password}, ConsoleAuthHandler.basicCredentials(
                basic(pair).replace("Basic", "basic")));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', nullValues = "-", value = {"-", "Bearer abc", "Basic !!!not-base64", "Basic "})
    void malformedHeadersGiveNoCredentials(String header) {
        assertNull(ConsoleAuthHandler.basicCredentials(header));
    }

    @org.junit.jupiter.api.Test
    void aUserWithoutColonOrAnEmptyUserGivesNoCredentials() {
        assertNull(ConsoleAuthHandler.basicCredentials(basic("only-user")));
        assertNull(ConsoleAuthHandler.basicCredentials(basic(":secret")));
    }
}
