#!/usr/bin/env bash
# The console's browser test: dsh serve with a stub SearchPro, driven in headless Chromium
# (playwright-core, axe-core). One command; on its first run it installs what it needs from the
# package registries: the npm packages of package-lock.json (npm ci), and Chromium from Debian's
# packages (apt-get, as root), else from the npm registry (@sparticuz/chromium).
# `run.sh --harness` runs only the harness's own test (stub, home, dsh serve, Chromium), which
# needs no console; other arguments go to `node --test`. Screenshots land in docs/console/
# (SCREENSHOTS=DIR to put them elsewhere).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="${here%/*}"
cd "$here"

command -v node >/dev/null || { echo "console-test: node (20 or later) is needed" >&2; exit 2; }

# npm ci again only when the lock file changed since the last install.
if ! [ -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "console-test: npm ci" >&2
  npm ci --no-audit --no-fund --loglevel=error
fi

apt_usable() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; }
apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then apt-get update -qq >/dev/null && apt_updated=1 || return 1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# Chromium: CHROMIUM_PATH, else Debian's, installed when missing and apt can be used, else npm's.
if [ -z "${CHROMIUM_PATH:-}" ] && ! [ -x /usr/bin/chromium ]; then
  if apt_usable; then
    echo "console-test: installing Debian's chromium" >&2
    apt_install chromium ||
      echo "console-test: apt-get could not install chromium; trying @sparticuz/chromium" >&2
  fi
  if ! [ -x /usr/bin/chromium ] && ! [ -d node_modules/@sparticuz/chromium ]; then
    echo "console-test: installing @sparticuz/chromium from npm" >&2
    npm install --no-save --no-audit --no-fund --loglevel=error @sparticuz/chromium@153.0.0
  fi
fi

# A Chinese font, or the Chinese page's screenshot shows boxes (the test itself reads text, not
# pixels, so it runs on without one).
if apt_usable && command -v fc-list >/dev/null && [ -z "$(fc-list :lang=zh)" ]; then
  echo "console-test: installing a Chinese font (fonts-wqy-microhei)" >&2
  apt_install fonts-wqy-microhei || echo "console-test: no Chinese font could be installed" >&2
fi

# The distribution and the plugin jar: ./dsh builds itself when its sources changed; the jar is
# built here only when no build left one (after `mvn verify` both are there).
if ! compgen -G "$root/yuanbao-plugin/target/dsh-web-search-yuanbao-*.jar" >/dev/null; then
  echo "console-test: building with Maven (no plugin jar in yuanbao-plugin/target)" >&2
  (cd "$root" && mvn -B -ntp -q -DskipTests package)
fi

tests=(harness.test.mjs console.test.mjs)
if [ "${1:-}" = --harness ]; then
  shift
  tests=(harness.test.mjs)
fi
exec node --test --test-concurrency=1 --test-timeout=150000 "$@" "${tests[@]}"
