package dev.apogee.jms.api;

import java.io.Serializable;
import java.util.List;

/** An application class for ObjectMessage tests (its package is trusted by the test factory). */
public record Payload(String name, int count, List<String> items) implements Serializable {
}
