#!/usr/bin/env bash
# Proves the README's start command word by word on whatever Node is first on PATH (.ci/run: the
# machine's own, before anything else): `. scripts/use-node.sh && npm ci && npm start` brings a
# supported Node when that one is not, installs, builds, writes the demo data and serves. Its
# answers must include /api/health, the login page and a pattern search of the data API (a list and
# a count with $regex as the developer signed in, through the SQLite time budget, which needs
# process.threadCpuUsage). Then, on an unsupported Node, `npm ci`, `npm start` and
# `node dist/server/main.js` must each refuse at once (the last two in scripts/supported-node.cjs's
# one line). This is CI's only `npm ci`: the stages after it use what it installed.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "prove-start: the Node on PATH is $(node --version)"
data=$(mktemp -d)
port=$(node -e 'const s=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')
base="http://localhost:$port"
# In a shell of its own and its own process group, so that stopping it stops the server npm started.
PORT=$port SQLITE_PATH=$data/nindo.sqlite UPLOADS_DIR=$data/uploads \
  setsid bash -c '. scripts/use-node.sh && npm ci && npm start' > >(tee "$data/start.log") 2>&1 &
pid=$!
stop() {
  kill -- -"$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap stop EXIT

fail() {
  echo "prove-start: $1"
  exit 1
}

# npm ci builds re2 from source: minutes on a loaded machine.
for _ in $(seq 1 1800); do
  curl -fsS "$base/api/health" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || fail 'the README start command ended without serving (its output is above)'
  sleep 1
done
curl -fsS "$base/api/health" | grep -q '"status":"ok"' || fail '/api/health did not answer ok'
curl -fsS "$base/login" | grep -q '<div id="root">' || fail '/login did not serve the app'

# The developer demo account's portal session, as the Documents tab searches with it.
jar="$data/cookies"
curl -fsS -c "$jar" -H 'Content-Type: application/json' -H "Origin: $base" \
  -d '{"username":"developer@demo.nindo","password":"nindo-demo-developer","captchaToken":"ci","developer":true}' \
  "$base/api/user/login" >/dev/null || fail 'the demo developer could not sign in'
collection="$base/api/v1/data/demo-review-booster/collections/products"
query=$(node -p 'encodeURIComponent(JSON.stringify({ title: { $regex: "lamp", $options: "i" } }))')
list=$(curl -sS -b "$jar" -w '\n%{http_code}' "$collection/documents?limit=20&query=$query")
[[ ${list##*$'\n'} == 200 ]] || fail "the pattern search answered ${list##*$'\n'}: ${list%$'\n'*}"
grep -qi '"title":"[^"]*lamp' <<<"$list" || fail "the pattern search found no lamp: ${list%$'\n'*}"
count=$(curl -sS -b "$jar" -w '\n%{http_code}' "$collection/count?query=$query")
[[ ${count##*$'\n'} == 200 ]] || fail "the pattern count answered ${count##*$'\n'}: ${count%$'\n'*}"
grep -q '"count":[1-9]' <<<"$count" || fail "the pattern count found none: ${count%$'\n'*}"
echo "prove-start: the README start command served /api/health, /login and a pattern search on port $port"
kill -- -"$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true

if node scripts/supported-node.cjs --quiet; then
  echo "prove-start: Node $(node --version) is supported: no refusal to prove"
  exit 0
fi
refusal=$(node scripts/supported-node.cjs 2>&1 || true)
out=$(npm ci 2>&1) && fail "npm ci ran on Node $(node --version)"
grep -q 'EBADENGINE' <<<"$out" || fail "npm ci on Node $(node --version) failed otherwise: $out"
[[ -f node_modules/.package-lock.json ]] || fail 'the refused npm ci removed node_modules'
out=$(npm start 2>&1) && fail "npm start ran on Node $(node --version)"
grep -qxF "$refusal" <<<"$out" || fail "npm start on Node $(node --version) did not refuse in its line: $out"
grep -q '^vite v' <<<"$out" && fail 'npm start built before refusing'
out=$(node dist/server/main.js --demo 2>&1) && fail "node dist/server/main.js ran on Node $(node --version)"
[[ $out == "$refusal" ]] || fail "node dist/server/main.js on Node $(node --version) did not refuse in one line: $out"
echo "prove-start: on Node $(node --version) npm ci, npm start and node dist/server/main.js refuse: $refusal"
