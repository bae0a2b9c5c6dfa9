#!/usr/bin/env bash
# The API tests also run on a real PostgreSQL server they start themselves
# (tests/setup/postgres.ts). Install Debian's server when missing and we are allowed to
# (root with apt-get); otherwise say that the PostgreSQL half of the API tests will be skipped.
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian postgresql for the API tests..."
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  exit 0
fi
echo "No PostgreSQL server binaries: the API tests' PostgreSQL half will be skipped. Install them with 'sudo apt-get install -y postgresql'." >&2
