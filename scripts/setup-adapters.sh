#!/usr/bin/env bash
# npm ci in each adapter's own package, side by side: the five are independent (own folder, own
# lockfile) and each mostly waits on the registry and the disk. Fails when any of them fails.
set -uo pipefail
cd "$(dirname "$0")/.."
pids=()
for dir in langgraph-adapter openai-agents-adapter ai-sdk-adapter langchain-adapter mastra-adapter; do
  npm ci --prefix "$dir" &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
exit "$status"
