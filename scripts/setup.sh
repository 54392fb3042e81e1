#!/usr/bin/env bash
# npm run setup: the root's packages from the lockfile, then the adapters of the engine table, each its own
# package (scripts/setup-adapters.sh). Said first: the root's install may compile an addon for minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node-headers.sh
echo "setup: the root packages first (npm ci; better-sqlite3 compiles its native addon for this Node when no"
echo "setup: prebuilt one fits: a minute or more), then the adapters of the engine table, each its own package"
npm ci --no-fund --no-audit
bash scripts/setup-adapters.sh
