#!/usr/bin/env bash
# The main job: sets up .venv (bangbot alone, no test tools), then runs bangbot (arguments are passed on).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh
exec .venv/bin/bangbot "$@"
