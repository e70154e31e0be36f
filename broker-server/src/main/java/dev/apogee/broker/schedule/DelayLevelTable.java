package dev.apogee.broker.schedule;

import java.util.Arrays;

/**
 * The delay levels ({@code messageDelayLevel = "1s 5s 10s 30s 1m … 2h"}): level n (1-based) waits {@link #delayMillis}.
 * Immutable.
 */
public final class DelayLevelTable {
    private final long[] delays;

    public DelayLevelTable(String spec) {
        String[] parts = spec.trim().split("\\s+");
        delays = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            delays[i] = parse(parts[i]);
        }
    }

    private static long parse(String part) {
        if (part.length() < 2) {
            throw new IllegalArgumentException("bad delay level '" + part + "'");
        }
        char unit = part.charAt(part.length() - 1);
        long amount = Long.parseLong(part.substring(0, part.length() - 1));
        return switch (unit) {
            case 's' -> amount * 1000;
            case 'm' -> amount * 60_000;
            case 'h' -> amount * 3_600_000;
            case 'd' -> amount * 86_400_000;
            default -> throw new IllegalArgumentException("bad delay level unit in '" + part + "' (s, m, h or d)");
        };
    }

    public int maxLevel() {
        return delays.length;
    }

    /** Clamps a requested level to [1, maxLevel] as the official broker does. */
    public int clamp(int level) {
        return Math.max(1, Math.min(level, delays.length));
    }

    public long delayMillis(int level) {
        return delays[clamp(level) - 1];
    }

    @Override
    public String toString() {
        return Arrays.toString(delays);
    }
}
