#!/usr/bin/env bash
# age (the reference implementation of the age file format, https://age-encryption.org/v1), to
# prove that encrypted backups open with the standard tool and that the standard tool's files restore
# (docs/backups-and-restarts.md).
#
#   age.sh build     build once into $NINDO_PEERS_DIR/bin (skipped when present); prints the binary
#   age.sh version   print the version that build produces
set -euo pipefail

VERSION=v1.3.2
PEER=age
# shellcheck source=scripts/peers/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
BIN=$PEERS_DIR/bin/age-$VERSION

build() {
  go_install_once "$BIN" "filippo.io/age/cmd/age@$VERSION" age
}

case ${1:-} in
build) build ;;
version) echo "$VERSION" ;;
*) die "usage: $0 build | version" ;;
esac
