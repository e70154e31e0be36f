package dev.apogee.store;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

/** A UTC clock tests move by hand. */
public class MutableClock extends Clock {
    private final AtomicLong millis;

    public MutableClock(long startMillis) {
        this.millis = new AtomicLong(startMillis);
    }

    public void set(long m) {
        millis.set(m);
    }

    public void advance(long delta) {
        millis.addAndGet(delta);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public long millis() {
        return millis.get();
    }

    @Override
    public Instant instant() {
        return Instant.ofEpochMilli(millis.get());
    }
}
