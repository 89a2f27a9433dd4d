#!/usr/bin/env bash
# The Debian packages the browser tests need besides .venv and node_modules: Chromium
# (tools/browser.py drives /usr/bin/chromium; a font for its text) and nginx-light
# (tests/e2e/test_static_host.py serves dist/ with it). `make test` and `make e2e` run
# this first, so a fresh machine needs nothing more than the README says: what is
# missing is installed with apt-get when it can be (as root, or through a sudo that asks
# for no password); otherwise this stops at once, naming the one command to run.
# OMEN_CHROMIUM and OMEN_NGINX name other paths to look for (tests/unit/test_system_packages.py).
set -euo pipefail

chromium=${OMEN_CHROMIUM:-/usr/bin/chromium}
nginx=${OMEN_NGINX:-/usr/sbin/nginx}
missing=()
[ -x "$chromium" ] || missing+=(chromium fonts-dejavu-core)
[ -x "$nginx" ] || { [ -z "${OMEN_NGINX:-}" ] && [ -x /usr/bin/nginx ]; } || missing+=(nginx-light)
[ ${#missing[@]} -gt 0 ] || exit 0

wanted="${missing[*]}"
if [ "$(id -u)" = 0 ]; then
  as=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  as=(sudo)
else
  echo "The browser tests need Debian's $wanted. Run this once, then make test again:" >&2
  echo "  sudo sh -c 'apt-get update && apt-get install -y $wanted'" >&2
  exit 1
fi
command -v apt-get >/dev/null || {
  echo "The browser tests need Debian's $wanted, and apt-get is not here to install them." >&2
  exit 1
}
echo "Installing Debian's $wanted for the browser tests"
"${as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${as[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
