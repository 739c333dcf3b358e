#!/usr/bin/env bash
# Installs the PostgreSQL server from Debian's packages when it is missing (the tests start their own).
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "PostgreSQL is missing and cannot be installed here; the PostgreSQL tests will say so." >&2
    exit 0
fi
echo "== installing PostgreSQL"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
