#!/usr/bin/env bash
# Timer subsystem benchmark (issue 6): schedule N timers (default 1,000,000), report scheduling rate, heap per
# pending timer, delivery rate and lateness. Usage: benchmarks/run-timer-bench.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -DskipTests -Dmaven.test.skip=true install -pl benchmarks -am
dir=$(mktemp -d /tmp/apogee-timer-bench.XXXXXX)
trap 'rm -rf "$dir"' EXIT
java -Xms2g -Xmx2g -XX:+UseG1GC -cp "benchmarks/target/classes:benchmarks/target/lib/*" \
  dev.apogee.benchmarks.timer.TimerBench "${1:-1000000}" "$dir"
