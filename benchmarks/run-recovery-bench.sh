#!/usr/bin/env bash
# Recovery time against store size: builds a store to each size, then measures the store's open time and a real
# broker's process-start-to-port after a clean shutdown and after a kill -9 under load. See --help and
# benchmarks/README.md. Writes benchmarks/results/recovery-<UTC time>.md.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  cat <<'HELP'
usage: run-recovery-bench.sh [options]
Starts a broker on an empty store, then builds a store to each size (ascending, growing the same
store) and measures recovery: the store's
open time (the broker's STORE-OPEN line) and process-start-to-port of a real broker (BrokerStartup), after
a clean shutdown and after a kill -9 of a process writing to the store at full speed.
  --sizes=1,10,30           commit-log sizes in GiB, ascending (default 1,10,30)
  --dir=PATH                data directory, deleted at the end unless --keep (default
                            /tmp/apogee-recovery-bench)
  --runs=N                  measurements of each case at each size (default 1)
  --load-seconds=S          seconds the writer appends before its kill -9 (default 3)
  --flush=MODE              SYNC_FLUSH or ASYNC_FLUSH, for the broker and the killed writer (default
                            SYNC_FLUSH)
  --message-bytes=N         message body size, 16..1048576 (default 4096)
  --out=DIR                 where the results file goes (default benchmarks/results)
  --drop-caches             drop the page cache before each start (root; cold-cache figures)
  --keep                    keep the data directory
  --java-opts='OPTS'        the broker's JVM options (default bin/mqbroker's: -Xms1g -Xmx1g
                            -XX:+UseG1GC -XX:MaxDirectMemorySize=2g; add -XX:+AlwaysPreTouch for
                            APOGEE_PRETOUCH=true)
  -h, --help                this text
Needs free disk for the largest size plus a few GiB (check df); one measurement at a time, nothing else heavy.
HELP
}

bad() { echo "run-recovery-bench: $*" >&2; exit 2; }
is_int() { [[ "$1" =~ ^[0-9]+$ ]]; }

ARGS=()
for a in "$@"; do
  case "$a" in
    -h|--help) usage; exit 0 ;;
    --sizes=*) v="${a#*=}"; [[ "$v" =~ ^[0-9]+(,[0-9]+)*$ ]] || bad "--sizes must be GiB numbers like 1,10,30, got '$v'" ;;
    --runs=*|--load-seconds=*|--message-bytes=*) is_int "${a#*=}" || bad "${a%%=*} must be a whole number, got '${a#*=}'" ;;
    --flush=SYNC_FLUSH|--flush=ASYNC_FLUSH) ;;
    --flush=*) bad "--flush must be SYNC_FLUSH or ASYNC_FLUSH, got '${a#*=}'" ;;
    --dir=?*|--out=?*|--java-opts=?*) ;;
    --drop-caches|--keep) ;;
    *) bad "unknown option '$a' (see --help)" ;;
  esac
  ARGS+=("$a")
done

# Timed parts of the server benchmarks never overlap: the whole run holds /tmp/bench.lock (LOCK_WAIT_S, 3600).
if [[ "${BENCH_LOCK_HELD:-0}" != 1 ]]; then
  echo "waiting for /tmp/bench.lock since $(date -u +%T)" >&2
  export BENCH_LOCK_HELD=1
  exec flock -w "${LOCK_WAIT_S:-3600}" /tmp/bench.lock "$0" "$@"
fi

# Maven arguments (e.g. -Dmaven.repo.local=...) come from MAVEN_OPTS. Other modules' test sources may be mid-change:
# if compiling them fails, build again without them.
mvn -q -ntp -DskipTests package -pl benchmarks -am \
  || { echo "retrying the build with -Dmaven.test.skip=true" >&2; mvn -q -ntp -Dmaven.test.skip=true package -pl benchmarks -am; }
exec java -Xms256m -Xmx256m -cp "benchmarks/target/classes:benchmarks/target/lib/*" \
  dev.apogee.benchmarks.recovery.RecoveryBench ${ARGS[@]+"${ARGS[@]}"}
