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
  go_install_once "$BIN" "github.com/stripe/stripe-mock@$VERSION" stripe-mock -ldflags "-X main.version=$VERSION"
}

start() {
  local run_dir log
  run_dir=$(run_dir_of "${1:-}")
  log=$run_dir/stripe-mock.log
  # Port 0: the kernel picks a free port, read back from the log, so parallel runs never collide.
  # -http-addr alone leaves HTTPS on its fixed default port (12112), so HTTPS gets port 0 too.
  "$BIN" -http-addr 127.0.0.1:0 -https-addr 127.0.0.1:0 >"$log" 2>&1 &
  echo $! >"$run_dir/pid"
  await_port "$run_dir" "$log" 's/.*Listening for HTTP at address: 127\.0\.0\.1:\([0-9]*\).*/\1/p' http://127.0.0.1: '' url 300
}

case ${1:-} in
build) build ;;
start) start "${2:-}" ;;
stop) stop "${2:-}" ;;
version) echo "$VERSION" ;;
*) die "usage: $0 build | start [RUN_DIR] | stop RUN_DIR | version" ;;
esac
