#!/usr/bin/env bash
# Installs what the board's browser tests need when it is missing: Debian's chromium and fonts for Japanese and emoji
# (apt-get), and Telegram's telegram-web-app.js from the npm package @twa-dev/sdk into .cache/npm. Never downloads a
# browser of its own (no `playwright install`).
set -euo pipefail
cd "$(dirname "$0")/.."
wanted=()
[ -x /usr/bin/chromium ] || wanted+=(chromium)
fc-list 2>/dev/null | grep -qi "IPAGothic\|IPAPGothic\|Noto Sans CJK" || wanted+=(fonts-ipafont-gothic)
fc-list 2>/dev/null | grep -qi "color emoji" || wanted+=(fonts-noto-color-emoji)
if [ ${#wanted[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "== installing ${wanted[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${wanted[@]}" >/dev/null
    else
        echo "${wanted[*]} missing and cannot be installed here; the browser tests will say so." >&2
    fi
fi
sdk=.cache/npm/node_modules/@twa-dev/sdk/src/telegram-web-apps.js
if [ ! -f "$sdk" ]; then
    if command -v npm >/dev/null 2>&1; then
        echo "== installing @twa-dev/sdk into .cache/npm"
        npm install --silent --no-audit --no-fund --prefix .cache/npm @twa-dev/sdk >/dev/null
    else
        echo "npm is missing: the browser tests will say so." >&2
    fi
fi
