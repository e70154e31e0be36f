package dev.apogee.benchmarks.client;

import java.util.List;

/**
 * The command line of {@link ProducerBench}.
 *
 * @param targets        brokers to measure against, in order ({@code apache}, {@code apogee})
 * @param secondsPerRow  measured seconds per row and producer
 * @param warmupSeconds  unmeasured seconds per row shape and producer before the table (JIT, connections, routes)
 * @param asyncInFlight  bound on outstanding async sends, the same for both producers
 * @param bodyBytes      message body size
 */
record BenchOptions(List<String> targets, int secondsPerRow, int warmupSeconds, int asyncInFlight, int bodyBytes) {
    static final String USAGE = "usage: ProducerBench [apache|apogee|both] [secondsPerRow=10] [--warmup=S (3)]"
            + " [--in-flight=N (512)] [--size=BYTES (1024)]";

    static BenchOptions parse(String[] args) {
        String target = "both";
        int seconds = 10;
        int warmup = 3;
        int inFlight = 512;
        int size = 1024;
        int positional = 0;
        for (String arg : args) {
            if (arg.startsWith("--warmup=")) {
                warmup = positiveInt(arg);
            } else if (arg.startsWith("--in-flight=")) {
                inFlight = positiveInt(arg);
            } else if (arg.startsWith("--size=")) {
                size = positiveInt(arg);
            } else if (positional == 0 && !arg.startsWith("--")) {
                target = arg;
                positional++;
            } else if (positional == 1 && !arg.startsWith("--")) {
                seconds = positiveInt("seconds=" + arg);
                positional++;
            } else {
                throw new IllegalArgumentException("unexpected argument '" + arg + "'\n" + USAGE);
            }
        }
        List<String> targets = switch (target) {
            case "apache", "apogee" -> List.of(target);
            case "both" -> List.of("apache", "apogee");
            default -> throw new IllegalArgumentException("target must be apache, apogee or both\n" + USAGE);
        };
        return new BenchOptions(targets, seconds, warmup, inFlight, size);
    }

    private static int positiveInt(String option) {
        String value = option.substring(option.indexOf('=') + 1);
        try {
            int parsed = Integer.parseInt(value);
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("'" + option + "' needs a positive integer\n" + USAGE);
    }
}
