# Sourced by the setup scripts. Native addons (better-sqlite3) must build against the headers of the Node
# that runs npm: a machine's npmrc may name another Node's (Debian's /etc/npmrc says nodedir=/usr, Node 20's
# headers), and an addon built for that ABI does not load in Node 22 or 24 ("compiled against a different
# Node.js version"). When the configured headers are another major's and this Node carries its own (the
# official builds do, under include/node), they are used instead, which also needs no download.
headers_major() { sed -n 's/^#define NODE_MAJOR_VERSION \([0-9]*\).*/\1/p' "$1/include/node/node_version.h" 2>/dev/null; }
node_home=$(node -p 'require("path").resolve(process.execPath, "..", "..")')
running_major=$(node -p 'process.versions.node.split(".")[0]')
configured=${npm_config_nodedir:-$(npm config get nodedir 2>/dev/null || true)}
if [ "$(headers_major "${configured:-/nonexistent}")" != "$running_major" ] &&
  [ "$(headers_major "$node_home")" = "$running_major" ]; then
  echo "setup: native addons build against this Node's own headers ($node_home, Node $running_major): npm's nodedir (${configured:-unset}) holds another version's"
  export npm_config_nodedir="$node_home"
fi
