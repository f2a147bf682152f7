#!/usr/bin/env bash
# FerretDB (MongoDB wire protocol over SQLite) as a local test peer for the MongoDB engine.
#
#   ferretdb.sh build            build once into $NINDO_PEERS_DIR/bin (skipped when present)
#   ferretdb.sh start [RUN_DIR]  start on a free 127.0.0.1 port with throw-away state in RUN_DIR
#                                (a new temporary folder when omitted); prints the MongoDB URI
#   ferretdb.sh stop RUN_DIR     stop the server started in RUN_DIR and remove RUN_DIR
#   ferretdb.sh version          print the version that build produces
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

start() {
  local run_dir log
  run_dir=$(run_dir_of "${1:-}")
  log=$run_dir/ferretdb.log
  # Port 0: the kernel picks a free port, read back from the log, so parallel runs never collide.
  "$BIN" --handler=sqlite --sqlite-url="file:$run_dir/data/" --state-dir="$run_dir" \
    --listen-addr=127.0.0.1:0 --debug-addr=- --telemetry=disable --log-level=info --log-format=console \
    >"$log" 2>&1 &
  echo $! >"$run_dir/pid"
  await_port "$run_dir" "$log" 's/.*Listening on TCP 127\.0\.0\.1:\([0-9]*\).*/\1/p' mongodb://127.0.0.1: / uri 200
}

case ${1:-} in
build) build ;;
start) start "${2:-}" ;;
stop) stop "${2:-}" ;;
version) echo "$VERSION" ;;
*) die "usage: $0 build | start [RUN_DIR] | stop RUN_DIR | version" ;;
esac
