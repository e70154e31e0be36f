# Shared by the launch scripts in bin/ (sourced, not run): option checking, --help, java and classpath lookup,
# foreground/--daemon start with a pid file. One copy, so that every script behaves the same.
#
# The sourcing script sets:
#   SCRIPT         its own path (its header comment is its --help text)
#   PROG           the name in its messages (mqbroker, mqnamesrv, apogee-standalone, apogee-demo)
#   NAME           stem of its log, .out and .pid files (broker, namesrv, standalone); empty for a client tool
#   MAIN           the Java main class
#   MODULES        module:artifact pairs whose target/ jars go first on the classpath
#   VALUE_OPTIONS  options that take a value, e.g. "-c -n -p"
#   FLAG_OPTIONS   options without a value that the Java side handles, e.g. "--acl"
#   DAEMON_OPTION  true when the script accepts --daemon
#   STARTED_MARKER the log line id that means "serving" (BROKER-STARTED …), for --daemon
#   DEFAULT_JAVA_OPT, DEFAULT_PRETOUCH (true|false), JAVA_PROPS (extra -D options, an array; may be empty)

APOGEE_HOME="${APOGEE_HOME:-$(cd "$(dirname "$SCRIPT")/.." && pwd)}"
APOGEE_LOG_DIR="${APOGEE_LOG_DIR:-$APOGEE_HOME/logs}"
APOGEE_PID_DIR="${APOGEE_PID_DIR:-$APOGEE_LOG_DIR}"

die() { echo "$PROG: $*" >&2; exit 1; }
usage_error() { echo "$PROG: $*; see $PROG --help" >&2; exit 2; }

# The script's header comment, without the '#' (everything from line 2 to the first line that is not a comment).
print_help() { awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$SCRIPT"; }

# Checks the command line before a JVM starts: --help prints the header and exits 0; an unknown option or an option
# without its value is one line and exit code 2. Sets DAEMON (true|false) and ARGS (what goes to the Java main).
parse_options() {
  DAEMON=false
  ARGS=()
  while (( $# > 0 )); do
    local arg="$1"
    shift
    case " $VALUE_OPTIONS " in
      *" $arg "*)
        (( $# > 0 )) || usage_error "option $arg needs a value"
        ARGS+=("$arg" "$1")
        shift
        continue ;;
    esac
    case "$arg" in
      -h|--help) print_help; exit 0 ;;
      --daemon)
        [[ "${DAEMON_OPTION:-false}" == true ]] || usage_error "unknown option '$arg'"
        DAEMON=true ;;
      *)
        case " ${FLAG_OPTIONS:-} " in
          *" $arg "*) ARGS+=("$arg") ;;
          *) usage_error "unknown option '$arg'" ;;
        esac ;;
    esac
  done
}

has_arg() {  # has_arg -c: whether ARGS holds that option
  local arg
  for arg in ${ARGS[@]+"${ARGS[@]}"}; do [[ "$arg" == "$1" ]] && return 0; done
  return 1
}

find_java() {
  if [[ -n "${JAVA_HOME:-}" ]]; then JAVA="$JAVA_HOME/bin/java"; else JAVA="$(command -v java || true)"; fi
  [[ -n "$JAVA" && -x "$JAVA" ]] || die "no java found; set JAVA_HOME to a JDK 17 or newer"
}

# Module jars from <module>/target (fresh builds) first, then the third-party jars of standalone/target/lib
# (its copies of our own jars are skipped when the module jar exists, and so are our jars of other modules: a
# broker's classpath holds no name server jar), else a distribution lib/.
build_classpath() {
  if [[ -n "${APOGEE_CLASSPATH:-}" ]]; then CLASSPATH_STR="$APOGEE_CLASSPATH"; return; fi
  local entry module artifact jar found base skip lib_dir="$APOGEE_HOME/standalone/target/lib"
  local have=()
  CLASSPATH_STR=""
  shopt -s nullglob
  for entry in "${MODULES[@]}"; do
    module="${entry%%:*}"; artifact="${entry#*:}"
    found=""
    for jar in "$APOGEE_HOME/$module"/target/"$artifact"-*.jar; do
      case "$jar" in *-sources.jar|*-tests.jar|*-javadoc.jar) ;; *) found="$jar" ;; esac
    done
    if [[ -n "$found" ]]; then
      CLASSPATH_STR="${CLASSPATH_STR:+$CLASSPATH_STR:}$found"; have+=("$artifact")
    fi
  done
  if [[ -d "$lib_dir" ]]; then
    for jar in "$lib_dir"/*.jar; do
      base="$(basename "$jar")"
      if [[ "$base" == apogee-* ]]; then
        skip=true
        for entry in "${MODULES[@]}"; do
          artifact="${entry#*:}"
          if [[ "$base" == "$artifact"-[0-9]* ]]; then skip=false; fi
        done
        for artifact in ${have[@]+"${have[@]}"}; do
          if [[ "$base" == "$artifact"-[0-9]* ]]; then skip=true; fi
        done
        [[ "$skip" == true ]] && continue
      fi
      CLASSPATH_STR="${CLASSPATH_STR:+$CLASSPATH_STR:}$jar"
    done
  elif [[ -d "$APOGEE_HOME/lib" ]]; then
    CLASSPATH_STR="$APOGEE_HOME/lib/*"
  else
    CLASSPATH_STR=""
  fi
  shopt -u nullglob
  [[ -n "$CLASSPATH_STR" ]] || die "jars not found under $APOGEE_HOME/standalone/target/lib or $APOGEE_HOME/lib; build them with: mvn -q -DskipTests install"
}

# JVM options: JAVA_OPT (or the script's defaults), -XX:+AlwaysPreTouch when APOGEE_PRETOUCH (default: the
# script's DEFAULT_PRETOUCH) is true, then JAVA_OPT_EXT. Sets JVM_OPTS (an array).
jvm_options() {
  local pretouch="${APOGEE_PRETOUCH:-${DEFAULT_PRETOUCH:-false}}"
  case "$pretouch" in
    true|false) ;;
    *) die "bad value '$pretouch' for APOGEE_PRETOUCH (allowed: true, false)" ;;
  esac
  # shellcheck disable=SC2206  # JAVA_OPT / JAVA_OPT_EXT are deliberately word-split
  JVM_OPTS=(${JAVA_OPT:-$DEFAULT_JAVA_OPT})
  [[ "$pretouch" == true ]] && JVM_OPTS+=(-XX:+AlwaysPreTouch)
  JVM_OPTS+=(-XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath="$APOGEE_LOG_DIR"
    -Dapogee.home="$APOGEE_HOME" -Dapogee.log.dir="$APOGEE_LOG_DIR" ${JAVA_PROPS[@]+"${JAVA_PROPS[@]}"})
  # shellcheck disable=SC2206
  JVM_OPTS+=(${JAVA_OPT_EXT:-})
}

running_pid() {  # prints the pid from the pid file if that process is alive and is ours
  [[ -f "$PID_FILE" ]] || return 1
  local pid; pid="$(tr -dc '0-9' < "$PID_FILE")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -q "$MAIN" \
    && echo "$pid"
}

# Runs the server: in the foreground (exec, the pid file names this process), or with --daemon in the background,
# waiting (bounded by APOGEE_START_TIMEOUT, default 60 s) for STARTED_MARKER or for the process to end.
launch_server() {
  PID_FILE="$APOGEE_PID_DIR/$NAME.pid"
  local out_file="$APOGEE_LOG_DIR/$NAME.out"
  find_java
  build_classpath
  jvm_options
  mkdir -p "$APOGEE_LOG_DIR" "$APOGEE_PID_DIR"
  local cmd=("$JAVA" "${JVM_OPTS[@]}" -cp "$CLASSPATH_STR" "$MAIN" ${ARGS[@]+"${ARGS[@]}"})

  if [[ "$DAEMON" == false ]]; then
    # the pid file names this process (exec keeps the pid) unless another live instance owns it
    if ! running_pid > /dev/null; then echo $$ > "$PID_FILE"; fi
    exec "${cmd[@]}"
  fi

  # --daemon: append to the .out file and read only what this start wrote
  local start_offset pid rc reason i timeout_s="${APOGEE_START_TIMEOUT:-60}"
  [[ "$timeout_s" =~ ^[0-9]+$ ]] || die "bad value '$timeout_s' for APOGEE_START_TIMEOUT (allowed: seconds, an integer)"
  start_offset=$(stat -c %s "$out_file" 2>/dev/null || echo 0)
  nohup "${cmd[@]}" >> "$out_file" 2>&1 < /dev/null &
  pid=$!
  new_output() { tail -c +"$((start_offset + 1))" "$out_file" 2>/dev/null || true; }
  for ((i = 0; i < timeout_s * 10; i++)); do
    if new_output | grep -q "$STARTED_MARKER"; then
      echo "$pid" > "$PID_FILE"
      echo "$PROG: started (pid $pid): $(new_output | grep -o "$STARTED_MARKER.*" | head -1)"
      echo "$PROG: log $APOGEE_LOG_DIR/$NAME.log, stop with: $APOGEE_HOME/bin/mqshutdown $NAME"
      exit 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      rc=0; wait "$pid" || rc=$?
      reason="$(new_output | grep "^$PROG:" || true)"
      echo "${reason:-$PROG: exited with code $rc during startup; see $out_file}" >&2
      exit $(( rc == 0 ? 1 : rc ))
    fi
    sleep 0.1
  done
  echo "$PROG: not serving after ${timeout_s} s (pid $pid still running); see $out_file" >&2
  exit 1
}
