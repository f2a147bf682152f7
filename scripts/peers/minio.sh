#!/usr/bin/env bash
# MinIO (an S3-compatible object store) as a local test peer for the S3 blob-store engine.
#
#   minio.sh build            build once into $NINDO_PEERS_DIR/bin (skipped when present)
#   minio.sh path             print the binary's path if it is built (exit 1 when it is not)
#   minio.sh start [RUN_DIR]  start on a free 127.0.0.1 port with throw-away data in RUN_DIR
#                             (a new temporary folder when omitted); prints S3_ENDPOINT=...,
#                             S3_ACCESS_KEY_ID=... and S3_SECRET_ACCESS_KEY=... lines
#   minio.sh stop RUN_DIR     stop the server started in RUN_DIR and remove RUN_DIR
#   minio.sh version          print the version that build produces
#
# MinIO's RELEASE.* tags are not semantic versions and the Go proxy here does not resolve them,
# so the build pins the pseudo-version of a commit on master (docs/media.md). The module has no
# replace directives: `go install module@version` builds it.
set -euo pipefail

VERSION=v0.0.0-20260212201848-7aac2a2c5b7c
PEER=minio
# shellcheck source=scripts/peers/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
BIN=$PEERS_DIR/bin/minio-$VERSION
# Test-only credentials of a server that listens on loopback and is thrown away after the run.
ACCESS_KEY=nindo-test
SECRET_KEY=nindo-test-secret

build() {
  go_install_once "$BIN" "github.com/minio/minio@$VERSION" minio
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
  local run_dir log port
  run_dir=$(run_dir_of "${1:-}")
  log=$run_dir/minio.log
  # MinIO cannot listen on port 0 and report it, so a free port is picked just before; the
  # web console is turned off (it would need a second port).
  port=$(free_port)
  MINIO_ROOT_USER=$ACCESS_KEY MINIO_ROOT_PASSWORD=$SECRET_KEY MINIO_BROWSER=off MINIO_UPDATE=off \
    "$BIN" server --quiet --address "127.0.0.1:$port" "$run_dir/data" >"$log" 2>&1 &
  echo $! >"$run_dir/pid"
  await_ready "$run_dir" "$log" 300 curl -fs -o /dev/null "http://127.0.0.1:$port/minio/health/ready"
  printf 'S3_ENDPOINT=http://127.0.0.1:%s\nS3_ACCESS_KEY_ID=%s\nS3_SECRET_ACCESS_KEY=%s\n' "$port" "$ACCESS_KEY" "$SECRET_KEY" | tee "$run_dir/env"
}

case ${1:-} in
build) build ;;
path) [[ -x $BIN ]] && echo "$BIN" ;;
start) start "${2:-}" ;;
stop) stop "${2:-}" ;;
version) echo "$VERSION" ;;
*) die "usage: $0 build | path | start [RUN_DIR] | stop RUN_DIR | version" ;;
esac
