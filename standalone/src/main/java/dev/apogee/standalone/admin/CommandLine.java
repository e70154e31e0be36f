package dev.apogee.standalone.admin;

import java.util.HashMap;
import java.util.Map;

/**
 * A parsed apogee-admin command line: the command and its options, long forms folded into the short ones.
 * Options may come before or after the command; each may appear once.
 */
final class CommandLine {
    /** Option → takes a value; long aliases map to these. */
    private static final Map<String, Boolean> OPTIONS = Map.ofEntries(
            Map.entry("-n", true), Map.entry("-a", true), Map.entry("-s", true), Map.entry("-q", true),
            Map.entry("-t", true), Map.entry("-g", true), Map.entry("-i", true), Map.entry("-m", true),
            Map.entry("-b", true), Map.entry("-d", true), Map.entry("--all", false), Map.entry("-h", false));
    private static final Map<String, String> LONG = Map.ofEntries(
            Map.entry("--namesrv", "-n"), Map.entry("--access-key", "-a"), Map.entry("--secret-key", "-s"),
            Map.entry("--queue", "-q"), Map.entry("--topic", "-t"), Map.entry("--group", "-g"),
            Map.entry("--id", "-i"), Map.entry("--max", "-m"), Map.entry("--body-bytes", "-b"),
            Map.entry("--dir", "-d"), Map.entry("--help", "-h"));

    final Command command;
    private final Map<String, String> values;

    private CommandLine(Command command, Map<String, String> values) {
        this.command = command;
        this.values = values;
    }

    /** Parses {@code args}; {@code -h} anywhere is {@link Command#HELP}. */
    static CommandLine parse(String[] args) throws UsageException {
        Command command = null;
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("-")) {
                if (command != null) {
                    throw new UsageException("unexpected argument '" + arg + "' after command '" + command.word
                            + "'");
                }
                command = Command.of(arg);
                continue;
            }
            String option = LONG.getOrDefault(arg, arg);
            Boolean takesValue = OPTIONS.get(option);
            if (takesValue == null) {
                throw new UsageException("unknown option '" + arg + "'");
            }
            if (values.containsKey(option)) {
                throw new UsageException("option '" + arg + "' given twice");
            }
            if (takesValue) {
                // a value may start with '-' (a JMS name can), but not be another option
                if (i + 1 >= args.length || args[i + 1].isEmpty() || OPTIONS.containsKey(args[i + 1])
                        || LONG.containsKey(args[i + 1])) {
                    throw new UsageException("option '" + arg + "' needs a value");
                }
                values.put(option, args[++i]);
            } else {
                values.put(option, "");
            }
        }
        if (values.containsKey("-h")) {
            return new CommandLine(Command.HELP, values);
        }
        if (command == null) {
            throw new UsageException("no command given");
        }
        for (String option : values.keySet()) {
            if (!command.accepts(option)) {
                throw new UsageException("option '" + option + "' does not apply to '" + command.word + "' (usage: "
                        + "apogee-admin " + command.word + " " + command.synopsis + ")");
            }
        }
        return new CommandLine(command, values);
    }

    boolean has(String option) {
        return values.containsKey(option);
    }

    String value(String option) {
        return values.get(option);
    }

    String value(String option, String fallback) {
        return values.getOrDefault(option, fallback);
    }

    /** The option's value as a number in [min, max], else a usage error naming it. */
    int number(String option, int fallback, int min, int max) throws UsageException {
        String v = values.get(option);
        if (v == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("option '" + option + "' must be a number from " + min + " to " + max + ", not '"
                + v + "'");
    }

    /** The value of exactly one of two alternative options, else a usage error. */
    String oneOf(String first, String second) throws UsageException {
        if (has(first) == has(second)) {
            throw new UsageException("'" + command.word + "' needs exactly one of " + first + " and " + second);
        }
        return has(first) ? value(first) : value(second);
    }
}
