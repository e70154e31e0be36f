package dev.apogee.broker.metrics;

import dev.apogee.remoting.json.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code conf/apogee-grafana-dashboard.json}: parsed, and the metric names its queries use. */
final class GrafanaDashboard {
    static final Path FILE = Path.of("..", "conf", "apogee-grafana-dashboard.json");
    private static final Pattern METRIC = Pattern.compile("\\b((?:rocketmq|apogee|jvm|process)_[a-zA-Z0-9_]+)");

    private GrafanaDashboard() {
    }

    /** The dashboard as a JSON tree. */
    static Map<?, ?> read() throws IOException {
        return (Map<?, ?>) Json.parse(Files.readString(FILE));
    }

    /** Every metric name used by an {@code expr} of a panel target or a variable query. */
    static Set<String> queriedMetrics(Object tree) {
        Set<String> names = new TreeSet<>();
        collect(tree, names);
        return names;
    }

    private static void collect(Object node, Set<String> names) {
        if (node instanceof Map<?, ?> map) {
            map.forEach((key, value) -> {
                if (("expr".equals(key) || "query".equals(key)) && value instanceof String expression) {
                    Matcher m = METRIC.matcher(expression);
                    while (m.find()) {
                        names.add(m.group(1));
                    }
                } else {
                    collect(value, names);
                }
            });
        } else if (node instanceof List<?> list) {
            list.forEach(element -> collect(element, names));
        }
    }
}
