package dev.apogee.broker.acl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AclFileWatchServiceTest {
    private static String rules(String topicPerm) {
        return """
                accounts:
                  - accessKey: ak
                    secretKey: sk-secret
                    defaultTopicPerm: %s
                """.formatted(topicPerm);
    }

    @Test
    void reloadsChangedContentAndKeepsRulesWhenTheFileBreaks(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("plain_acl.yml");
        Files.writeString(file, rules("DENY"));
        AclFileWatchService watch = AclFileWatchService.open(file, 60_000, () -> 0L);
        AclAuthorizer authorizer = watch.authorizer();
        assertFalse(watch.reloadIfChanged(), "unchanged");
        assertEquals(AclPermission.DENY, authorizer.currentRules().accounts().get("ak").defaultTopicPerm());

        Files.writeString(file, rules("PUB"));
        assertTrue(watch.reloadIfChanged());
        assertEquals(AclPermission.PUB, authorizer.currentRules().accounts().get("ak").defaultTopicPerm());

        Files.writeString(file, rules("PUBLISH"));
        assertFalse(watch.reloadIfChanged(), "an invalid file is not applied");
        assertEquals(AclPermission.PUB, authorizer.currentRules().accounts().get("ak").defaultTopicPerm());

        Files.delete(file);
        assertFalse(watch.reloadIfChanged(), "a vanished file is not applied");
        Files.writeString(file, rules("SUB"));
        assertTrue(watch.reloadIfChanged());
        assertEquals(AclPermission.SUB, authorizer.currentRules().accounts().get("ak").defaultTopicPerm());
        watch.shutdown();
    }

    @Test
    void anInvalidFileFailsTheStart(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("plain_acl.yml");
        Files.writeString(file, rules("NOPE"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AclFileWatchService.open(file, 1000, () -> 0L));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertThrows(java.nio.file.NoSuchFileException.class,
                () -> AclFileWatchService.open(dir.resolve("missing.yml"), 1000, () -> 0L));
    }
}
