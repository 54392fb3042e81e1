#!/usr/bin/env bash
# npm ci in each adapter's own package, side by side: they are independent (own folder, own lockfile)
# and each mostly waits on the registry and the disk. Fails when any of them fails. The adapters are
# the engine table's (engines/table.ts), read through scripts/adapter-folders.ts (the root's tsx).
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/node-headers.sh
rows=$(npx tsx scripts/adapter-folders.ts) || { echo "setup: cannot read the engine table (run npm ci first)"; exit 1; }
dirs=() names=()
while IFS=$'\t' read -r dir name; do dirs+=("$dir"); names+=("$name"); done <<<"$rows"
# Said first: the installs print little while they download, and a person waiting should know why.
echo "setup: installing the framework adapters side by side (${dirs[*]}): each is its own package"
echo "setup: with its own exact-pinned lockfile ($(IFS=,; echo "${names[*]}" | sed 's/,/, /g')), a few"
echo "setup: hundred packages in all, so this takes a few minutes on a cold npm cache. Without them the"
echo "setup: engine-independent suites still run; the adapters' suites say 'not measured' (npm test)."
pids=()
for dir in "${dirs[@]}"; do
  npm ci --prefix "$dir" --no-fund --no-audit &
  pids+=($!)
done
status=0
for i in "${!pids[@]}"; do
  if wait "${pids[$i]}"; then echo "setup: ${dirs[$i]} installed"
  else status=$?; echo "setup: ${dirs[$i]} failed (exit $status)"; fi
done
exit "$status"
