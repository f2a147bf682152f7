#!/usr/bin/env bash
# A throw-away PostgreSQL cluster of our own (Debian's postgresql package), the backend FerretDB
# runs on in production (ferretdb.sh starts it with FERRETDB_HANDLER=postgresql).
#
#   postgres.sh start RUN_DIR   initdb into RUN_DIR/pg and serve it on a free 127.0.0.1 port;
#                               prints the connection URL (database `ferretdb`)
#   postgres.sh stop RUN_DIR    stop that server and remove RUN_DIR
#   postgres.sh sql URL FILE    run the SQL of FILE in the database of URL (stops at an error)
#   postgres.sh version         print the server's version
#
# PostgreSQL refuses to run as root, so as root the cluster belongs to the package's `postgres`
# user (or `nobody`). Nothing is left running: `stop` ends the postmaster and removes its files.
# Durability is traded for speed (fsync off): a test cluster is thrown away, never recovered.
set -euo pipefail

PEER=postgres
# shellcheck source=scripts/peers/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# The newest installed server's programs (pg_config may be absent with only the server package).
bin_dir() {
  local dir
  dir=$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)
  [[ -x $dir/initdb ]] || die "PostgreSQL's server is not installed (apt-get install -y postgresql)"
  echo "$dir"
}

# The prefix that runs a command as the cluster's owner: ourselves, or an unprivileged user when
# we are root (setpriv execs in place, so the server keeps the pid `stop` signals).
owner_prefix() {
  if [[ $(id -u) -ne 0 ]]; then
    OWNER=()
  elif id postgres >/dev/null 2>&1; then
    OWNER=(setpriv --reuid=postgres --regid=postgres --init-groups --)
  else
    OWNER=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
  fi
}

owner_name() {
  if [[ $(id -u) -ne 0 ]]; then id -un; elif id postgres >/dev/null 2>&1; then echo postgres; else echo nobody; fi
}

# A port nobody listens on; PostgreSQL cannot be told to take port 0 and report it. Taken below
# the kernel's range for the local ports of outgoing connections (ip_local_port_range): a port in
# it can be taken by a client socket between this check and PostgreSQL's bind (the live bench's
# thousands of streams did), which then fails with "Address already in use".
free_port() {
  local port lowest=20000 outgoing
  outgoing=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || true)
  [[ $outgoing =~ ^[0-9]+$ ]] && ((outgoing > lowest + 1000)) || outgoing=60000
  for _ in $(seq 1 200); do
    port=$((lowest + RANDOM % (outgoing - lowest)))
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || {
      echo "$port"
      return
    }
  done
  die "no free port found"
}

pg_ready() { "$1/pg_isready" -q -h 127.0.0.1 -p "$2"; }

start() {
  local run_dir=${1:-} bin port data log
  [[ -n $run_dir ]] || run_dir=$(mktemp -d "${TMPDIR:-/tmp}/nindo-$PEER.XXXXXX")
  bin=$(bin_dir)
  data=$run_dir/pg
  log=$run_dir/postgres.log
  mkdir -p "$data"
  # The owner must reach its folder through RUN_DIR (mktemp makes it 0700 for root).
  chmod 711 "$run_dir"
  [[ $(id -u) -ne 0 ]] || chown "$(owner_name)" "$data"
  owner_prefix
  "${OWNER[@]}" "$bin/initdb" -D "$data" -U nindo --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$run_dir/initdb.log" 2>&1 ||
    die "initdb failed: $(tail -n 5 "$run_dir/initdb.log")"
  port=$(free_port)
  touch "$log"
  [[ $(id -u) -ne 0 ]] || chown "$(owner_name)" "$log"
  "${OWNER[@]}" "$bin/postgres" -D "$data" -h 127.0.0.1 -p "$port" -k "$data" \
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 \
    >>"$log" 2>&1 &
  echo $! >"$run_dir/pid"
  await_ready "$run_dir" "$log" 300 pg_ready "$bin" "$port" >&2
  "${OWNER[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U nindo ferretdb
  echo "postgres://nindo@127.0.0.1:$port/ferretdb" | tee "$run_dir/url"
}

sql() {
  [[ -n ${1:-} && -f ${2:-} ]] || die "usage: $0 sql URL FILE"
  "$(bin_dir)/psql" "$1" -v ON_ERROR_STOP=1 -q -f "$2" >/dev/null
}

case ${1:-} in
start) start "${2:-}" ;;
sql) sql "${2:-}" "${3:-}" ;;
stop) stop "${2:-}" ;;
version) "$(bin_dir)/postgres" --version ;;
*) die "usage: $0 start [RUN_DIR] | stop RUN_DIR | sql URL FILE | version" ;;
esac
