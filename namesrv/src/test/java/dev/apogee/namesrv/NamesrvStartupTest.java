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
    void refusalsNameTheOptionOrFileTheKeyAndWhatIsAllowed() throws Exception {
        assertEquals("unknown option '-x'; see mqnamesrv --help", assertThrows(NamesrvStartup.UsageException.class,
                () -> NamesrvStartup.parse(new String[] {"-x"})).getMessage());
        assertEquals("bad value '70000' for listenPort (allowed: an integer from 0 to 65535)",
                assertThrows(NamesrvStartup.UsageException.class,
                        () -> NamesrvStartup.parse(new String[] {"-p", "70000"})).getMessage());
        Path file = dir.resolve("namesrv.conf");
        Files.writeString(file, "listenPort=99999\n");
        assertEquals(file + ": bad value '99999' for listenPort (allowed: an integer from 0 to 65535)",
                assertThrows(IllegalArgumentException.class,
                        () -> NamesrvStartup.parse(new String[] {"-c", file.toString()})).getMessage());
        Path missing = dir.resolve("missing.conf");
        assertEquals("cannot read config file " + missing + ": no such file",
                assertThrows(NamesrvStartup.ConfigFileException.class,
                        () -> NamesrvStartup.parse(new String[] {"-c", missing.toString()})).getMessage());
        System.setProperty(NamesrvStartup.PORT_PROPERTY, "-1");
        assertEquals("-Dapogee.namesrv.port: bad value '-1' for listenPort (allowed: an integer from 0 to 65535)",
                assertThrows(IllegalArgumentException.class, () -> NamesrvStartup.parse(new String[0])).getMessage());
    }

    @Test
    void badArgumentsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> NamesrvStartup.parse(new String[] {"-x"}));
        assertThrows(IllegalArgumentException.class, () -> NamesrvStartup.parse(new String[] {"-p"}));
        assertThrows(IllegalArgumentException.class, () -> NamesrvStartup.parse(new String[] {"-p", "http"}));
        assertThrows(IllegalArgumentException.class, () -> NamesrvStartup.parse(new String[] {"-p", "70000"}));
    }
}
