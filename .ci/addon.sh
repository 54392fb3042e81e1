#!/usr/bin/env bash
# better-sqlite3's native addon is built for one Node ABI (22 and 24 differ). Each build is kept as a
# "local prebuild", where the package's own installer (prebuild-install, run by npm ci and npm rebuild)
# looks before it compiles (npm_config_better_sqlite3_local_prebuilds, exported by the caller): an ABI
# compiles once per machine, the LangGraph adapter's copy of the same version unpacks it instead of
# compiling again, and switching Node versions is an npm rebuild of seconds. The folder is a cache like
# npm's own (outside the clone), keyed by version, ABI and platform as prebuild-install names its files.
#   .ci/addon.sh pack NODE_HOME    keep the installed build (compiled by npm ci for that Node) as its prebuild
#   .ci/addon.sh build NODE_HOME   compile one for that Node in a copy of the package (node_modules untouched)
#   .ci/addon.sh use NODE_HOME     put that Node's build in place, in the root and the LangGraph adapter
set -euo pipefail
cd "$(dirname "$0")/.."
action=${1:-}
node_home=${2:-}
[ -x "$node_home/bin/node" ] || { echo "usage: .ci/addon.sh pack|build|use NODE_HOME" >&2; exit 2; }
dir=${npm_config_better_sqlite3_local_prebuilds:?export npm_config_better_sqlite3_local_prebuilds first}
pkg=node_modules/better-sqlite3
export PATH="$node_home/bin:$PATH" npm_config_nodedir="$node_home"
# prebuild-install's file name: {name}-v{version}-node-v{abi}-{platform}-{arch}.tar.gz
name=$(node -p 'const p = require("./'"$pkg"'/package.json"); `${p.name}-v${p.version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`')
mkdir -p "$dir"
case "$action" in
  pack)
    [ -s "$dir/$name" ] || tar -czf "$dir/$name" -C "$pkg" build/Release/better_sqlite3.node
    ;;
  build)
    if [ ! -s "$dir/$name" ]; then
      work=$(mktemp -d)
      trap 'rm -rf "$work"' EXIT
      cp -r "$pkg/binding.gyp" "$pkg/src" "$pkg/deps" "$pkg/package.json" "$work/"
      # npm's own node-gyp (the one npm ci runs), found beside npm itself: the Node on PATH has no npm.
      gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
      (cd "$work" && node "$gyp" rebuild --release --nodedir="$node_home" >/dev/null)
      tar -czf "$dir/$name" -C "$work" build/Release/better_sqlite3.node
    fi
    ;;
  use)
    [ -s "$dir/$name" ] || { echo "addon: no prebuild $name in $dir (.ci/addon.sh build first)" >&2; exit 1; }
    npm rebuild better-sqlite3 --no-audit --no-fund >/dev/null
    [ ! -d langgraph-adapter/$pkg ] || npm rebuild better-sqlite3 --prefix langgraph-adapter --no-audit --no-fund >/dev/null
    node -e 'new (require("better-sqlite3"))(":memory:").close()'
    ;;
  *) echo "usage: .ci/addon.sh pack|build|use NODE_HOME" >&2; exit 2 ;;
esac
echo "addon: $action $name"
