# Shared by the peer scripts (ferretdb.sh, stripe-mock.sh, minio.sh): the cache folder, errors
# named by the calling script, and stopping a started peer. Source it after setting PEER.

PEERS_DIR=${NINDO_PEERS_DIR:-$HOME/.cache/nindo-peers}

die() {
  echo "$PEER.sh: $*" >&2
  exit 1
}

# Stops the peer whose pid is in RUN_DIR (TERM, then KILL after 5 s) and removes the folder.
stop() {
  local run_dir=${1:-} pid
  [[ -n $run_dir ]] || die "usage: $PEER.sh stop RUN_DIR"
  if [[ -f $run_dir/pid ]]; then
    pid=$(cat "$run_dir/pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -rf "$run_dir"
}
