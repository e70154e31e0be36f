package dev.apogee.examples.wildfly;

import jakarta.ejb.Lock;
import jakarta.ejb.LockType;
import jakarta.ejb.Singleton;

import java.util.ArrayList;
import java.util.List;

/** The orders the MDB processed, in memory (a real application would write them to its database). */
@Singleton
public class ProcessedOrders {
    private final List<String> items = new ArrayList<>();

    @Lock(LockType.WRITE)
    public void add(String item) {
        items.add(item);
    }

    @Lock(LockType.READ)
    public List<String> items() {
        return List.copyOf(items);
    }
}
