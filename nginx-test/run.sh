#!/usr/bin/env bash
# Three `dsh serve --stateless` replicas of the built distribution behind a real nginx, configured
# with the block docs/serve.md shows. A console sign-in holds across 20 page loads; then 200 MCP
# tools/call and 200 /api/search calls go round robin while one replica is stopped with SIGTERM,
# and none may fail. Installs nginx with apt-get when it is missing.
#
#   nginx-test/run.sh        (after `mvn -B -ntp package`)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dsh="$root/host-demo/target/dist/bin/dsh"
fail() { echo "nginx-test: $*" >&2; exit 1; }
[ -x "$dsh" ] || { echo "nginx-test: no distribution: run 'mvn -B -ntp package' first" >&2; exit 2; }
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq nginx-light >/dev/null 2>&1 \
    || { apt-get update -qq >/dev/null && apt-get install -y -qq nginx-light >/dev/null; } \
    || fail "nginx is missing and apt-get could not install it: install nginx, then run again"
fi
nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"

work="$(mktemp -d)"
pids=()
nginx_pid=
cleanup() {
  # nginx's master stops its workers; a killed master would leave them holding our stdout.
  [ -z "$nginx_pid" ] || { kill -QUIT "$nginx_pid" 2>/dev/null; wait "$nginx_pid" 2>/dev/null; }
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

head -c 48 /dev/urandom | base64 | tr -d '/+=\n' > "$work/token"
chmod 600 "$work/token"
token="$(cat "$work/token")"
name=dsh.example.com

ports=()
for i in 1 2 3; do
  "$dsh" --home "$work/home$i" --profile demo serve --stateless --port 0 \
    --token-file "$work/token" --allowed-host "$name" --trusted-proxy 127.0.0.1 \
    2> "$work/replica$i.log" &
  pids+=($!)
done
for i in 1 2 3; do
  for _ in $(seq 600); do
    port="$(sed -n 's|^dsh: serving http://127\.0\.0\.1:\([0-9]*\) .*|\1|p' "$work/replica$i.log")"
    [ -n "$port" ] && curl -sf "http://127.0.0.1:$port/readyz" >/dev/null && break
    sleep 0.2
  done
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null || fail "replica $i is not ready"
  ports+=("$port")
done

# nginx on a free port, with the documented block and these replicas' ports.
listen=18080
while (exec 3<>"/dev/tcp/127.0.0.1/$listen") 2>/dev/null; do listen=$((listen + 1)); done
mkdir -p "$work/nginx"
sed -n '/^```nginx$/,/^```$/p' "$root/docs/serve.md" | sed '1d;$d' \
  | sed -e "s/10\.0\.0\.11:8719/127.0.0.1:${ports[0]}/; s/10\.0\.0\.12:8719/127.0.0.1:${ports[1]}/" \
        -e "s/10\.0\.0\.13:8719/127.0.0.1:${ports[2]}/; s/listen 80;/listen 127.0.0.1:$listen;/" \
  > "$work/nginx/dsh.conf"
grep -q "127.0.0.1:${ports[2]}" "$work/nginx/dsh.conf" || fail "docs/serve.md has no nginx block"
cat > "$work/nginx/nginx.conf" <<EOF
$( [ "$(id -u)" = 0 ] && echo "user root;" )
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events {}
http {
    access_log $work/nginx/access.log;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    include $work/nginx/dsh.conf;
}
EOF
"$nginx_bin" -p "$work/nginx" -c "$work/nginx/nginx.conf" &
nginx_pid=$!
base="http://127.0.0.1:$listen"
for _ in $(seq 100); do curl -s -o /dev/null "$base/healthz" && break; sleep 0.1; done

# The console: signed in once, still signed in on every page load.
signin="$(curl -s -m 60 -c "$work/cookies" -H "Host: $name" -H 'Content-Type: application/json' \
  -d "{\"token\":\"$token\"}" -w '%{http_code}' -o /dev/null "$base/api/session")"
[ "$signin" = 200 ] || fail "console sign-in answered $signin"
for i in $(seq 20); do
  page="$(curl -s -m 60 -b "$work/cookies" -H "Host: $name" -o /dev/null -w '%{http_code}' "$base/")"
  state="$(curl -s -m 60 -b "$work/cookies" -H "Host: $name" "$base/api/session")"
  [ "$page" = 200 ] && [[ "$state" == *'"signedIn":true'* ]] \
    || fail "page load $i: the console answered $page, $state"
done

# 400 calls with the bearer token, four at a time; replica 2 gets SIGTERM halfway.
call() {
  local kind="$1" n="$2" out code
  out="$work/out/$kind-$n"
  if [ "$kind" = mcp ]; then
    code="$(curl -s -m 60 -o "$out" -w '%{http_code}' -H "Host: $name" -H "Authorization: Bearer $token" \
      -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
      -d "{\"jsonrpc\":\"2.0\",\"id\":$n,\"method\":\"tools/call\",\"params\":{\"name\":\"web_search\",\"arguments\":{\"queries\":[\"DeepSeek $n\"]}}}" \
      "$base/mcp")"
    [ "$code" = 200 ] && grep -q '"isError":false' "$out" && return
  else
    code="$(curl -s -m 60 -o "$out" -w '%{http_code}' -H "Host: $name" -H "Authorization: Bearer $token" \
      -H 'Content-Type: application/json' -d "{\"query\":\"DeepSeek $n\"}" "$base/api/search")"
    [ "$code" = 200 ] && grep -q '"sources":\[{' "$out" && return
  fi
  echo "$kind $n: $code $(head -c 300 "$out")" >> "$work/failures"
}
export -f call
export work name token base
mkdir "$work/out"
for n in $(seq 200); do echo "mcp $n"; echo "api $n"; done \
  | xargs -P 4 -n 2 bash -c 'call "$0" "$1"' &
load=$!
while [ "$(ls "$work/out" | wc -l)" -lt 200 ] && kill -0 "$load" 2>/dev/null; do sleep 0.05; done
kill -TERM "${pids[1]}"
wait "$load"
wait "${pids[1]}" || fail "replica 2 exited $? after SIGTERM"

[ ! -s "$work/failures" ] || fail "$(wc -l < "$work/failures") of 400 calls failed: $(head -5 "$work/failures")"
[ "$(ls "$work/out" | wc -l)" = 400 ] || fail "only $(ls "$work/out" | wc -l) of 400 calls ran"
for i in 1 2 3; do
  served="$(grep -c '^dsh: http 127\.0\.0\.1 POST /\(mcp\|api/search\) 200 ' "$work/replica$i.log" || true)"
  [ "$served" -gt 0 ] || fail "replica $i answered no call: the calls were not spread"
  echo "nginx-test: replica $i answered $served calls"
done
grep -q '^dsh: draining' "$work/replica2.log" || fail "replica 2 did not drain"
echo "nginx-test: 400 calls through nginx, replica 2 stopped halfway, 0 failed; console kept its session over 20 page loads"
