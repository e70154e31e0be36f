#!/usr/bin/env bash
# JMS benchmark: our Jakarta Messaging provider + standalone broker vs ActiveMQ Artemis 2.40.0 (the anchor), driven
# by the same vendor-neutral harness (../shared/bench/jms, copied to $HARNESS) in the same run, scenario by scenario
# (Artemis first, then us), with both brokers up and sampled via BROKER_PID. Writes
# benchmarks/results/jms-<utc>.md (a table per target and a ratio table ours / Artemis) and the raw runs under
# benchmarks/results/jms-<utc>/.
#
# usage: benchmarks/run-jms-bench.sh [--short] [--async-flush] [scenario ...] [-- harness options ...]
#   --short        quick check: 5,000 messages / 8 s per phase, 500 warm-up, 1,000 round trips
#   --async-flush  also measure our broker in ASYNC_FLUSH (a second "apogee-async" row set; not comparable with
#                  Artemis's journal sync, shown for scale only)
#   scenario       default: p2p-persistent p2p-nonpersistent tx reqreply topic-fanout async-send
#                  competing-consumers selector-queue
#                  (async-send runs against Artemis's ConfirmedConnectionFactory: see the harness README, Pitfalls;
#                  the last two are ours, benchmarks/jms/scenarios/, added to the harness copy: see benchmarks/README.md)
# Env: SKIP_BUILD=1 reuse the last build; LOCK_WAIT_S (3600) / RUN_TIMEOUT_S (2400): the measuring part holds
#      /tmp/bench.lock (flock -w LOCK_WAIT_S ... timeout RUN_TIMEOUT_S); HARNESS (/tmp/jmsbench);
#      WORK (/tmp/jmsbench-apogee): snapshot of our jars, broker data and logs; APOGEE_NS_PORT (29876),
#      APOGEE_BROKER_PORT (30911); SHARED_DIR (../shared); JAVA_OPTS for the harness JVM (run.sh default -Xms1g -Xmx1g -XX:+UseG1GC).
#
# Our broker: bin/apogee-standalone (name server + broker in one JVM, its defaults -Xms1g -Xmx1g -XX:+AlwaysPreTouch),
# SYNC_FLUSH: a send is answered after the group-commit fsync, like Artemis's journal (NIO, journal-datasync=true,
# sync on every durable send and commit, group-committed within journal-buffer-timeout). Artemis:
# scripts/artemis-broker.sh (artemis create defaults, -Xmx2G).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SHARED="$(cd "${SHARED_DIR:-$ROOT/../shared}/bench/jms" && pwd)"  # SHARED_DIR: where shared/ is
HARNESS="${HARNESS:-/tmp/jmsbench}"
WORK="${WORK:-/tmp/jmsbench-apogee}"
NS_PORT="${APOGEE_NS_PORT:-29876}"
BROKER_PORT="${APOGEE_BROKER_PORT:-30911}"

short=0; async_flush=0; scenarios=(); harness_opts=(); reexec=("$@")
while [[ $# -gt 0 ]]; do
  case "$1" in
    --short) short=1 ;;
    --async-flush) async_flush=1 ;;
    --) shift; harness_opts=("$@"); break ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) scenarios+=("$1") ;;
  esac
  shift
done
[[ ${#scenarios[@]} -gt 0 ]] || scenarios=(p2p-persistent p2p-nonpersistent tx reqreply topic-fanout async-send
  competing-consumers selector-queue)
harness_opts=(--queue-prefix jmsbench_ ${harness_opts[@]+"${harness_opts[@]}"})
if [[ $short == 1 ]]; then
  harness_opts=(--messages 5000 --max-seconds 8 --warmup 500 --warmup-seconds 5 --roundtrips 1000 --rr-warmup 200
    --receive-timeout-ms 5000 ${harness_opts[@]+"${harness_opts[@]}"})
fi

if [[ "${BENCH_LOCK_HELD:-0}" != 1 ]]; then
  # ---- build outside the lock (nobody's measurement waits for our compile) ----
  if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
    # -DskipTests, not -Dmaven.test.skip: broker-server and jms-provider resolve the store's test jar and the
    # anchor module at test scope, which must therefore be built and installed too
    (cd "$ROOT" && mvn -q -o install -DskipTests -pl :apogee-parent,anchor-rocketmq,remoting,store,namesrv,broker-server,client,jms-provider,standalone)
    rm -rf "$ROOT/benchmarks/jms/lib"
    mvn -q -o -f "$ROOT/benchmarks/jms/pom.xml" package
  fi
  # a snapshot of the jars, so a concurrent rebuild of the checkout cannot change the code under test mid-run
  snapshot() {
    rm -rf "$WORK/server-lib" "$WORK/provider-lib"
    mkdir -p "$WORK/server-lib" "$WORK/provider-lib"
    for m in standalone:apogee-standalone broker-server:apogee-broker-server namesrv:apogee-namesrv \
             client:apogee-client store:apogee-store remoting:apogee-remoting; do
      cp "$ROOT/${m%%:*}/target/${m#*:}-0.1.0-SNAPSHOT.jar" "$WORK/server-lib/"
    done
    find "$ROOT/standalone/target/lib" -name '*.jar' ! -name 'apogee-*' -exec cp {} "$WORK/server-lib/" \;
    cp "$ROOT"/benchmarks/jms/lib/*.jar "$WORK/provider-lib/"
  }
  # smoke start of the snapshot (a jar packaged while another build was compiling can miss classes): rebuild once
  smoke() {
    rm -rf "$WORK/data-smoke" "$WORK/logs-smoke"; mkdir -p "$WORK/logs-smoke"
    APOGEE_LOG_DIR="$WORK/logs-smoke" APOGEE_CLASSPATH="$WORK/server-lib/*" \
      "$ROOT/bin/apogee-standalone" --daemon -d "$WORK/data-smoke" -p "$NS_PORT" -b "$BROKER_PORT" >&2 || return 1
    local pid; pid="$(tr -dc '0-9' < "$WORK/logs-smoke/standalone.pid")"
    kill -TERM "$pid"; for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
  }
  snapshot
  if ! smoke; then
    echo "snapshot does not start; rebuilding once" >&2
    (cd "$ROOT" && mvn -q -o install -DskipTests -pl :apogee-parent,anchor-rocketmq,remoting,store,namesrv,broker-server,client,jms-provider,standalone)
    rm -rf "$ROOT/benchmarks/jms/lib"; mvn -q -o -f "$ROOT/benchmarks/jms/pom.xml" package
    snapshot; smoke
  fi
  # the harness is read-only in shared/: work on a copy (keeping its build and Artemis's resolved jars)
  mkdir -p "$HARNESS"
  cp -r "$SHARED"/. "$HARNESS"/
  # Destination names: the harness hardcodes dotted names (jmsbench.p2p.p); our provider maps a JMS destination to a
  # RocketMQ topic, whose names allow only letters, digits, '%', '|', '_', '-'. Both targets get '_' instead of '.'
  # (a name change only, the same for Artemis and us); --queue-prefix jmsbench_ below does the prefix part.
  sed -i -E 's/"(p2p|mpmc|rr|req|fanout|ctx)\./"\1_/g; s/"rr_req\./"rr_req_/g' "$HARNESS/src/main/java/jmsbench/Scenarios.java"
  grep -q '"rr_req_"' "$HARNESS/src/main/java/jmsbench/Scenarios.java" || { echo "harness patch did not apply" >&2; exit 1; }
  # Our scenarios with several consumers on one queue (competing-consumers, selector-queue) join the copy: the
  # harness's unknown-scenario branch hands them to QueueScenarios, which rejects any other name as before.
  cp "$ROOT"/benchmarks/jms/scenarios/jmsbench/*.java "$HARNESS/src/main/java/jmsbench/"
  sed -i -E 's/default -> throw new IllegalArgumentException\("unknown scenario " \+ name\);/default -> new QueueScenarios(b).run(name, f, cfName, scen);/' \
    "$HARNESS/src/main/java/jmsbench/Scenarios.java"
  grep -q 'new QueueScenarios(b)' "$HARNESS/src/main/java/jmsbench/Scenarios.java" \
    || { echo "harness patch (QueueScenarios) did not apply" >&2; exit 1; }
  mkdir -p "$HARNESS/providers/apogee"
  cp "$ROOT/benchmarks/jms/jndi.properties" "$HARNESS/providers/apogee/jndi.properties"
  rm -rf "$HARNESS/providers/apogee/lib"
  ln -s "$WORK/provider-lib" "$HARNESS/providers/apogee/lib"
  (cd "$HARNESS" && scripts/artemis-broker.sh setup > "$WORK/artemis-setup.log")
  # resolve Artemis's client jars and build the harness now rather than inside the lock (run.sh would do it there)
  ls "$HARNESS"/providers/artemis/lib/*.jar > /dev/null 2>&1 || mvn -B -q -f "$HARNESS/providers/artemis/pom.xml" package
  mvn -B -q -f "$HARNESS/pom.xml" -DskipTests package
  echo "waiting for /tmp/bench.lock since $(date -u +%T)" >&2
  export BENCH_LOCK_HELD=1
  exec flock -w "${LOCK_WAIT_S:-3600}" /tmp/bench.lock timeout "${RUN_TIMEOUT_S:-2400}" \
    "$0" ${reexec[@]+"${reexec[@]}"}
fi

# ---- under the lock ----
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
RAW="$ROOT/benchmarks/results/jms-$STAMP"
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
cleanup() { stop_apogee; (cd "$HARNESS" && scripts/artemis-broker.sh stop) || true; }
trap cleanup EXIT

start_apogee() { # flush mode
  stop_apogee
  rm -rf "$WORK/data-$1" "$WORK/logs-$1"
  mkdir -p "$WORK/logs-$1"
  APOGEE_LOG_DIR="$WORK/logs-$1" APOGEE_CLASSPATH="$WORK/server-lib/*" \
    "$ROOT/bin/apogee-standalone" --daemon -d "$WORK/data-$1" -p "$NS_PORT" -b "$BROKER_PORT" -f "$1" >&2
  APOGEE_PID="$(tr -dc '0-9' < "$WORK/logs-$1/standalone.pid")"
  # a fresh store zero-fills its second commit-log file (paced, ~25 s idle) right after start: let it finish before
  # anything is measured, on either broker, as a broker that has run for a while has no fill running
  local next="$WORK/data-$1/broker/commitlog/00000000001073741824" i
  for i in $(seq 1 120); do [[ -e $next ]] && break; sleep 1; done
}

run_one() { # target label-prefix scenario broker-pid
  local target=$1 prefix=$2 scen=$3 pid=$4 name=${3%@*} extra=()
  [[ $target == apogee ]] && extra=(--url "apogee://127.0.0.1:$NS_PORT")
  echo "== $prefix $scen  $(uptime)" >&2
  (cd "$HARNESS" && BROKER_PID="$pid" JMSBENCH_OUT="$RAW" ./run.sh "$target" "$scen" --label "$prefix-$name" \
     ${extra[@]+"${extra[@]}"} ${harness_opts[@]+"${harness_opts[@]}"}) > "$RAW/$prefix-$name.txt" 2>&1 \
    || echo "!! $prefix $scen failed (exit $?), see $RAW/$prefix-$name.txt" >&2
  grep -E '^RESULT' "$RAW/$prefix-$name.txt" | cut -c1-220 >&2 || true
}

(cd "$HARNESS" && scripts/artemis-broker.sh start) >&2
ARTEMIS_PID="$(cd "$HARNESS" && scripts/artemis-broker.sh pid)"
start_apogee SYNC_FLUSH
UPTIME_START="$(uptime)"
for scen in "${scenarios[@]}"; do
  a_scen=$scen
  [[ $scen == async-send ]] && a_scen=async-send@ConfirmedConnectionFactory
  run_one artemis artemis "$a_scen" "$ARTEMIS_PID"
  run_one apogee apogee-sync "$scen" "$APOGEE_PID"
done
RSS_ARTEMIS="$(grep VmRSS "/proc/$ARTEMIS_PID/status" | awk '{print $2}')"
RSS_APOGEE="$(grep VmRSS "/proc/$APOGEE_PID/status" | awk '{print $2}')"
if [[ $async_flush == 1 ]]; then
  start_apogee ASYNC_FLUSH
  for scen in "${scenarios[@]}"; do run_one apogee apogee-async "$scen" "$APOGEE_PID"; done
fi
UPTIME_END="$(uptime)"
cleanup
trap - EXIT

files() { ls "$RAW"/"$1"-*.jsonl 2>/dev/null | paste -sd, -; }
HEADER="$RAW/header.md"
cat > "$HEADER" <<HDR
## JMS benchmark: Apogee MQ provider + standalone broker vs ActiveMQ Artemis 2.40.0 (run of $STAMP)

Harness: \`../shared/bench/jms\` (vendor-neutral, jakarta.jms only), one client JVM per scenario and target, scenarios
interleaved (Artemis, then us) with both brokers up. Mode: $([[ $short == 1 ]] && echo "**short** (quick check, not for quoting)" || echo full);
harness options: \`${harness_opts[*]:-defaults (50,000 msgs or 30 s per phase)}\`. 1 KiB bodies, AUTO_ACKNOWLEDGE, each
producer/consumer on its own connection. Machine: $(nproc) cores shared with other work, $(java -version 2>&1 | head -1).
Client (harness) JVM options, the same for both targets: \`${JAVA_OPTS:-run.sh default -Xms1g -Xmx1g -XX:+UseG1GC}\`.

- **Artemis**: \`artemis create\` defaults (NIO journal, journal-datasync=true: sync on every durable send and commit,
  group-committed), -Xmx2G, client artemis-jakarta-client 2.40.0; persistent send blocks, non-persistent send is
  fire-and-forget; async-send via \`ConfirmedConnectionFactory\` (confirmationWindowSize=1MiB, broker-confirmed).
- **apogee-sync**: \`bin/apogee-standalone -f SYNC_FLUSH\` (name server + broker in one JVM, -Xms1g -Xmx1g, heap pre-touched): a send is
  answered after the group-commit fsync, the setting comparable to Artemis's journal sync. Provider
  \`dev.apogee.jms.api.ApogeeConnectionFactory\` (benchmarks/jms/jndi.properties): persistent send synchronous,
  non-persistent oneway, coalesced into batch requests while the connection is busy, with an answered probe every
  128 sends (back-pressure: at most 8,192 messages, 8 MiB or 1,000 requests unanswered per connection); sends with a
  CompletionListener coalesced the same way, each listener called after the broker's (post-fsync) answer to its batch. Destination names use '_' where the harness has '.' (RocketMQ topic names;
  patched in the /tmp copy of the harness, the same for both targets).
- **competing-consumers**, **selector-queue** (ours, \`benchmarks/jms/scenarios\`, see benchmarks/README.md): 4 listeners /
  2 listeners with complementary selectors on one queue, persistent, phases live and backlog; a phase that loses a
  message or misroutes one is FAILED. The notes under each target's table give how the consumers split the messages.
$([[ $async_flush == 1 ]] && echo "- **apogee-async**: the same with ASYNC_FLUSH (answered from the page cache): for scale only, not comparable to Artemis.")

Load: start \`$UPTIME_START\`; end \`$UPTIME_END\`. Broker RSS after the comparable runs: Artemis $((RSS_ARTEMIS / 1024)) MiB,
apogee $((RSS_APOGEE / 1024)) MiB. Raw output: \`benchmarks/results/jms-$STAMP/\`.
HDR
specs=("artemis=$(files artemis)" "apogee-sync=$(files apogee-sync)")
[[ $async_flush == 1 ]] && specs+=("apogee-async=$(files apogee-async)")
python3 "$ROOT/benchmarks/jms/compare.py" "$ROOT/benchmarks/results/jms-$STAMP.md" "$HEADER" "${specs[@]}"
echo "wrote benchmarks/results/jms-$STAMP.md" >&2
