#!/usr/bin/env bash
# stripe-mock (Stripe's own API mock: answers fixture data, validates parameters against Stripe's
# OpenAPI document) as a local test peer for the stripe payment adapter.
#
#   stripe-mock.sh build            build once into $NINDO_PEERS_DIR/bin (skipped when present)
#   stripe-mock.sh start [RUN_DIR]  start on a free 127.0.0.1 port, state in RUN_DIR (a new
#                                   temporary folder when omitted); prints the API base URL
#   stripe-mock.sh stop RUN_DIR     stop the server started in RUN_DIR and remove RUN_DIR
#   stripe-mock.sh version          print the version that build produces
#
# `go install module@version` works for this module (no replace directives); it goes into a
# scratch GOBIN and is renamed with its version. -X stamps the version its release tooling would.
set -euo pipefail

VERSION=v0.203.0
PEER=stripe-mock
# shellcheck source=scripts/peers/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
BIN=$PEERS_DIR/bin/stripe-mock-$VERSION

build() {
  if [[ -x $BIN ]]; then
    echo "$BIN"
    return
  fi
  command -v go >/dev/null || die "Go is needed to build stripe-mock"
  local started=$SECONDS scratch
  mkdir -p "$PEERS_DIR/bin"
  # Test files running in parallel may all ask on a fresh machine: one builds, the others wait.
  exec 9>"$PEERS_DIR/bin/.stripe-mock-$VERSION.lock"
  flock 9
  if [[ -x $BIN ]]; then
    exec 9>&-
    echo "$BIN"
    return
  fi
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/nindo-stripe-mock-build.XXXXXX")
  echo "stripe-mock.sh: building stripe-mock $VERSION..." >&2
  (cd / && GOBIN=$scratch GOTOOLCHAIN=local GOFLAGS=-buildvcs=false \
    go install -trimpath -ldflags "-X main.version=$VERSION" "github.com/stripe/stripe-mock@$VERSION") ||
    { rm -rf "$scratch"; die "go install failed"; }
  # Renamed within the cache folder, so a parallel run never sees a half-copied binary.
  mv "$scratch/stripe-mock" "$BIN.tmp.$$"
  mv "$BIN.tmp.$$" "$BIN"
  rm -rf "$scratch"
  exec 9>&-
  echo "stripe-mock.sh: built $BIN in $((SECONDS - started)) s" >&2
  echo "$BIN"
}

start() {
  local run_dir=${1:-} log port
  build >/dev/null
  if [[ -z $run_dir ]]; then
    run_dir=$(mktemp -d "${TMPDIR:-/tmp}/nindo-stripe-mock.XXXXXX")
  fi
  mkdir -p "$run_dir"
  log=$run_dir/stripe-mock.log
  # Port 0: the kernel picks a free port, read back from the log, so parallel runs never collide.
  # -http-addr alone leaves HTTPS on its fixed default port (12112), so HTTPS gets port 0 too.
  "$BIN" -http-addr 127.0.0.1:0 -https-addr 127.0.0.1:0 >"$log" 2>&1 &
  echo $! >"$run_dir/pid"
  for _ in $(seq 1 300); do
    port=$(sed -n 's/.*Listening for HTTP at address: 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -n 1)
    if [[ -n $port ]] && (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "http://127.0.0.1:$port" | tee "$run_dir/url"
      echo "stripe-mock.sh: started (pid $(cat "$run_dir/pid")); stop with: $0 stop $run_dir" >&2
      return
    fi
    kill -0 "$(cat "$run_dir/pid")" 2>/dev/null || die "stripe-mock exited: $(tail -n 20 "$log")"
    sleep 0.1
  done
  stop "$run_dir"
  die "stripe-mock did not accept connections within 30 s"
}

case ${1:-} in
build) build ;;
start) start "${2:-}" ;;
stop) stop "${2:-}" ;;
version) echo "$VERSION" ;;
*) die "usage: $0 build | start [RUN_DIR] | stop RUN_DIR | version" ;;
esac
