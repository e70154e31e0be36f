#!/usr/bin/env bash
# Producer benchmark (issue 5): our producer vs the official DefaultMQProducer 5.3.3, same broker, same run.
# Rows: sync send 1 thread, sync send 16 threads, async send (512 in flight), 1 KiB, topic of 8 queues.
# Prints a markdown table per target and appends it to benchmarks/results/producer-<utc>.md.
#
# usage: benchmarks/run-producer-bench.sh [apache|apogee|both (both)] [secondsPerRow (10)] [ProducerBench flags...]
#   flags: --warmup=S (3, per row shape and producer)  --in-flight=N (512)  --size=BYTES (1024)
# Env: JAVA_HOME; BENCH_HEAP (load JVM heap, "-Xms1g -Xmx1g"); SKIP_BUILD=1 to reuse the last build;
#      LOCK_WAIT_S (1800): the run holds /tmp/bench.lock like the other server benchmarks, so two do not overlap.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
if [[ "${BENCH_LOCK_HELD:-0}" != 1 ]]; then
  echo "waiting for /tmp/bench.lock since $(date -u +%T)" >&2
  export BENCH_LOCK_HELD=1
  exec flock -w "${LOCK_WAIT_S:-1800}" /tmp/bench.lock "$0" "$@"
fi
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  # install (not package): the reactor subset must resolve each other from ~/.m2 when run without -am later
  if ! mvn -q -o -DskipTests -Dmaven.test.skip=true install -pl benchmarks -am; then
    echo "offline build failed, retrying online" >&2
    mvn -q -DskipTests -Dmaven.test.skip=true install -pl benchmarks -am
  fi
fi

# The load JVM holds both producers; the servers are child JVMs with their own heaps (broker 512m each side).
# shellcheck disable=SC2086
exec "$JAVA_HOME/bin/java" ${BENCH_HEAP:--Xms1g -Xmx1g} -XX:+UseG1GC \
  -Dlogback.configurationFile="$ROOT/benchmarks/src/main/resources/logback.xml" \
  -Drocketmq.log.root=/tmp/producer-bench-client-logs \
  -cp "$ROOT/benchmarks/target/classes:$ROOT/benchmarks/target/lib/*" \
  dev.apogee.benchmarks.client.ProducerBench "$@"
