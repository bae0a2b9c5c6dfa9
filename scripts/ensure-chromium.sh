#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (no browser download). Install it when missing
# and we are allowed to (root with apt-get); otherwise say what to do.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$CHROMIUM" ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian chromium for the browser tests..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "Browser tests need Chromium at $CHROMIUM: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH)." >&2
exit 1
