#!/usr/bin/env bash
# Broker benchmark: Apache RocketMQ 5.3.3 versus Apogee MQ (standalone: namesrv + broker), measured in ONE run on
# this machine with the same load tool (shared/bench/rocketmq's bench.sh = the official rocketmq-client 5.3.3), so
# that only the server differs. Writes benchmarks/results/broker-<utc>.md (table + ratios ours/Apache) and keeps the
# raw client logs in benchmarks/results/broker-<utc>/.
#
#   benchmarks/run-broker-bench.sh                 # defaults: SECS=20 per row
#   SECS=10 WARM=5 benchmarks/run-broker-bench.sh  # short run
#
# Rows (each for Apache first, then Apogee, servers started fresh per flush mode, same JVM heap 1g):
#   ASYNC_FLUSH: sync send 1 / 16 / 64 threads; idle end-to-end latency (--mode=both paced at LAT_RATE msg/s);
#                pre-fill PREFILL messages (batch:32) then push-consumer drain (offset consumption, group
#                drain_cg_<server>), then pop-drain: the same backlog drained by the official push consumer with
#                its group (pop_cg_<server>) switched to POP (benchmarks/pop-drain.sh, setClientRebalance(false))
#   SYNC_FLUSH : sync send 1 / 16 / 64 threads
# Every server gets WARMUP_SECS of async load first (JIT), not reported.
#
#   ROWS="pop-drain" FLUSHES=ASYNC_FLUSH benchmarks/run-broker-bench.sh   # only some rows (prefill comes with
#                                                                         # drain / pop-drain: it is their backlog)
#   benchmarks/medians.py broker OUT.md benchmarks/results/broker-<a> ...  # medians over several runs
#
# Env: SECS (measured s per row, 20), WARM (client warm-up s per row, 5), WARMUP_SECS (server warm-up, 15),
#      PREFILL (200000), LAT_RATE (100 msg/s), SIZE (1024), FLUSHES ("ASYNC_FLUSH SYNC_FLUSH"),
#      SERVERS ("apache apogee"), SHARED_DIR (../shared), BENCH_DIR (/tmp/rmqbench: copy of shared/bench/rocketmq),
#      APOGEE_BUILD_DIR (/tmp/apogee-bench-src: snapshot of this checkout, built there so concurrent edits and
#      builds in the checkout do not change what is measured), MVN_ARGS (-o; set to "" to allow downloads),
#      LOCK_WAIT_S (3600; the run holds /tmp/bench.lock like shared/bench/rocketmq/run-all.sh),
#      QUIET_GATE=1 (wait, bounded, for an idle machine before each row: shared/bench/rocketmq/quiet-wait.sh),
#      ROWS (all: "sync-t1 sync-t16 sync-t64 latency-idle prefill drain pop-drain"; the warm-up always runs),
#      SKIP_BUILD=1 (reuse the snapshot build and the harness of the previous run, for repeats),
#      NAMESRV_PORTS / BROKER_PORTS (candidate ports, first free wins: a test of someone else's that registers a
#      broker named broker-a with the default name-server port unregisters ours and wipes its routes).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ "${BENCH_LOCK_HELD:-0}" != 1 ]]; then
  echo "waiting for /tmp/bench.lock since $(date -u +%T)"
  export BENCH_LOCK_HELD=1
  exec flock -w "${LOCK_WAIT_S:-3600}" /tmp/bench.lock "$0" "$@"
fi

export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
SHARED="${SHARED_DIR:-$ROOT/../shared}/bench/rocketmq"  # SHARED_DIR: where shared/ is (a worktree has it elsewhere)
BENCH_DIR="${BENCH_DIR:-/tmp/rmqbench}"
BUILD_DIR="${APOGEE_BUILD_DIR:-/tmp/apogee-bench-src}"
SECS="${SECS:-20}"; WARM="${WARM:-5}"; WARMUP_SECS="${WARMUP_SECS:-15}"
PREFILL="${PREFILL:-200000}"; LAT_RATE="${LAT_RATE:-100}"; SIZE="${SIZE:-1024}"
FLUSHES="${FLUSHES:-ASYNC_FLUSH SYNC_FLUSH}"; SERVERS="${SERVERS:-apache apogee}"
MVN_ARGS="${MVN_ARGS--o}"
STAMP="$(date -u +%Y%m%dT%H%M%SZ)"
OUT_DIR="$ROOT/benchmarks/results"
RAW="$OUT_DIR/broker-$STAMP"
REPORT="$OUT_DIR/broker-$STAMP.md"
mkdir -p "$RAW"
T_START=$(date +%s)
log() { echo "[$(date -u +%T)] $*"; }

busy_port() { ss -Hltn "sport = :$1" | grep -q .; }
pick_port() {  # first port of the candidates whose whole range [p-2, p+1] is free
  local p
  for p in "$@"; do
    if ! busy_port "$p" && ! busy_port $((p - 2)) && ! busy_port $((p + 1)); then echo "$p"; return 0; fi
  done
  echo "no free port among $*" >&2; return 1
}

# ------------------------------------------------------------------------------------------------ build
if [[ "${SKIP_BUILD:-0}" == 1 && -f "$BUILD_DIR/benchmarks/pop-drain.sh" && -x "$BENCH_DIR/bench.sh" ]]; then
  # a repeat run: the snapshot and the harness of the previous run (same commit) are reused
  log "SKIP_BUILD=1: reusing $BUILD_DIR and $BENCH_DIR"
  cp "$BUILD_DIR/.apogee-commit.txt" "$RAW/apogee-commit.txt" 2>/dev/null || echo "unknown" > "$RAW/apogee-commit.txt"
  cp "$BUILD_DIR/.apogee-uncommitted.txt" "$RAW/apogee-uncommitted.txt" 2>/dev/null || true
else
  log "snapshot + build of Apogee MQ in $BUILD_DIR"
  rm -rf "$BUILD_DIR"; mkdir -p "$BUILD_DIR"
  (cd "$ROOT" && tar --exclude=./.git --exclude='*/target' --exclude=./benchmarks/results -cf - .) | tar -xf - -C "$BUILD_DIR"
  # shellcheck disable=SC2086
  (cd "$BUILD_DIR" && mvn -q $MVN_ARGS -DskipTests -pl standalone,benchmarks -am package) > "$RAW/build-apogee.log" 2>&1 \
    || { tail -40 "$RAW/build-apogee.log"; echo "Apogee build failed" >&2; exit 1; }
  (cd "$BUILD_DIR" && git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo "no git") > "$RAW/apogee-commit.txt"
  git -C "$ROOT" status --short > "$RAW/apogee-uncommitted.txt" 2>/dev/null || true

  log "copy + build of the RocketMQ harness in $BENCH_DIR"
  rm -rf "$BENCH_DIR"; cp -r "$SHARED" "$BENCH_DIR"
  # shellcheck disable=SC2086
  (cd "$BENCH_DIR" && { mvn -q $MVN_ARGS -DskipTests package || mvn -q -DskipTests package; }) > "$RAW/build-harness.log" 2>&1 \
    || { tail -40 "$RAW/build-harness.log"; echo "harness build failed" >&2; exit 1; }
  cp "$RAW/apogee-commit.txt" "$BUILD_DIR/.apogee-commit.txt"; cp "$RAW/apogee-uncommitted.txt" "$BUILD_DIR/.apogee-uncommitted.txt"
fi

{
  echo "date: $(date -u)"; echo "host: $(uname -srm)"; echo "cpus: $(nproc)"; free -m | sed -n 2p
  "$JAVA_HOME/bin/java" -version 2>&1 | head -1
  echo "SECS=$SECS WARM=$WARM WARMUP_SECS=$WARMUP_SECS PREFILL=$PREFILL LAT_RATE=$LAT_RATE SIZE=$SIZE"
  echo "ROWS=${ROWS:-all} FLUSHES=$FLUSHES"
  echo "uptime: $(uptime)"
} > "$RAW/env.txt"

# ------------------------------------------------------------------------------------------------ servers
APACHE_RUN="$BENCH_DIR/run"
APOGEE_RUN="$BENCH_DIR/apogee-run"   # store outside the checkout; logs are copied to $RAW
NS=""; WATCH=""
SERVER_UP=""

start_apache() {  # $1 flush
  export NAMESRV_PORT BROKER_PORT RUN_DIR="$APACHE_RUN"
  # shellcheck disable=SC2086
  NAMESRV_PORT=$(pick_port ${NAMESRV_PORTS:-19876 29876 39876}); BROKER_PORT=$(pick_port ${BROKER_PORTS:-20911 30911 40911})
  "$BENCH_DIR/start-servers.sh" "$1" > "$RAW/start-apache-$1.log" 2>&1 || { cat "$RAW/start-apache-$1.log"; return 1; }
  NS="127.0.0.1:$NAMESRV_PORT"
  WATCH="broker:$(cat "$APACHE_RUN/broker.pid"),namesrv:$(cat "$APACHE_RUN/namesrv.pid")"
  SERVER_UP=apache
}
stop_apache() { RUN_DIR="$APACHE_RUN" "$BENCH_DIR/stop-servers.sh" > "$RAW/stop-apache.log" 2>&1 || true; SERVER_UP=""; }

start_apogee() {  # $1 flush
  local np bp
  # shellcheck disable=SC2086
  np=$(pick_port ${NAMESRV_PORTS:-19876 29876 39876 49876}); bp=$(pick_port ${BROKER_PORTS:-20911 30911 40911 50911})
  rm -rf "$APOGEE_RUN/data"; mkdir -p "$APOGEE_RUN"
  APOGEE_HOME="$BUILD_DIR" APOGEE_LOG_DIR="$APOGEE_RUN/logs-$1" \
    "$BUILD_DIR/bin/apogee-standalone" --daemon -d "$APOGEE_RUN/data" -p "$np" -b "$bp" -f "$1" \
    > "$RAW/start-apogee-$1.log" 2>&1 || { cat "$RAW/start-apogee-$1.log"; return 1; }
  NS="127.0.0.1:$np"
  WATCH="broker:$(cat "$APOGEE_RUN/logs-$1/standalone.pid")"
  APOGEE_LOGS="$APOGEE_RUN/logs-$1"
  SERVER_UP=apogee
}
stop_apogee() {
  APOGEE_HOME="$BUILD_DIR" APOGEE_LOG_DIR="$APOGEE_LOGS" "$BUILD_DIR/bin/mqshutdown" standalone \
    > "$RAW/stop-apogee.log" 2>&1 || true
  du -sh "$APOGEE_RUN/data" >> "$RAW/stop-apogee.log" 2>/dev/null || true
  cp -r "$APOGEE_LOGS" "$RAW/" 2>/dev/null || true
  rm -rf "$APOGEE_RUN/data"; SERVER_UP=""
}
cleanup() { case "$SERVER_UP" in apache) stop_apache ;; apogee) stop_apogee ;; esac; }
trap cleanup EXIT

# A freshly started broker may not have registered its topics yet ("No route info"): probe with one message
# (bounded: a client whose main thread failed keeps its JVM alive, hence the timeout).
await_ready() {  # $1 server, $2 flush
  local i
  for i in $(seq 1 12); do
    if BENCH_LOG_DIR="$RAW/client-logs" BENCH_HEAP="-Xms128m -Xmx256m" timeout 60 "$BENCH_DIR/bench.sh" "$NS" \
        --topic=ready_probe --send=sync --threads=1 --messages=1 --seconds=5 --warmup=0 \
        > "$RAW/$1-$2-ready-$i.log" 2>&1 && grep -q '^RESULT ' "$RAW/$1-$2-ready-$i.log"; then
      return 0
    fi
    sleep 5
  done
  log "  $1 $2 never became ready"; return 1
}

# watch_client <pid> <log>: waits for the client; returns 86 (after ending it) if its main thread died
watch_client() {
  local pid=$1 logf=$2
  while kill -0 "$pid" 2>/dev/null; do
    if grep -q 'Exception in thread "main"' "$logf" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true   # timeout(1) passes the signal on to the client JVM
      wait "$pid" 2>/dev/null || true
      return 86
    fi
    sleep 1
  done
  wait "$pid"
}

# want <row>: whether ROWS selects the row (prefill whenever a drain row is selected: it fills their backlog)
want() {
  [[ -z "${ROWS:-}" || " $ROWS " == *" $1 "* ]] && return 0
  [[ $1 == prefill && ( " $ROWS " == *" drain "* || " $ROWS " == *" pop-drain "* ) ]]
}

# bench <server> <flush> <row> <bench.sh args...>: one measured row; its RESULT line goes to results.jsonl.
# TOOL (default the shared load tool) is any command called like bench.sh: <namesrv> --key=value ...
bench() {
  local server=$1 flush=$2 row=$3 tool=${TOOL:-$BENCH_DIR/bench.sh}; shift 3
  local logf="$RAW/$server-$flush-$row.log"
  local limit=$((SECS + WARM + 120))
  case "$row" in prefill|drain|pop-drain) limit=420 ;; esac
  if [[ "${QUIET_GATE:-0}" == 1 ]]; then "$BENCH_DIR/quiet-wait.sh" >> "$RAW/quiet-gate.log" 2>&1; fi
  local attempt rc
  for attempt in 1 2 3; do
    log "  $server $flush $row$( ((attempt > 1)) && echo " (attempt $attempt)")"
    BENCH_LOG_DIR="$RAW/client-logs" BENCH_HEAP="-Xms512m -Xmx512m" timeout "$limit" \
      "$tool" "$NS" --label="$server|$flush|$row" --watch="$WATCH" "$@" > "$logf" 2>&1 &
    rc=0; watch_client $! "$logf" || rc=$?
    # the load tool's main thread can fail before measuring (e.g. "No route info" for a topic a loaded broker has
    # not registered yet): that JVM never exits by itself, so it is ended here and the row is tried again
    if [[ $rc -eq 86 ]]; then log "  $server $flush $row: client failed before measuring, retrying"; sleep 5; continue; fi
    [[ $rc -eq 0 ]] || log "  WARN: $server $flush $row exited $rc"
    break
  done
  grep '^RESULT ' "$logf" | sed "s/^RESULT {/{\"server\":\"$server\",\"flush\":\"$flush\",\"row\":\"$row\",/" \
    >> "$RAW/results.jsonl" || log "  WARN: no RESULT for $server $flush $row"
}

C=(--size="$SIZE" --seconds="$SECS" --warmup="$WARM" --messages=100000000)
for flush in $FLUSHES; do
  for server in $SERVERS; do
    log "start $server $flush"
    "start_$server" "$flush"
    await_ready "$server" "$flush"
    bench "$server" "$flush" warmup --topic="warm_${flush}" --send=async --threads=1 --size="$SIZE" \
      --seconds="$WARMUP_SECS" --warmup=0 --messages=100000000
    want sync-t1 && bench "$server" "$flush" sync-t1 --topic="t1_$flush" --send=sync --threads=1 "${C[@]}"
    want sync-t16 && bench "$server" "$flush" sync-t16 --topic="t16_$flush" --send=sync --threads=16 "${C[@]}"
    want sync-t64 && bench "$server" "$flush" sync-t64 --topic="t64_$flush" --send=sync --threads=64 "${C[@]}"
    if [[ "$flush" == ASYNC_FLUSH ]]; then
      want latency-idle && bench "$server" "$flush" latency-idle --mode=both --topic=lat_idle --send=sync --threads=1 \
        --rate="$LAT_RATE" "${C[@]}"
      want prefill && bench "$server" "$flush" prefill --topic=drain --send=batch:32 --threads=2 --size="$SIZE" \
        --warmup=0 --messages="$PREFILL" --seconds=300
      want drain && bench "$server" "$flush" drain --mode=consume --topic=drain --group="drain_cg_$server" \
        --messages="$PREFILL" --seconds=300 --idle=10
      # the same backlog again, by a group of its own in POP mode (groups do not share consumption)
      want pop-drain && TOOL="$BUILD_DIR/benchmarks/pop-drain.sh" bench "$server" "$flush" pop-drain --topic=drain \
        --group="pop_cg_$server" --messages="$PREFILL" --seconds=300 --idle=10
    fi
    log "stop $server $flush"
    "stop_$server"
  done
done
trap - EXIT

# ------------------------------------------------------------------------------------------------ report
python3 - "$RAW/results.jsonl" "$REPORT" "$RAW" "$SECS" "$WARM" "$PREFILL" "$LAT_RATE" <<'PY'
import json, sys, os
src, report, raw, secs, warm, prefill, rate = sys.argv[1:8]
rows = {}
for line in open(src):
    r = json.loads(line)
    rows[(r["server"], r["flush"], r["row"])] = r

def num(r, key):
    try:
        return float(r.get(key))
    except (TypeError, ValueError):
        return None

def fmt(v, digits=0):
    return "–" if v is None else f"{v:,.{digits}f}"

def ratio(a, b):
    return "–" if a is None or b is None or b == 0 else f"{a / b:.2f}"

def lat(r, prefix):
    if r is None or r.get(prefix + "_p50_ms") is None:
        return "–"
    return f"{float(r[prefix + '_p50_ms']):.2f} / {float(r[prefix + '_p99_ms']):.2f}"

def cpu(r):
    return "–" if r is None else f"{r.get('broker_cpu_pct', '–')}"

spec = [
    ("ASYNC_FLUSH", "sync-t1", "sync send, 1 thread", "send_msgs_per_s", "send_lat"),
    ("ASYNC_FLUSH", "sync-t16", "sync send, 16 threads", "send_msgs_per_s", "send_lat"),
    ("ASYNC_FLUSH", "sync-t64", "sync send, 64 threads", "send_msgs_per_s", "send_lat"),
    ("SYNC_FLUSH", "sync-t1", "sync send, 1 thread", "send_msgs_per_s", "send_lat"),
    ("SYNC_FLUSH", "sync-t16", "sync send, 16 threads", "send_msgs_per_s", "send_lat"),
    ("SYNC_FLUSH", "sync-t64", "sync send, 64 threads", "send_msgs_per_s", "send_lat"),
    ("ASYNC_FLUSH", "prefill", f"pre-fill {int(prefill):,} (batch of 32, 2 threads)", "send_msgs_per_s", "batch_send_lat"),
    ("ASYNC_FLUSH", "drain", f"push-consumer drain of {int(prefill):,}", "consume_msgs_per_s", None),
    ("ASYNC_FLUSH", "pop-drain", f"POP push-consumer drain of {int(prefill):,}", "consume_msgs_per_s", None),
]
out = []
out.append(f"# Broker benchmark: Apogee MQ vs Apache RocketMQ 5.3.3 ({os.path.basename(raw)[7:]})\n")
out.append("Same machine, same run, same load tool (`shared/bench/rocketmq/bench.sh`, official rocketmq-client 5.3.3, "
           f"{rows and next(iter(rows.values())).get('msg_size', 1024)} B messages); Apache = its namesrv + broker JVMs "
           "(`start-servers.sh`), Apogee = `bin/apogee-standalone` (namesrv + broker in one JVM), both -Xms1g -Xmx1g, "
           f"fresh store per flush mode, {secs} s measured per row after {warm} s client warm-up. "
           "Ratio = Apogee / Apache (throughput: higher is better for us; latency: lower is better for us). "
           "CPU % = server process(es) over the row, % of one core (Apache: broker JVM only).\n")
out.append("| flush | row | Apache msg/s | Apogee msg/s | ratio | Apache p50 / p99 ms | Apogee p50 / p99 ms | p99 ratio | Apache CPU % | Apogee CPU % |")
out.append("|---|---|---|---|---|---|---|---|---|---|")
for flush, row, title, key, lat_prefix in spec:
    a = rows.get(("apache", flush, row)); o = rows.get(("apogee", flush, row))
    if a is None and o is None:
        continue
    # a row that did not get everything (e.g. a POP drain short of its backlog) is FAILED, not a figure
    av = num(a, key) if a and not a.get("error") else None; ov = num(o, key) if o and not o.get("error") else None
    al = lat(a, lat_prefix) if lat_prefix else "–"; ol = lat(o, lat_prefix) if lat_prefix else "–"
    p99r = ratio(num(o, lat_prefix + "_p99_ms") if o and lat_prefix else None,
                 num(a, lat_prefix + "_p99_ms") if a and lat_prefix else None)
    ac = "FAILED" if a and a.get("error") else fmt(av); oc = "FAILED" if o and o.get("error") else fmt(ov)
    out.append(f"| {flush} | {title} | {ac} | {oc} | {ratio(ov, av)} | {al} | {ol} | {p99r} | {cpu(a)} | {cpu(o)} |")
a = rows.get(("apache", "ASYNC_FLUSH", "latency-idle")); o = rows.get(("apogee", "ASYNC_FLUSH", "latency-idle"))
if a or o:
    out.append("")
    out.append(f"Send-to-listener (end-to-end) latency, idle: one sync producer thread paced at {rate} msg/s, push consumer "
               "listening (`--mode=both --rate`), ASYNC_FLUSH:\n")
    out.append("| server | e2e p50 ms | e2e p99 ms | e2e p99.9 ms | send p50 / p99 ms | consumed / sent |")
    out.append("|---|---|---|---|---|---|")
    for name, r in (("Apache", a), ("Apogee", o)):
        if r is None:
            continue
        out.append(f"| {name} | {r.get('e2e_lat_p50_ms', '–')} | {r.get('e2e_lat_p99_ms', '–')} | "
                   f"{r.get('e2e_lat_p999_ms', '–')} | {lat(r, 'send_lat')} | {r.get('consumed_measured_msgs', '–')} / {r.get('sent_ok', '–')} |")
    if a and o:
        out.append(f"\nRatio Apogee / Apache: e2e p50 {ratio(num(o, 'e2e_lat_p50_ms'), num(a, 'e2e_lat_p50_ms'))}, "
                   f"p99 {ratio(num(o, 'e2e_lat_p99_ms'), num(a, 'e2e_lat_p99_ms'))}.")
errors = [(k, r.get("send_errors"), r.get("sent_not_ok"), r.get("error_kinds")) for k, r in sorted(rows.items())
          if (r.get("send_errors") or 0) or (r.get("sent_not_ok") or 0)]
pops = [(k, r) for k, r in sorted(rows.items()) if k[2] == "pop-drain"]
if pops:
    out.append("")
    out.append("POP drain: the official `DefaultMQPushConsumer` (20 consume threads, pop batch 32, invisible 60 s), its "
               "group switched to POP with `MQClientAPIImpl.setMessageRequestMode` and `setClientRebalance(false)`, "
               "on the backlog the push-consumer drain read (another group); rate = distinct messages from the first "
               "to the last delivery.\n")
    for k, r in pops:
        out.append(f"- {k[0]}: {r.get('distinct_msgs', '–')} distinct of {r.get('expected_msgs', '–')}, "
                   f"{r.get('redelivered', '–')} delivered again, first message after {r.get('time_to_first_msg_s', '–')} s"
                   + (f", **FAILED: {r['error']}**" if r.get("error") else ""))
out.append("")
if errors:
    out.append("Send errors / non-OK results (counted out of the figures):\n")
    for k, e, n, kinds in errors:
        out.append(f"- {'/'.join(k)}: errors {e}, not OK {n} {kinds or ''}")
out.append("\nMachine during the run (2 cores shared with other builds: compare only the ratios of this run):\n")
out.append("```\n" + open(os.path.join(raw, "env.txt")).read().strip() + "\n```")
busy = [(k, r.get("machine_busy_cpu_pct"), r.get("others_cpu_pct")) for k, r in sorted(rows.items())]
out.append("\nPer-row machine load (busy % of 200, of which other processes %):\n")
for k, m, other in busy:
    out.append(f"- {'/'.join(k)}: {m}, others {other}")
out.append(f"\nRaw client logs and RESULT lines: `benchmarks/results/{os.path.basename(raw)}/`.")
open(report, "w").write("\n".join(out) + "\n")
PY
gzip -f "$RAW"/client-logs/*.log 2>/dev/null || true
log "done in $(( $(date +%s) - T_START )) s: $REPORT"
cat "$REPORT"
