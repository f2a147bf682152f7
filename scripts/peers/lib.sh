# Shared by the peer scripts (ferretdb.sh, stripe-mock.sh, minio.sh): the cache folder, errors
# named by the calling script, building a Go module once, waiting for a started peer to be ready, and
# stopping it. Source it after setting PEER.

PEERS_DIR=${NINDO_PEERS_DIR:-$HOME/.cache/nindo-peers}

die() {
  echo "$PEER.sh: $*" >&2
  exit 1
}

# Ends the peer whose pid is in RUN_DIR: TERM, then KILL after 5 s.
end_process() {
  local run_dir=$1 pid
  [[ -f $run_dir/pid ]] || return 0
  pid=$(cat "$run_dir/pid")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null || true
  rm -f "$run_dir/pid"
}

# Stops the peer started in RUN_DIR and removes the folder.
stop() {
  local run_dir=${1:-}
  [[ -n $run_dir ]] || die "usage: $PEER.sh stop RUN_DIR"
  end_process "$run_dir"
  rm -rf "$run_dir"
}

# Builds BIN once, by running BUILD_FN with a scratch folder where it leaves the binary as `out`;
# prints BIN. WHAT names the build in messages. Test files running in parallel may all ask on a
# fresh machine: one builds, the others wait for it.
build_once() {
  local bin=$1 what=$2 build_fn=$3 started=$SECONDS scratch
  if [[ -x $bin ]]; then
    echo "$bin"
    return
  fi
  command -v go >/dev/null || die "Go is needed to build $what"
  mkdir -p "$(dirname "$bin")"
  exec 9>"$(dirname "$bin")/.$(basename "$bin").lock"
  flock 9
  if [[ -x $bin ]]; then
    exec 9>&-
    echo "$bin"
    return
  fi
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/nindo-$PEER-build.XXXXXX")
  echo "$PEER.sh: building $what (several minutes on two cores the first time)..." >&2
  "$build_fn" "$scratch" || { rm -rf "$scratch"; die "building $what failed"; }
  # Renamed within the cache folder, so a parallel run never sees a half-copied binary.
  mv "$scratch/out" "$bin.tmp.$$"
  mv "$bin.tmp.$$" "$bin"
  rm -rf "$scratch"
  exec 9>&-
  echo "$PEER.sh: built $bin in $((SECONDS - started)) s" >&2
  echo "$bin"
}

# Builds `go install MODULE@VERSION` into BIN once (the binary named NAME in the module), with any
# further arguments passed to go install; prints BIN.
go_install_once() {
  GO_INSTALL_MODULE=$2 GO_INSTALL_NAME=$3
  GO_INSTALL_ARGS=("${@:4}")
  build_once "$1" "$2" go_install_into
}

go_install_into() {
  (cd / && GOBIN=$1 GOTOOLCHAIN=local GOFLAGS=-buildvcs=false go install -trimpath "${GO_INSTALL_ARGS[@]}" "$GO_INSTALL_MODULE") &&
    mv "$1/$GO_INSTALL_NAME" "$1/out"
}

# Builds the peer (the calling script's `build`) and prints the folder it runs in: RUN_DIR, or a
# new temporary folder when RUN_DIR is empty, made with a data folder inside.
run_dir_of() {
  local run_dir=$1
  build >/dev/null
  [[ -n $run_dir ]] || run_dir=$(mktemp -d "${TMPDIR:-/tmp}/nindo-$PEER.XXXXXX")
  mkdir -p "$run_dir/data"
  echo "$run_dir"
}

# Waits up to TENTHS tenths of a second, while the peer started in RUN_DIR runs, for the command
# READY (with any further arguments) to succeed. Stops the peer and fails, quoting LOG, if the
# peer exits or the time runs out.
await_ready() {
  local run_dir=$1 log=$2 tenths=$3
  shift 3
  for _ in $(seq 1 "$tenths"); do
    if "$@"; then
      echo "$PEER.sh: started (pid $(cat "$run_dir/pid")); stop with: $0 stop $run_dir" >&2
      return
    fi
    kill -0 "$(cat "$run_dir/pid")" 2>/dev/null || die "$PEER exited: $(tail -n 20 "$log")"
    sleep 0.1
  done
  stop "$run_dir"
  die "$PEER did not accept connections within $((tenths / 10)) s"
}

# True once LOG shows a port (the first match of the sed expression PORT_SED) that accepts
# connections; the port is left in PORT_FOUND.
port_open() {
  PORT_FOUND=$(sed -n "$2" "$1" | head -n 1)
  [[ -n $PORT_FOUND ]] && (exec 3<>"/dev/tcp/127.0.0.1/$PORT_FOUND") 2>/dev/null
}

# Waits (as await_ready) for the peer started in RUN_DIR to print its port in LOG and accept
# connections there; then prints URL_PREFIX + port + URL_SUFFIX and writes it to RUN_DIR/URL_FILE.
await_port() {
  local run_dir=$1 log=$2 port_sed=$3 url_prefix=$4 url_suffix=$5 url_file=$6 tenths=$7
  await_ready "$run_dir" "$log" "$tenths" port_open "$log" "$port_sed"
  echo "$url_prefix$PORT_FOUND$url_suffix" | tee "$run_dir/$url_file"
}
