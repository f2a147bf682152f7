#!/usr/bin/env bash
# Proves the README's start command on whatever Node is first on PATH (.ci/run: the machine's own):
# the native modules are rebuilt for that Node as `npm ci` there would build them, then `npm start`
# (build, demo data, serve) must answer /api/health and the login page on a fresh data folder.
set -euo pipefail
cd "$(dirname "$0")/.."

node_prefix=$(node -p 'require("path").resolve(process.execPath, "..", "..")')
if [[ -d $node_prefix/include/node ]]; then export npm_config_nodedir=$node_prefix; else unset npm_config_nodedir; fi
echo "prove-start: Node $(node --version)"
# argon2's prebuilt binary crashes Node 20; from source, as a Node 20 install builds it.
npm_config_build_from_source=true npm rebuild better-sqlite3-node20 re2 argon2 >/dev/null

data=$(mktemp -d)
port=$(node -e 'const s=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')
# Its own process group, so that stopping it stops the server npm started.
PORT=$port SQLITE_PATH=$data/nindo.sqlite UPLOADS_DIR=$data/uploads setsid npm start >"$data/start.log" 2>&1 &
pid=$!
stop() {
  kill -- -"$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap stop EXIT

for _ in $(seq 1 300); do
  if curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then
    curl -fsS "http://127.0.0.1:$port/login" | grep -q '<div id="root">' || { echo 'prove-start: /login did not serve the app'; exit 1; }
    echo "prove-start: npm start answered on port $port"
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 1
done
echo 'prove-start: npm start did not answer; its output:'
tail -40 "$data/start.log"
exit 1
