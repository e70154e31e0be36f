#!/usr/bin/env bash
# Builds the store and the benchmarks module, then runs StoreBench.
# usage: benchmarks/run-store-bench.sh [secondsPerRow=5] [rawWriteMiB=1024] [commitLogFileMiB=256] [dataDir=/tmp/apogee-store-bench] [rowFilter]
# A row filter (regex over "NAME MODEL WRITERS") runs only those rows, without anchors or ratios (profiling);
# STORE_BENCH_JAVA_OPTS adds JVM options (e.g. -XX:StartFlightRecording=...).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_ROW="${1:-5}"
RAW_MIB="${2:-1024}"
FILE_MIB="${3:-256}"
DATA_DIR="${4:-/tmp/apogee-store-bench}"
ROW_FILTER="${5:-}"
# Other modules' test sources may be mid-change: if compiling them fails, build again without them.
mvn -q -DskipTests package -pl benchmarks -am \
  || { echo "retrying the build with -Dmaven.test.skip=true" >&2; mvn -q -Dmaven.test.skip=true package -pl benchmarks -am; }
mkdir -p "$DATA_DIR"
LOGCONF="$DATA_DIR/logback-bench.xml"
cat > "$LOGCONF" <<'XML'
<configuration>
  <appender name="E" class="ch.qos.logback.core.ConsoleAppender"><target>System.err</target>
    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{20} - %msg%n</pattern></encoder></appender>
  <root level="WARN"><appender-ref ref="E"/></root>
</configuration>
XML
exec java -Xms1g -Xmx1g ${STORE_BENCH_JAVA_OPTS:-} -cp "benchmarks/target/classes:benchmarks/target/lib/*" \
  -Dlogback.configurationFile="$LOGCONF" \
  dev.apogee.benchmarks.store.StoreBench "$DATA_DIR" "$SECONDS_PER_ROW" "$RAW_MIB" "$FILE_MIB" "$ROW_FILTER"
