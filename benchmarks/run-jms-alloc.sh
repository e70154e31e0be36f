#!/usr/bin/env bash
# Heap bytes a JMS send allocates on the sending thread (dev.apogee.benchmarks.jms.SendAllocation), against a fresh
# bin/apogee-standalone (SYNC_FLUSH) under $WORK. Prints RESULT lines; round 2 is the warm figure.
# usage: benchmarks/run-jms-alloc.sh [messages per round]   Env: SKIP_BUILD=1, WORK (/tmp/jms-alloc),
#        APOGEE_NS_PORT (29986), APOGEE_BROKER_PORT (31021)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="${WORK:-/tmp/jms-alloc}"
NS_PORT="${APOGEE_NS_PORT:-29986}"
BROKER_PORT="${APOGEE_BROKER_PORT:-31021}"
if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  (cd "$ROOT" && mvn -q -o install -DskipTests -Dmaven.test.skip=true -pl :apogee-parent,remoting,store,namesrv,broker-server,client,jms-provider,standalone)
  (cd "$ROOT" && mvn -q -o package -DskipTests -pl benchmarks)
fi
rm -rf "$WORK"; mkdir -p "$WORK/logs"
APOGEE_LOG_DIR="$WORK/logs" "$ROOT/bin/apogee-standalone" --daemon -d "$WORK/data" -p "$NS_PORT" -b "$BROKER_PORT" \
  -f SYNC_FLUSH >&2
PID="$(tr -dc '0-9' < "$WORK/logs/standalone.pid")"
trap 'kill -TERM "$PID" 2>/dev/null || true' EXIT
java -cp "$ROOT/benchmarks/target/classes:$ROOT/benchmarks/target/lib/*" dev.apogee.benchmarks.jms.SendAllocation \
  "apogee://127.0.0.1:$NS_PORT" "${1:-20000}" 2>/dev/null | grep '^RESULT'
