#!/usr/bin/env bash
# How soon `./dsh mcp` answers a client's `initialize`: the time from starting the
# process to reading the answer line, the request written at once as an MCP client does; RUNS
# times (default 7), in turn with `java -version` as the yardstick; prints the medians and their
# ratio. The home has the Yuanbao plugin installed, so the host boots as a client's would.
#
#   bench/mcp-start.sh [RUNS]
#
# One unmeasured warm-up session comes first: it builds the distribution if it is stale and lets
# the launcher make its class-data-sharing archive, as the first command after a build does.
set -euo pipefail

runs="${1:-7}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/mcp-start.sh [RUNS]" >&2; exit 2; }

root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
dsh="$root/dsh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
home="$work/home"
initialize='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}'

# Seconds from start to the answer of one session; the session is then ended by closing its input.
session() {
  local start end line
  start="$(date +%s%N)"
  coproc MCP { exec "$dsh" --home "$home" mcp 2>>"$work/stderr"; }
  printf '%s\n' "$initialize" >&"${MCP[1]}"
  IFS= read -r line <&"${MCP[0]}" || line=""
  end="$(date +%s%N)"
  local pid="$MCP_PID"
  exec {MCP[1]}>&-
  wait "$pid" || true
  [[ "$line" == *'"id":1,"result"'* ]] || {
    echo "bench/mcp-start.sh: no initialize answer: '$line'" >&2; cat "$work/stderr" >&2; exit 1; }
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", (e - s) / 1e9 }'
}

java_version() {
  local start end
  start="$(date +%s%N)"
  java -version 2>/dev/null
  end="$(date +%s%N)"
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.3f\n", (e - s) / 1e9 }'
}

median() {
  sort -n "$1" | awk '{ v[NR] = $1 } END {
    if (NR % 2) printf "%.3f", v[(NR + 1) / 2]; else printf "%.3f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# A build, if the sources changed, happens here, outside the figures.
"$dsh" --version >/dev/null
"$dsh" --home "$home" plugin add "$root/host-demo/target/dist/bundled-plugins/dsh-web-search-yuanbao.jar" >/dev/null
session >/dev/null

for _ in $(seq 1 "$runs"); do
  session >>"$work/mcp"
  java_version >>"$work/java"
done

mcp="$(median "$work/mcp")"; java="$(median "$work/java")"
echo "runs: $runs each, in turn; nproc $(nproc); load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-40s %8s\n' "median of" "wall s"
printf '%-40s %8s\n' "dsh mcp: start to initialize answer" "$mcp"
printf '%-40s %8s\n' "java -version" "$java"
awk -v a="$mcp" -v b="$java" 'BEGIN { printf "%-40s %8.1f\n", "ratio", a / b }'
