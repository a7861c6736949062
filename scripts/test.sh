#!/usr/bin/env bash
# `npm test`: every check a change must pass, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm install --no-audit --no-fund; fi
eval "export $(bash scripts/ensure-system-deps.sh | tail -n 1)"

echo "== lint"; npm run -s lint
echo "== unused files, exports and dependencies"; npm run -s unused
echo "== format"; npm run -s format:check
echo "== typecheck"; npm run -s typecheck
echo "== unit, integration and server tests"; npx vitest run
echo "== build"; npx vite build --logLevel warn
echo "== end-to-end (Chromium: $CHROMIUM_PATH)"; npx playwright test
