#!/usr/bin/env bash
# The ADF/XML tests check each lead document against the ADF DTD with libxml2's xmllint
# (tests/unit/leads/adf-kit.ts). Install Debian's libxml2-utils when missing and we are allowed
# to (root with apt-get); otherwise say what to do (the tests then skip, except in CI).
set -euo pipefail
command -v xmllint >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian libxml2-utils (xmllint) for the ADF/XML tests..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils >/dev/null
  exit 0
fi
echo "The ADF/XML tests need xmllint: run 'sudo apt-get install -y libxml2-utils'. Without it they are skipped (and fail in CI)." >&2
