package dev.apogee.benchmarks.pop;

/**
 * Command line of {@link PopDrainBench}, {@code --key=value} like the shared load tool ({@code bench.sh}):
 * {@code --namesrv --topic --group --messages --seconds --idle --consumeThreads --popBatch --invisibleMs --label
 * --watch=name:pid,...}.
 */
record PopDrainOptions(String namesrv, String topic, String group, long messages, int seconds, int idleSeconds,
        int consumeThreads, int popBatch, long invisibleMillis, String label, String watch) {

    static PopDrainOptions parse(String[] args) {
        String namesrv = null;
        String topic = null;
        String group = null;
        long messages = 0;
        int seconds = 300;
        int idle = 10;
        int threads = 20;
        int batch = 32;
        long invisible = 60_000;
        String label = "";
        String watch = "";
        for (String a : args) {
            int eq = a.indexOf('=');
            if (!a.startsWith("--") || eq < 0) {
                throw new IllegalArgumentException("expected --key=value, got " + a);
            }
            String k = a.substring(2, eq);
            String v = a.substring(eq + 1);
            switch (k) {
                case "namesrv" -> namesrv = v;
                case "topic" -> topic = v;
                case "group" -> group = v;
                case "messages" -> messages = Long.parseLong(v);
                case "seconds" -> seconds = Integer.parseInt(v);
                case "idle" -> idle = Integer.parseInt(v);
                case "consumeThreads" -> threads = Integer.parseInt(v);
                case "popBatch" -> batch = Integer.parseInt(v);
                case "invisibleMs" -> invisible = Long.parseLong(v);
                case "label" -> label = v;
                case "watch" -> watch = v;
                default -> throw new IllegalArgumentException("unknown option --" + k);
            }
        }
        if (namesrv == null || topic == null || group == null || messages <= 0) {
            throw new IllegalArgumentException("--namesrv, --topic, --group and --messages (> 0) are required");
        }
        if (seconds <= 0 || seconds > 3600 || idle <= 0 || threads <= 0 || batch <= 0 || invisible < 1_000) {
            throw new IllegalArgumentException("--seconds 1..3600, --idle > 0, --consumeThreads > 0, --popBatch > 0, "
                    + "--invisibleMs >= 1000");
        }
        return new PopDrainOptions(namesrv, topic, group, messages, seconds, idle, threads, batch, invisible, label,
                watch);
    }
}
