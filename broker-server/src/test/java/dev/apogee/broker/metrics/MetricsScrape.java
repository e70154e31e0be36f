package dev.apogee.broker.metrics;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of a {@code /metrics} endpoint over loopback HTTP (the JDK's client, bounded timeouts), parsed from the
 * Prometheus text format into samples.
 */
final class MetricsScrape {
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    record Sample(String name, Map<String, String> labels, double value) {
    }

    private final String text;
    private final List<Sample> samples = new ArrayList<>();

    private MetricsScrape(String text) {
        this.text = text;
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            if (!m.matches()) {
                throw new IllegalStateException("not a sample line: " + line);
            }
            Map<String, String> labels = new HashMap<>();
            if (m.group(2) != null) {
                Matcher l = LABEL.matcher(m.group(2));
                while (l.find()) {
                    labels.put(l.group(1), l.group(2));
                }
            }
            samples.add(new Sample(m.group(1), labels, number(m.group(3))));
        }
    }

    private static double number(String text) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    static MetricsScrape of(int port) throws IOException, InterruptedException {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/metrics")).timeout(Duration.ofSeconds(10)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET /metrics answered " + response.statusCode());
        }
        return new MetricsScrape(response.body());
    }

    /** The sum of the samples named {@code name} whose labels include {@code labels} (key, value, …); NaN if none. */
    double value(String name, String... labels) {
        double sum = 0;
        boolean found = false;
        for (Sample s : samples) {
            if (s.name().equals(name) && matches(s.labels(), labels)) {
                sum += s.value();
                found = true;
            }
        }
        return found ? sum : Double.NaN;
    }

    List<Sample> samples(String name) {
        return samples.stream().filter(s -> s.name().equals(name)).toList();
    }

    Set<String> names() {
        Set<String> names = new LinkedHashSet<>();
        samples.forEach(s -> names.add(s.name()));
        return names;
    }

    String text() {
        return text;
    }

    private static boolean matches(Map<String, String> actual, String... wanted) {
        for (int i = 0; i < wanted.length; i += 2) {
            if (!wanted[i + 1].equals(actual.get(wanted[i]))) {
                return false;
            }
        }
        return true;
    }
}
