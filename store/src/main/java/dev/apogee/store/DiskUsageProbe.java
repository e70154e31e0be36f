package dev.apogee.store;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

/** How full the store's file system is, as a ratio in [0, 1]. Injectable so tests can fake a full disk. */
@FunctionalInterface
public interface DiskUsageProbe {
    double usedRatio(Path storePath);

    /** The real file system; -1 when it cannot be read. */
    DiskUsageProbe FILE_SYSTEM = path -> {
        try {
            FileStore fs = Files.getFileStore(path);
            long total = fs.getTotalSpace();
            return total <= 0 ? -1 : 1.0 - (double) fs.getUsableSpace() / total;
        } catch (IOException e) {
            return -1;
        }
    };
}
