package dev.apogee.client.message;

import java.io.ByteArrayOutputStream;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Body compression (section 4.7): zlib-wrapped deflate, flagged by SYSFLAG {@code 0x1 | 3 << 8}. Only ZLIB is
 * produced; records flagged with LZ4 or ZSTD cannot be inflated by this client and are delivered compressed.
 */
public final class Compression {
    public static final int DEFAULT_LEVEL = 5;

    private Compression() {
    }

    public static byte[] zlib(byte[] body, int level) {
        Deflater deflater = new Deflater(level);
        try {
            deflater.setInput(body);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, body.length / 4));
            byte[] chunk = new byte[Math.min(64 * 1024, Math.max(1024, body.length))];
            while (!deflater.finished()) {
                int n = deflater.deflate(chunk);
                out.write(chunk, 0, n);
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    public static byte[] unzlib(byte[] compressed) throws DataFormatException {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(compressed);
            ByteArrayOutputStream out = new ByteArrayOutputStream(compressed.length * 4);
            byte[] chunk = new byte[8 * 1024];
            while (!inflater.finished()) {
                int n = inflater.inflate(chunk);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new DataFormatException("truncated zlib stream");
                }
                out.write(chunk, 0, n);
            }
            return out.toByteArray();
        } finally {
            inflater.end();
        }
    }

    /** True when {@code sysFlag} says the body is compressed with an algorithm this client can inflate. */
    public static boolean isZlib(int sysFlag) {
        if ((sysFlag & SysFlag.COMPRESSED) == 0) {
            return false;
        }
        int type = (sysFlag & SysFlag.COMPRESSION_TYPE_MASK) >>> 8;
        return type == 0 || type == 3;
    }
}
