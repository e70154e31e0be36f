#!/usr/bin/env bash
# Runs one of the examples against a running broker: bin/apogee-standalone's by default.
#
# Usage: examples/run.sh <ExampleName>      (no argument: list the examples)
#   QueueSendReceive      send three orders to a queue and receive them
#   DurableSubscription   a durable topic subscriber gets what was published while it was offline
#   SharedSubscription    two workers share one topic subscription
#   RequestReply          temporary queue + JMSReplyTo, and QueueRequestor
#   TransactedSession     consume + send in one transaction: rollback, then commit
#   NativeTaggedProducer  the native client's tagged messages, selected by tag by a JMS consumer
#
# Configuration: src/main/resources/jndi.properties (on the class path as target/classes/jndi.properties).
# Environment:
#   APOGEE_URL   broker URL used as java.naming.provider.url (default apogee://127.0.0.1:9876); the same as
#                JAVA_OPT_EXT=-Dapogee.url=...
#   JAVA_HOME    JDK 17+ (default: java on the PATH)
#   JAVA_OPT     JVM options (default -Xmx256m); JAVA_OPT_EXT is added after them
# Exit code: the example's (0 = it got back what it sent).
# Build first, from the checkout root: mvn -q -DskipTests install  (fills examples/target/classes and target/lib)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PACKAGE=dev.apogee.examples
CLASSES="$HERE/target/classes"
LIB="$HERE/target/lib"

die() { echo "examples/run.sh: $*" >&2; exit 2; }

list() {
  echo "examples:"
  sed -n 's/^#   \([A-Z][A-Za-z]*\) .*/  \1/p' "${BASH_SOURCE[0]}"
}

if [[ $# -ne 1 || "$1" == -h || "$1" == --help ]]; then
  echo "usage: examples/run.sh <ExampleName>"; list; exit 2
fi
name="$1"
[[ "$name" =~ ^[A-Z][A-Za-z]*$ ]] || die "not an example name: '$name'"
[[ -f "$CLASSES/${PACKAGE//.//}/$name.class" ]] || { list >&2; die "no example '$name' under $CLASSES (build: mvn -q -DskipTests install)"; }
[[ -d "$LIB" ]] || die "$LIB is missing; build from the checkout root with: mvn -q -DskipTests install"

if [[ -n "${JAVA_HOME:-}" ]]; then JAVA="$JAVA_HOME/bin/java"; else JAVA="$(command -v java || true)"; fi
[[ -n "$JAVA" && -x "$JAVA" ]] || die "no java found; set JAVA_HOME to a JDK 17 or newer"

# shellcheck disable=SC2086  # JAVA_OPT / JAVA_OPT_EXT are deliberately word-split
exec "$JAVA" ${JAVA_OPT:--Xmx256m} ${JAVA_OPT_EXT:-} -cp "$CLASSES:$LIB/*" "$PACKAGE.$name"
