#!/usr/bin/env bash
# The whole test suite: sets up .venv with the test tools, then lint (ruff), types (mypy, strict on the core), tests (pytest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh test
bash scripts/ensure-postgres.sh
bash scripts/ensure-browser.sh
echo "== ruff"
.venv/bin/ruff check bangbot tests tools
.venv/bin/ruff format --check bangbot tests tools
echo "== mypy"
.venv/bin/mypy bangbot tools
echo "== image"
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    docker build --quiet --tag bangbot:test . >/dev/null
    docker run --rm --entrypoint bangbot bangbot:test --version
else
    echo "skipped building the image: no working container engine (docker info fails)"
fi
echo "== pytest"
.venv/bin/python -m pytest "$@"
