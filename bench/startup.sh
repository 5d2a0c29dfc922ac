#!/usr/bin/env bash
# The one-shot start-up benchmark: `./dsh search --json` against a loopback https SearchPro stub
# (a certificate made for the run, trusted through a copy of the JDK's trust store, so TLS costs
# what it costs against the real service), RUNS times (default 7), in turn with `java -version` as
# the yardstick; prints the median CPU (user + system) and wall seconds of each, and their ratios.
# Whole-process figures: the launcher's own work (staleness check, class-data-sharing archive) is
# counted.
#
#   bench/startup.sh [RUNS] [OTHER_CHECKOUT]
#
# With OTHER_CHECKOUT (another checkout of this repository, e.g. a `git worktree` of the commit
# before a change), its `./dsh` searches too, in turn with this one's, against the same stub and
# with a home of its own: an A/B in one sitting, where the machine's load moves both alike.
#
# One unmeasured warm-up search comes first: it builds the distribution if it is stale and lets the
# launcher make its class-data-sharing archive, as the first command after a build does.
set -euo pipefail

runs="${1:-7}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/startup.sh [RUNS] [OTHER_CHECKOUT]" >&2; exit 2; }
other="${2:-}"
if [ -n "$other" ]; then
  [ -x "$other/dsh" ] || { echo "bench/startup.sh: $other has no ./dsh" >&2; exit 2; }
  other="$(cd "$other" && pwd)"
fi

root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
dsh="$root/dsh"
body="$root/yuanbao-plugin/src/bench/searchpro-50.json"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# A key is needed, never sent anywhere but the stub.
export TENCENTCLOUD_WSA_APIKEY="bench-placeholder-key"
home="$work/home"

# The stub's certificate for 127.0.0.1, and the JDK's trust store with it added.
keytool -genkeypair -keystore "$work/stub.p12" -storetype PKCS12 -storepass changeit -alias stub \
  -keyalg EC -dname CN=127.0.0.1 -ext SAN=ip:127.0.0.1 -validity 2 2>/dev/null
java_home="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
cp "$java_home/lib/security/cacerts" "$work/trust.p12"
keytool -exportcert -keystore "$work/stub.p12" -storepass changeit -alias stub -rfc 2>/dev/null |
  keytool -importcert -keystore "$work/trust.p12" -storepass changeit -alias dsh-bench-stub -noprompt >/dev/null 2>&1
export DSH_JAVA_OPTS="-Djavax.net.ssl.trustStore=$work/trust.p12 -Djavax.net.ssl.trustStorePassword=changeit ${DSH_JAVA_OPTS:-}"

start_stub() {
  # The stub reads its standard input until it closes: fd 3 stays open until this script exits.
  exec 3> >(exec java "$root/bench/SearchProStub.java" "$body" "$work/stub.p12" >"$work/stub-url")
  local i
  for i in $(seq 1 300); do
    [ -s "$work/stub-url" ] && return 0
    sleep 0.1
  done
  echo "bench/startup.sh: the stub did not start" >&2
  exit 1
}

# prepare_home CHECKOUT HOME: the checkout's own plugin installed, its row aimed at the stub.
prepare_home() {
  "$1/dsh" --home "$2" plugin add "$1/host-demo/target/dist/bundled-plugins/dsh-web-search-yuanbao.jar" >/dev/null
  mkdir -p "$2/profiles/default"
  printf -- '- id: web-search-yuanbao\n  config: {baseURL: "%s"}\n' "$(head -n 1 "$work/stub-url")" \
    >"$2/profiles/default/cordis.patch.yml"
}

# warm_up CHECKOUT HOME: one unmeasured search, which must print results.
warm_up() {
  "$1/dsh" --home "$2" search --json DeepSeek >"$work/warmup.json"
  grep -q '"sources"' "$work/warmup.json" || {
    echo "bench/startup.sh: the warm-up search of $1 printed no results:" >&2; cat "$work/warmup.json" >&2; exit 1; }
}

# Appends "wall cpu" of one run of the command to the file named first.
measure() {
  local file="$1"; shift
  local TIMEFORMAT='%R %U %S' line
  line="$( { time "$@" >/dev/null 2>"$work/last-stderr" ; } 2>&1 )" || {
    echo "bench/startup.sh: '$*' failed:" >&2; cat "$work/last-stderr" >&2; exit 1; }
  awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' <<<"$line" >>"$file"
}

# The median of column $2 of file $1.
median() {
  sort -n -k"$2","$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END {
    if (NR % 2) printf "%.3f", v[(NR + 1) / 2]; else printf "%.3f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# A build, if the sources changed, happens here, before the stub and outside the figures.
"$dsh" --version >/dev/null
[ -z "$other" ] || "$other/dsh" --version >/dev/null
start_stub
prepare_home "$root" "$home"
warm_up "$root" "$home"
if [ -n "$other" ]; then
  prepare_home "$other" "$work/other-home"
  warm_up "$other" "$work/other-home"
fi

for _ in $(seq 1 "$runs"); do
  measure "$work/dsh" "$dsh" --home "$home" search --json DeepSeek
  [ -z "$other" ] || measure "$work/other" "$other/dsh" --home "$work/other-home" search --json DeepSeek
  measure "$work/java" java -version
done

dsh_cpu="$(median "$work/dsh" 2)"; dsh_wall="$(median "$work/dsh" 1)"
java_cpu="$(median "$work/java" 2)"; java_wall="$(median "$work/java" 1)"
echo "runs: $runs each, in turn; nproc $(nproc); load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-34s %8s %8s\n' "median of" "cpu s" "wall s"
printf '%-34s %8s %8s\n' "dsh search --json (loopback stub)" "$dsh_cpu" "$dsh_wall"
printf '%-34s %8s %8s\n' "java -version" "$java_cpu" "$java_wall"
awk -v a="$dsh_cpu" -v b="$java_cpu" -v c="$dsh_wall" -v d="$java_wall" \
  'BEGIN { printf "%-34s %8.1f %8.1f\n", "ratio", a / b, c / d }'
if [ -n "$other" ]; then
  other_cpu="$(median "$work/other" 2)"; other_wall="$(median "$work/other" 1)"
  printf '%-34s %8s %8s\n' "the same, OTHER_CHECKOUT" "$other_cpu" "$other_wall"
  awk -v a="$dsh_cpu" -v b="$other_cpu" -v c="$dsh_wall" -v d="$other_wall" \
    'BEGIN { printf "%-34s %8.2f %8.2f\n", "this / OTHER_CHECKOUT", a / b, c / d }'
fi
