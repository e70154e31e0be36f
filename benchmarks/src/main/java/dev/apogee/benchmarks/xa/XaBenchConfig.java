package dev.apogee.benchmarks.xa;

import java.util.HashMap;
import java.util.Map;

/**
 * Options of {@link XaBench} ({@code --name value}): {@code --label}, {@code --factory} (a connection factory class
 * with a public {@code (String url)} constructor), {@code --url}, {@code --user}/{@code --password}, {@code --mode}
 * xa|local, {@code --threads}, {@code --warmup-seconds}, {@code --seconds}, {@code --queue}, {@code --prime}
 * (messages put on the queue first, per thread), {@code --body-bytes}, {@code --object-store} (Narayana's log
 * directory), {@code --out} (a JSON-lines file the result is appended to).
 */
record XaBenchConfig(String label, String factoryClass, String url, String user, String password, boolean xa,
        int threads, int warmupSeconds, int seconds, String queue, int prime, int bodyBytes, String objectStore,
        String out) {

    static XaBenchConfig parse(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected --option value, got " + args[i]);
            }
            o.put(args[i].substring(2), args[i + 1]);
        }
        String mode = o.getOrDefault("mode", "xa");
        if (!mode.equals("xa") && !mode.equals("local")) {
            throw new IllegalArgumentException("--mode xa|local, not " + mode);
        }
        return new XaBenchConfig(o.getOrDefault("label", mode), required(o, "factory"), required(o, "url"),
                o.get("user"), o.get("password"), mode.equals("xa"),
                Integer.parseInt(o.getOrDefault("threads", "1")),
                Integer.parseInt(o.getOrDefault("warmup-seconds", "10")),
                Integer.parseInt(o.getOrDefault("seconds", "30")), o.getOrDefault("queue", "xabench"),
                Integer.parseInt(o.getOrDefault("prime", "50")), Integer.parseInt(o.getOrDefault("body-bytes", "256")),
                o.get("object-store"), o.get("out"));
    }

    private static String required(Map<String, String> o, String key) {
        String v = o.get(key);
        if (v == null) {
            throw new IllegalArgumentException("--" + key + " is required");
        }
        return v;
    }
}
