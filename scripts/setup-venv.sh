#!/usr/bin/env bash
# Creates .venv (once) and installs bangbot into it; `setup-venv.sh test` adds the test tools. Quiet unless it fails.
set -euo pipefail
cd "$(dirname "$0")/.."
extras=${1:-}
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
version=$(sha1sum pyproject.toml | cut -c1-12)
stamp=.venv/.installed${extras:+-$extras}-$version
if [ ! -f "$stamp" ]; then
    find .venv -maxdepth 1 -name '.installed*' ! -name "*-$version" -delete
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".${extras:+[$extras]}"
    touch "$stamp" ".venv/.installed-$version"
fi
