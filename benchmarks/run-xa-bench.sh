#!/usr/bin/env bash
# XA benchmark: transactions per second of "receive 1 + send 1 + commit" (1 KiB-ish text bodies, one queue per run,
# primed so every receive finds a message) under Narayana 7.3.3 two-phase commit (the JMS session + a no-op second
# resource, Narayana's log fsynced), against a local transacted session, for our provider + standalone broker
# (SYNC_FLUSH) and ActiveMQ Artemis 2.40.0 (artemis create defaults: journal-datasync=true) in the same run, both
# brokers up, targets interleaved. Writes benchmarks/results/xa-<utc>.md (tx/s, p50/p99, ratios, load) and the raw
# driver output under benchmarks/results/xa-<utc>/.
#
# usage: benchmarks/run-xa-bench.sh [--short]
#   --short   quick check (3 s warm-up, 8 s measured, 1 and 4 threads): not for quoting
# Env: THREADS ("1 4"), WARMUP_S (10), MEASURE_S (30), BODY_BYTES (1024), SKIP_BUILD=1 (reuse the last snapshot),
#      LOCK_WAIT_S (3600) / RUN_TIMEOUT_S (1800): the measuring part holds /tmp/bench.lock
#      (flock -w LOCK_WAIT_S ... timeout RUN_TIMEOUT_S); WORK (/tmp/xa-bench): jar snapshot, broker data, Narayana
#      logs; APOGEE_NS_PORT (29976) / APOGEE_BROKER_PORT (31011); ARTEMIS_PORT (61646) / ARTEMIS_HTTP_PORT (8181)
#      (not the JMS benchmark's ports, so both scripts can be prepared at once); RESULTS_DIR (benchmarks/results) and
#      NOTE (a line added to the report) for experiments that must not look like a regular result.
#
# Driver: dev.apogee.benchmarks.xa.XaBench, one JVM per target (-Xms512m -Xmx512m): ours with benchmarks/target/lib,
# Artemis's with the same Narayana jars plus artemis-jakarta-client 2.40.0 (resolved by the shared harness's
# providers/artemis/pom.xml) and without our netty.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SHARED="$(cd "$ROOT/../shared/bench/jms" && pwd)"
WORK="${WORK:-/tmp/xa-bench}"
NS_PORT="${APOGEE_NS_PORT:-29976}"
BROKER_PORT="${APOGEE_BROKER_PORT:-31011}"
export ARTEMIS_BASE="$WORK/artemis" ARTEMIS_PORT="${ARTEMIS_PORT:-61646}" ARTEMIS_HTTP_PORT="${ARTEMIS_HTTP_PORT:-8181}"
THREADS="${THREADS:-1 4}"; WARMUP_S="${WARMUP_S:-10}"; MEASURE_S="${MEASURE_S:-30}"; BODY_BYTES="${BODY_BYTES:-1024}"
short=0; reexec=("$@")
for a in "$@"; do
  case "$a" in
    --short) short=1; WARMUP_S=3; MEASURE_S=8 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "unknown option $a" >&2; exit 2 ;;
  esac
done

if [[ "${BENCH_LOCK_HELD:-0}" != 1 ]]; then
  # ---- build and snapshot outside the lock ----
  if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    (cd "$ROOT" && mvn -q -o install -DskipTests -Dmaven.test.skip=true \
      -pl :apogee-parent,remoting,store,namesrv,broker-server,client,jms-provider,standalone)
    (cd "$ROOT" && mvn -q -o package -DskipTests -Dmaven.test.skip=true -pl benchmarks)
    rm -rf "$WORK/server-lib" "$WORK/driver"
    mkdir -p "$WORK/server-lib" "$WORK/driver/lib" "$WORK/driver/artemis-lib"
    for m in standalone:apogee-standalone broker-server:apogee-broker-server namesrv:apogee-namesrv \
             client:apogee-client store:apogee-store remoting:apogee-remoting; do
      cp "$ROOT/${m%%:*}/target/${m#*:}-0.1.0-SNAPSHOT.jar" "$WORK/server-lib/"
    done
    find "$ROOT/standalone/target/lib" -name '*.jar' ! -name 'apogee-*' -exec cp {} "$WORK/server-lib/" \;
    cp -r "$ROOT/benchmarks/target/classes" "$WORK/driver/classes"
    cp "$ROOT"/benchmarks/target/lib/*.jar "$WORK/driver/lib/"
    # Artemis's client jars, via the shared harness's provider pom (a copy: shared/ is read-only)
    rm -rf "$WORK/harness"; mkdir -p "$WORK/harness"; cp -r "$SHARED"/scripts "$SHARED"/providers "$WORK/harness/"
    rm -rf "$WORK/harness/providers/artemis/lib"
    mvn -B -q -o -f "$WORK/harness/providers/artemis/pom.xml" package
    cp "$WORK"/harness/providers/artemis/lib/*.jar "$WORK/driver/artemis-lib/"
    rm -f "$WORK"/driver/artemis-lib/slf4j-simple-*.jar   # logback from the driver lib is the one backend
  fi
  (cd "$WORK/harness" && scripts/artemis-broker.sh setup > "$WORK/artemis-setup.log")
  echo "waiting for /tmp/bench.lock since $(date -u +%T)" >&2
  export BENCH_LOCK_HELD=1
  exec flock -w "${LOCK_WAIT_S:-3600}" /tmp/bench.lock timeout "${RUN_TIMEOUT_S:-1800}" \
    "$0" ${reexec[@]+"${reexec[@]}"}
fi

# ---- under the lock ----
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
RESULTS_DIR="${RESULTS_DIR:-$ROOT/benchmarks/results}"
RAW="$RESULTS_DIR/xa-$STAMP"
mkdir -p "$RAW"
APOGEE_PID=""
stop_apogee() {
  if [[ -n "$APOGEE_PID" ]] && kill -0 "$APOGEE_PID" 2>/dev/null; then
    kill -TERM "$APOGEE_PID"
    for _ in $(seq 1 60); do kill -0 "$APOGEE_PID" 2>/dev/null || break; sleep 1; done
    kill -0 "$APOGEE_PID" 2>/dev/null && kill -KILL "$APOGEE_PID"
  fi
  APOGEE_PID=""
}
cleanup() { stop_apogee; (cd "$WORK/harness" && scripts/artemis-broker.sh stop) >&2 || true; }
trap cleanup EXIT

rm -rf "$WORK/apogee-data" "$WORK/apogee-logs" "$ARTEMIS_BASE/data" "$WORK/narayana"
mkdir -p "$WORK/apogee-logs" "$WORK/narayana"
(cd "$WORK/harness" && scripts/artemis-broker.sh start) >&2
ARTEMIS_PID="$(cd "$WORK/harness" && scripts/artemis-broker.sh pid)"
APOGEE_LOG_DIR="$WORK/apogee-logs" APOGEE_CLASSPATH="$WORK/server-lib/*" \
  "$ROOT/bin/apogee-standalone" --daemon -d "$WORK/apogee-data" -p "$NS_PORT" -b "$BROKER_PORT" -f SYNC_FLUSH >&2
APOGEE_PID="$(tr -dc '0-9' < "$WORK/apogee-logs/standalone.pid")"

APOGEE_CP="$WORK/driver/classes:$WORK/driver/lib/*"
ARTEMIS_CP="$WORK/driver/classes"
for j in "$WORK"/driver/lib/*.jar; do
  case "$(basename "$j")" in apogee-*|netty-*|rocketmq-*|grpc-*|kryo-*) ;; *) ARTEMIS_CP="$ARTEMIS_CP:$j" ;; esac
done
ARTEMIS_CP="$ARTEMIS_CP:$WORK/driver/artemis-lib/*"
JSONL="$RAW/results.jsonl"

run_one() { # label mode threads
  local label=$1 mode=$2 threads=$3 cp factory url auth=()
  case "$label" in
    apogee-*) cp="$APOGEE_CP"; url="apogee://127.0.0.1:$NS_PORT"
      [[ $mode == xa ]] && factory=dev.apogee.jms.xa.ApogeeXAConnectionFactory || factory=dev.apogee.jms.api.ApogeeConnectionFactory ;;
    artemis-*) cp="$ARTEMIS_CP"; url="tcp://127.0.0.1:$ARTEMIS_PORT"; auth=(--user jmsbench --password jmsbench)
      [[ $mode == xa ]] && factory=org.apache.activemq.artemis.jms.client.ActiveMQXAConnectionFactory \
        || factory=org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory ;;
  esac
  echo "== $label threads=$threads  $(uptime)" >&2
  java -Xms512m -Xmx512m -XX:+UseG1GC -cp "$cp" dev.apogee.benchmarks.xa.XaBench --label "$label" --mode "$mode" \
    --factory "$factory" --url "$url" ${auth[@]+"${auth[@]}"} --threads "$threads" --warmup-seconds "$WARMUP_S" \
    --seconds "$MEASURE_S" --queue "xabench_${label//-/_}_$threads" --prime 50 --body-bytes "$BODY_BYTES" \
    --object-store "$WORK/narayana/$label-$threads" --out "$JSONL" > "$RAW/$label-$threads.txt" 2>&1 \
    || echo "!! $label threads=$threads failed (exit $?), see $RAW/$label-$threads.txt" >&2
  grep -E '^RESULT' "$RAW/$label-$threads.txt" >&2 || true
}

UPTIME_START="$(uptime)"
for t in $THREADS; do
  run_one artemis-xa xa "$t"
  run_one apogee-xa xa "$t"
  run_one artemis-local local "$t"
  run_one apogee-local local "$t"
done
UPTIME_END="$(uptime)"
cleanup
trap - EXIT

python3 - "$JSONL" "$RESULTS_DIR/xa-$STAMP.md" "$STAMP" "$short" "$UPTIME_START" "$UPTIME_END" \
  "$WARMUP_S" "$MEASURE_S" "$BODY_BYTES" "$(nproc)" "$(java -version 2>&1 | head -1)" "${NOTE:-}" <<'PY'
import json, sys
jsonl, out, stamp, short, up0, up1, warm, meas, body, cores, jvm, note = sys.argv[1:]
rows = [json.loads(l) for l in open(jsonl) if l.strip()]
by = {(r["label"], r["threads"]): r for r in rows}
threads = sorted({r["threads"] for r in rows})
labels = ["apogee-xa", "artemis-xa", "apogee-local", "artemis-local"]
def rate(l, t):
    r = by.get((l, t)); return r["txPerSec"] if r else None
def ratio(a, b):
    return "%.2f" % (a / b) if a and b else "n/a"
L = []
L.append(f"## XA benchmark: Apogee MQ vs ActiveMQ Artemis 2.40.0 under Narayana 7.3.3 (run of {stamp})\n")
L.append(("**Short run (quick check, not for quoting).** " if short == "1" else "") +
  f"One transaction = receive 1 + send 1 ({body}-byte text, persistent) + commit, on one queue primed with 50 "
  f"messages per thread; {warm} s warm-up, {meas} s measured; each thread its own connection and session; one "
  f"driver JVM per row (`dev.apogee.benchmarks.xa.XaBench`), rows interleaved with both brokers up. "
  f"Machine: {cores} cores shared with other work, {jvm}.\n")
L.append("- **xa**: Narayana `TransactionManager` begin, enlist the XA session's resource and a no-op second resource "
  "(votes XA_OK, so Narayana does a real two-phase commit and fsyncs its log; no 1PC optimization), commit.")
L.append("- **local**: `createSession(true, SESSION_TRANSACTED)`, `commit()`; no transaction manager.")
L.append("- **apogee**: `bin/apogee-standalone -f SYNC_FLUSH` (name server + broker, one JVM), `ApogeeXAConnectionFactory` "
  "/ `ApogeeConnectionFactory`; a prepare, commit and one-phase commit are answered after the fsync.")
L.append("- **artemis**: `artemis create` defaults (NIO journal, journal-datasync=true), client artemis-jakarta-client "
  "2.40.0 `ActiveMQXAConnectionFactory` / `ActiveMQConnectionFactory`.\n")
if note:
    L.append(f"**Note:** {note}\n")
L.append(f"Load (uptime): start `{up0.strip()}`; end `{up1.strip()}`.\n")
L.append("| target | threads | tx/s | p50 ms | p99 ms | p99.9 ms | transactions | misses | errors |")
L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for t in threads:
    for l in labels:
        r = by.get((l, t))
        if r:
            L.append(f"| {l} | {t} | {r['txPerSec']:.1f} | {r['p50Ms']:.2f} | {r['p99Ms']:.2f} | {r['p999Ms']:.2f} | "
                     f"{r['transactions']} | {r['misses']} | {r['errors']} |")
        else:
            L.append(f"| {l} | {t} | failed | | | | | | |")
L.append("\n### Ratios (tx/s)\n")
L.append("| threads | apogee XA / apogee local | apogee XA / Artemis XA | Artemis XA / Artemis local | apogee local / Artemis local |")
L.append("|---:|---:|---:|---:|---:|")
for t in threads:
    L.append(f"| {t} | {ratio(rate('apogee-xa', t), rate('apogee-local', t))} | {ratio(rate('apogee-xa', t), rate('artemis-xa', t))} | "
             f"{ratio(rate('artemis-xa', t), rate('artemis-local', t))} | {ratio(rate('apogee-local', t), rate('artemis-local', t))} |")
L.append(f"\nRaw driver output: `benchmarks/results/xa-{stamp}/`.")
open(out, "w").write("\n".join(L) + "\n")
print("\n".join(L))
PY
echo "wrote $RESULTS_DIR/xa-$STAMP.md" >&2
