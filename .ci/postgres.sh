#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the store tests, on 127.0.0.1 and a free port.
#   .ci/postgres.sh start DIR   creates and starts a cluster in DIR (empty or absent); prints its URL
#   .ci/postgres.sh stop DIR    stops it (the caller removes DIR)
#   .ci/postgres.sh restart DIR stops and starts it again on the same port (the restart test)
# Run as root, the server runs as the `postgres` user (initdb and postgres refuse root).
set -euo pipefail
command=${1:-}
dir=${2:-}
if [ -z "$command" ] || [ -z "$dir" ]; then
  echo "usage: .ci/postgres.sh start|stop|restart DIR" >&2
  exit 2
fi
bin=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "postgres.sh: no PostgreSQL binaries under /usr/lib/postgresql (apt-get install postgresql)" >&2
  exit 3
fi
as_server() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
data="$dir/data"
case "$command" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    password=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
    port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    as_server sh -c "umask 077; printf '%s\n' '$password' > '$dir/pw'"
    as_server "$bin/initdb" -D "$data" -U postgres --auth=scram-sha-256 --pwfile="$dir/pw" -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    printf '%s\n' "$port" >"$dir/port"
    as_server "$bin/pg_ctl" -D "$data" -l "$dir/server.log" -w -o "-h 127.0.0.1 -p $port -k $dir -c fsync=on" start >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    printf 'postgres://postgres:%s@127.0.0.1:%s/postgres\n' "$password" "$port" | tee "$dir/url"
    ;;
  stop)
    [ -d "$data" ] && as_server "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null
    ;;
  restart)
    port=$(cat "$dir/port")
    as_server "$bin/pg_ctl" -D "$data" -m immediate -w stop >/dev/null
    as_server "$bin/pg_ctl" -D "$data" -l "$dir/server.log" -w -o "-h 127.0.0.1 -p $port -k $dir" start >/dev/null
    ;;
  *)
    echo "postgres.sh: unknown command $command" >&2
    exit 2
    ;;
esac
