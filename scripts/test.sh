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
echo "== pytest"
.venv/bin/python -m pytest "$@"
