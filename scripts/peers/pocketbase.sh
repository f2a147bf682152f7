#!/usr/bin/env bash
# PocketBase (examples/base: the plain PocketBase binary) as a peer for `npm run bench -- peers`:
# the same 100,000 rows served by PocketBase beside the product in one run (issue 29).
#
#   pocketbase.sh build     build once into $NINDO_PEERS_DIR/bin (skipped when present); prints the binary
#   pocketbase.sh version   print the version that build produces
#
# PocketBase v0.40 needs Go 1.27: the go command fetches that toolchain from the Go module proxy
# (about 76 MB, kept in the module cache) when GOTOOLCHAIN names it (docs: /work/shared/TOOLCHAIN.md).
set -euo pipefail

VERSION=v0.40.4
TOOLCHAIN=go1.27.3
PEER=pocketbase
# shellcheck source=scripts/peers/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
BIN=$PEERS_DIR/bin/pocketbase-$VERSION

install_into() {
  (cd / && GOBIN=$1 GOTOOLCHAIN=$TOOLCHAIN GOFLAGS=-buildvcs=false go install -trimpath "github.com/pocketbase/pocketbase/examples/base@$VERSION") &&
    mv "$1/base" "$1/out"
}

case ${1:-} in
build) build_once "$BIN" "PocketBase $VERSION" install_into ;;
version) echo "$VERSION" ;;
*) die "usage: $0 build|version" ;;
esac
