package dev.apogee.namesrv;

import dev.apogee.namesrv.config.NamesrvConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class NamesrvStartupTest {
    @TempDir
    Path dir;

    @AfterEach
    void clearProperty() {
        System.clearProperty(NamesrvStartup.PORT_PROPERTY);
    }

    @Test
    void portPrecedenceIsFileThenSystemPropertyThenOption() throws Exception {
        Path file = dir.resolve("namesrv.conf");
        Files.writeString(file, "listenPort=1111\nenableTopicList=false\n");

        assertEquals(9876, NamesrvStartup.parse(new String[0]).getListenPort());
        NamesrvConfig fromFile = NamesrvStartup.parse(new String[] {"-c", file.toString()});
        assertEquals(1111, fromFile.getListenPort());
        assertEquals(false, fromFile.isEnableTopicList());

        System.setProperty(NamesrvStartup.PORT_PROPERTY, "2222");
        assertEquals(2222, NamesrvStartup.parse(new String[] {"-c", file.toString()}).getListenPort());
        assertEquals(3333, NamesrvStartup.parse(new String[] {"-c", file.toString(), "-p", "3333"}).getListenPort());
    }

    @Test
    void badArgumentsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> NamesrvStartup.parse(new String[] {"-x"}));
        assertThrows(IllegalArgumentException.class, () -> NamesrvStartup.parse(new String[] {"-p"}));
        assertThrows(IllegalArgumentException.class, () -> NamesrvStartup.parse(new String[] {"-p", "http"}));
        assertThrows(IllegalArgumentException.class, () -> NamesrvStartup.parse(new String[] {"-p", "70000"}));
    }
}
