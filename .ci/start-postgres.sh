#!/bin/sh
# A throwaway PostgreSQL 15 for the API tests, on 127.0.0.1 only.
#
#   .ci/start-postgres.sh          start (or reuse) it; prints DATABASE_URL=...
#   .ci/start-postgres.sh stop     stop it and delete its data folder
#   .ci/start-postgres.sh status   exit 0 when it runs
#
#   export "$(.ci/start-postgres.sh)" && npm test -w api
#
# Runs as root (initdb and the server run as the postgres user through runuser).
# Env: PG_CI_PORT (55432), PG_CI_DIR (/tmp/guestspot-postgres-$PORT), PG_CI_DB (guestspot_test).
set -eu

PORT="${PG_CI_PORT:-55432}"
BASE="${PG_CI_DIR:-/tmp/guestspot-postgres-$PORT}"
DATA="$BASE/data"
DB="${PG_CI_DB:-guestspot_test}"
DB_USER=app
DB_PASSWORD=app
URL="postgres://$DB_USER:$DB_PASSWORD@127.0.0.1:$PORT/$DB"

log() { echo "start-postgres: $*" >&2; }

find_bin() {
  if [ -x /usr/lib/postgresql/15/bin/pg_ctl ]; then
    echo /usr/lib/postgresql/15/bin
    return
  fi
  # Not here: install the distribution's server (15 on Debian bookworm).
  log "PostgreSQL 15 not found; installing postgresql with apt-get"
  apt-get update >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
  if [ -x /usr/lib/postgresql/15/bin/pg_ctl ]; then
    echo /usr/lib/postgresql/15/bin
    return
  fi
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$found" ] || { log "no PostgreSQL server after apt-get install"; exit 1; }
  log "warning: using $found, not PostgreSQL 15"
  echo "$found"
}

as_postgres() { runuser -u postgres -- "$@"; }

running() { [ -f "$DATA/PG_VERSION" ] && as_postgres "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; }

psql_app() { PGPASSWORD="$DB_PASSWORD" "$BIN/psql" -h 127.0.0.1 -p "$PORT" -U "$DB_USER" -v ON_ERROR_STOP=1 -qtA "$@"; }

[ "$(id -u)" = 0 ] || { log "run as root (initdb and pg_ctl run as postgres via runuser)"; exit 1; }
id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres
BIN=$(find_bin)

case "${1:-start}" in
  start)
    if ! running; then
      # A temp folder: start from nothing every time the server is not already up.
      rm -rf "$BASE"
      mkdir -p "$BASE"
      chown postgres "$BASE"
      chmod 700 "$BASE"
      echo "$DB_PASSWORD" > "$BASE/pwfile"
      chown postgres "$BASE/pwfile"
      as_postgres "$BIN/initdb" -D "$DATA" -U "$DB_USER" --pwfile="$BASE/pwfile" -A scram-sha-256 \
        -E UTF8 --locale=C.UTF-8 --no-sync >"$BASE/initdb.log" 2>&1 || { cat "$BASE/initdb.log" >&2; exit 1; }
      rm -f "$BASE/pwfile"
      as_postgres "$BIN/pg_ctl" -D "$DATA" -l "$BASE/server.log" -w -t 30 \
        -o "-p $PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
        start >&2 || { cat "$BASE/server.log" >&2; exit 1; }
      log "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT, data in $DATA"
    else
      log "already running on 127.0.0.1:$PORT"
    fi
    if [ -z "$(psql_app -d postgres -c "select 1 from pg_database where datname = '$DB'")" ]; then
      psql_app -d postgres -c "create database $DB"
    fi
    echo "DATABASE_URL=$URL"
    ;;
  stop)
    if running; then as_postgres "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >&2; fi
    rm -rf "$BASE"
    log "stopped"
    ;;
  status)
    if running; then echo "DATABASE_URL=$URL"; else exit 1; fi
    ;;
  *)
    log "usage: $0 [start|stop|status]"
    exit 2
    ;;
esac
