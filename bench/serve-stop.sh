#!/usr/bin/env bash
# Seconds from SIGTERM to exit of an idle `dsh serve --profile demo` that holds one idle keep-alive
# connection on which the token was shown, RUNS times (default 5); prints each and the median.
#
#   bench/serve-stop.sh [RUNS]        (after `mvn -B -ntp package`)
set -euo pipefail
runs="${1:-5}"
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/serve-stop.sh [RUNS]" >&2; exit 2; }
root="$(cd "$(dirname "$0")/.." && pwd)"
dsh="$root/host-demo/target/dist/bin/dsh"
[ -x "$dsh" ] || { echo "bench/serve-stop.sh: run 'mvn -B -ntp package' first" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
head -c 48 /dev/urandom | base64 | tr -d '/+=\n' > "$work/token"
chmod 600 "$work/token"

for _ in $(seq "$runs"); do
  "$dsh" --home "$work/home" --profile demo serve --port 0 --token-file "$work/token" \
    2> "$work/err" &
  pid=$!
  port=
  for _ in $(seq 300); do
    port="$(sed -n 's|^dsh: serving http://127\.0\.0\.1:\([0-9]*\) .*|\1|p' "$work/err")"
    [ -n "$port" ] && curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break
    sleep 0.2
  done
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf 'GET /api/status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %s\r\n\r\n' \
    "$(cat "$work/token")" >&3
  read -r status <&3
  [[ "$status" == "HTTP/1.1 200"* ]] || { echo "bench: /api/status answered $status" >&2; exit 1; }
  start="$(date +%s%N)"
  kill -TERM "$pid"
  wait "$pid"
  echo "$(( ($(date +%s%N) - start) / 1000000 ))"
  exec 3>&-
done | sort -n | awk '{ms[NR] = $1; printf "%.3f s\n", $1 / 1000}
  END {printf "median %.3f s\n", ms[int((NR + 1) / 2)] / 1000}'
