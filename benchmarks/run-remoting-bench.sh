#!/usr/bin/env bash
# Builds the benchmarks module (and what it depends on) and runs the remoting load tool.
# usage: benchmarks/run-remoting-bench.sh [warmupSeconds=3] [secondsPerRow=10] [slices=5] [--nio]
#        benchmarks/run-remoting-bench.sh --encode [bodyBytes=1024] [secondsPerSlice=1] [slices=8]
#          (encoding one send-request frame: our codec vs the official fastEncodeHeader, one thread)
set -euo pipefail
cd "$(dirname "$0")/.."
if ! mvn -q -o -DskipTests package -pl benchmarks -am; then
    echo "offline build failed, retrying online" >&2
    mvn -q -DskipTests package -pl benchmarks -am
fi
main=dev.apogee.benchmarks.remoting.RemotingBench
if [ "${1:-}" = --encode ]; then
    main=dev.apogee.benchmarks.remoting.FrameEncodeBench
    shift
fi
exec java -Xms1g -Xmx1g -XX:+UseG1GC -Dlogback.configurationFile=benchmarks/src/main/resources/logback.xml \
    -cp "benchmarks/target/classes:benchmarks/target/lib/*" \
    "$main" "$@"
