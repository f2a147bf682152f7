#!/usr/bin/env bash
# Installs the pinned Schemathesis into a virtual environment outside the repo and prints the
# path of its `st` command. Skips the install when that version is already there.
set -euo pipefail

VERSION="4.32.5"
PEERS_DIR="${NINDO_PEERS_DIR:-$HOME/.cache/nindo-peers}"
VENV="$PEERS_DIR/venv-schemathesis"
PYTHON="${PYTHON:-python3}"

installed_version() {
  "$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null || true
}

if [ "$(installed_version)" != "$VERSION" ]; then
  mkdir -p "$PEERS_DIR"
  "$PYTHON" -m venv "$VENV"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "schemathesis==$VERSION" >&2
fi

echo "$VENV/bin/st"
