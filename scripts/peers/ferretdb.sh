#!/usr/bin/env bash
# FerretDB (MongoDB wire protocol) as a local test peer for the MongoDB engine, over PostgreSQL
# (its production backend: a cluster of our own from postgres.sh) or over SQLite.
#
#   ferretdb.sh build            build once into $NINDO_PEERS_DIR/bin (skipped when present)
#   ferretdb.sh start [RUN_DIR]  start on a free 127.0.0.1 port with throw-away state in RUN_DIR
#                                (a new temporary folder when omitted); prints the MongoDB URI
#   ferretdb.sh stop RUN_DIR     stop the server started in RUN_DIR and remove RUN_DIR
#   ferretdb.sh version          print the version that build produces
#
# FERRETDB_HANDLER picks the backend: `postgresql` (the default) or `sqlite`. On PostgreSQL the
# cluster gets the GIN twins of FerretDB's indexes that docs/deployment.md tells operators to add
# (scripts/postgres/ferretdb-indexes.sql); FERRETDB_PG_INDEXES=0 leaves them out, for comparison.
#
# `go install ...@version` cannot be used: the Go proxy here refuses the module's version list
# (go install reads it for deprecation notices), and a FerretDB built as the main module panics
# at start unless build/version/version.txt holds the version (its release tooling writes it).
# So the module is downloaded, copied to a writable folder, given that file and built there.
set -euo pipefail

VERSION=v1.24.2
PEER=ferretdb
# shellcheck source=scripts/peers/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
BIN=$PEERS_DIR/bin/ferretdb-$VERSION

build_into() {
  local module_dir src=$1/src
  module_dir=$(cd / && GOFLAGS=-buildvcs=false go mod download -json "github.com/FerretDB/FerretDB@$VERSION" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [[ -d $module_dir ]] || die "go mod download did not give a module folder"
  mkdir -p "$src"
  cp -r "$module_dir/." "$src"
  chmod -R u+w "$src"
  echo "$VERSION" >"$src/build/version/version.txt"
  (cd "$src" && GOTOOLCHAIN=local GOFLAGS=-buildvcs=false go build -trimpath -o "$1/out" ./cmd/ferretdb)
}

build() { build_once "$BIN" "FerretDB $VERSION" build_into; }

HANDLER=${FERRETDB_HANDLER:-postgresql}

# The handler's flags; a PostgreSQL backend is started in RUN_DIR/postgres first.
backend_flags() {
  local run_dir=$1
  case $HANDLER in
  sqlite) echo "--handler=sqlite --sqlite-url=file:$run_dir/data/" ;;
  postgresql)
    local url
    # PostgreSQL's unprivileged owner must pass through this folder to reach its cluster.
    chmod 711 "$run_dir"
    url=$(bash "$(dirname "${BASH_SOURCE[0]}")/postgres.sh" start "$run_dir/postgres") || die "PostgreSQL did not start"
    [[ ${FERRETDB_PG_INDEXES:-1} == 0 ]] ||
      bash "$(dirname "${BASH_SOURCE[0]}")/postgres.sh" sql "$url" "$(dirname "${BASH_SOURCE[0]}")/../postgres/ferretdb-indexes.sql" ||
      die "the GIN twins of FerretDB's indexes could not be set up"
    echo "--handler=postgresql --postgresql-url=$url"
    ;;
  *) die "FERRETDB_HANDLER must be postgresql or sqlite, not $HANDLER" ;;
  esac
}

start() {
  local run_dir log flags_text flags
  run_dir=$(run_dir_of "${1:-}")
  log=$run_dir/ferretdb.log
  flags_text=$(backend_flags "$run_dir")
  read -ra flags <<<"$flags_text"
  # Port 0: the kernel picks a free port, read back from the log, so parallel runs never collide.
  "$BIN" "${flags[@]}" --state-dir="$run_dir" \
    --listen-addr=127.0.0.1:0 --debug-addr=- --telemetry=disable --log-level=info --log-format=console \
    >"$log" 2>&1 &
  echo $! >"$run_dir/pid"
  await_port "$run_dir" "$log" 's/.*Listening on TCP 127\.0\.0\.1:\([0-9]*\).*/\1/p' mongodb://127.0.0.1: / uri 200
}

# FerretDB first, then its PostgreSQL (if any), then the folder.
stop_all() {
  local run_dir=${1:-}
  [[ -n $run_dir ]] || die "usage: $0 stop RUN_DIR"
  end_process "$run_dir"
  [[ ! -d $run_dir/postgres ]] || bash "$(dirname "${BASH_SOURCE[0]}")/postgres.sh" stop "$run_dir/postgres"
  stop "$run_dir"
}

case ${1:-} in
build) build ;;
start) start "${2:-}" ;;
stop) stop_all "${2:-}" ;;
version) echo "$VERSION" ;;
*) die "usage: $0 build | start [RUN_DIR] | stop RUN_DIR | version" ;;
esac
