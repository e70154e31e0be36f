#!/usr/bin/env bash
# Broker-side SQL92 filtering benchmark (issue 6). Usage: benchmarks/run-filter-bench.sh [N messages]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -DskipTests -Dmaven.test.skip=true install -pl benchmarks -am
java -Xms1g -Xmx1g -cp "benchmarks/target/classes:benchmarks/target/lib/*" \
  dev.apogee.benchmarks.filter.SqlFilterBench "${1:-500000}"
