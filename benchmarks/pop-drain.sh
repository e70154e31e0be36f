#!/usr/bin/env bash
# Official-client POP drain (dev.apogee.benchmarks.pop.PopDrainBench), called like shared/bench/rocketmq/bench.sh:
#
#   benchmarks/pop-drain.sh <namesrv> --topic=T --group=G --messages=N [--seconds=300 --idle=10 --consumeThreads=20
#                           --popBatch=32 --invisibleMs=60000 --label=... --watch=broker:<pid>]
#
# Switches G to POP on T (official MQClientAPIImpl: create the group, SET_MESSAGE_REQUEST_MODE), drains T's
# backlog with the official DefaultMQPushConsumer (setClientRebalance(false)) and prints one RESULT {json} line.
# Needs a build of the benchmarks module (mvn -pl benchmarks -am package). Env: JAVA_HOME, BENCH_HEAP
# (-Xms512m -Xmx512m), BENCH_LOG_DIR (the official client's log directory, /tmp/pop-drain-logs).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
JAR="$HERE/target/apogee-benchmarks-0.1.0-SNAPSHOT.jar"
[[ -f "$JAR" ]] || { echo "build first: mvn -pl benchmarks -am package -DskipTests" >&2; exit 2; }
[[ $# -ge 1 ]] || { sed -n '2,10p' "$0" >&2; exit 2; }
NS="$1"; shift
LOGDIR="${BENCH_LOG_DIR:-/tmp/pop-drain-logs}"
mkdir -p "$LOGDIR"
# shellcheck disable=SC2086
exec "$JAVA_HOME/bin/java" ${BENCH_HEAP:--Xms512m -Xmx512m} -XX:+UseG1GC -Drocketmq.log.root="$LOGDIR" \
  -Drocketmq.log.level="${BENCH_LOG_LEVEL:-info}" -cp "$JAR:$HERE/target/lib/*" \
  dev.apogee.benchmarks.pop.PopDrainBench --namesrv="$NS" "$@"
