#!/usr/bin/env bash
# A copy of this tree for a second test run beside the first (.ci/run: Node 24's fast tier): the files as
# they are now (tracked or not; the Node downloads in .cache left out), every node_modules hard-linked (nothing in them is written by a run),
# except better-sqlite3's packages, copied whole so that `.ci/addon.sh use` there puts another Node's
# addon in place without touching this tree's.
#   .ci/tree-copy.sh DEST    DEST must not exist
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:-}
[ -n "$dest" ] && [ ! -e "$dest" ] || { echo "usage: .ci/tree-copy.sh DEST (a path that does not exist yet)" >&2; exit 2; }
mkdir -p "$dest"
modules=$(find . -maxdepth 2 -name node_modules -type d -printf '%P\n')
tar -c --exclude=./.cache $(printf -- "--exclude=./%s " $modules) . | tar -x -C "$dest"
for m in $modules; do
  cp -al "$m" "$dest/$m"
  if [ -d "$m/better-sqlite3" ]; then
    rm -rf "$dest/$m/better-sqlite3"
    cp -a "$m/better-sqlite3" "$dest/$m/better-sqlite3"
  fi
  # npm rebuild rewrites its record of the tree: a file of the copy's own, not a link to this one's.
  if [ -f "$m/.package-lock.json" ]; then
    rm -f "$dest/$m/.package-lock.json"
    cp "$m/.package-lock.json" "$dest/$m/.package-lock.json"
  fi
done
