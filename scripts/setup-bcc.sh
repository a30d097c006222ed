#!/usr/bin/env bash
# Set up BCC (eBPF) for the telemetry's uprobe source, idempotently, as root:
#   1. Debian's BCC (bpfcc-tools, python3-bpfcc, libbpfcc) and kernel headers (the running
#      kernel's, or else linux-headers-<arch>, Debian's current ones);
#   2. /lib/modules/$(uname -r)/build pointing at headers, when the running kernel has none
#      (custom kernels: BCC only needs the headers to compile its programs; uprobes do not
#      depend on the kernel version);
#   3. Debian's `bcc` Python module made importable from the virtual environment.
#
#   scripts/setup-bcc.sh [VENV]      VENV defaults to $VENV, then .venv
#
# The PyPI package called `bcc` is an unrelated project: never pip-install it. Only the
# Debian module is linked into the venv, not the rest of /usr/lib/python3/dist-packages.
set -euo pipefail

VENV=${1:-${VENV:-.venv}}
KERNEL=$(uname -r)
ARCH=$(dpkg --print-architecture) # Debian's kernel flavour: amd64, arm64

die() { echo "setup-bcc: $*" >&2; exit 1; }

# shellcheck source=scripts/apt-retry.sh
source "$(dirname "${BASH_SOURCE[0]}")/apt-retry.sh"

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

[ "$(id -u)" = 0 ] || die "run as root (BCC loads BPF programs and needs kernel headers)"
[ -x "$VENV/bin/python" ] || die "no virtual environment at $VENV (run scripts/install.sh first)"

# --- Debian packages -------------------------------------------------------------------
packages=(bpfcc-tools python3-bpfcc libbpfcc)
# Headers of the running kernel when Debian ships them; otherwise the current Debian
# kernel's headers, linked below.
if [ ! -e "/lib/modules/$KERNEL/build" ]; then
  if apt-cache show "linux-headers-$KERNEL" >/dev/null 2>&1; then
    packages+=("linux-headers-$KERNEL")
  else
    packages+=("linux-headers-$ARCH")
  fi
fi
missing=()
for pkg in "${packages[@]}"; do
  installed "$pkg" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  apt_get update
  apt_get install --no-install-recommends "${missing[@]}"
fi

# --- kernel headers --------------------------------------------------------------------
# BCC reads /lib/modules/$(uname -r)/build (generated headers) and .../source (the rest).
# A kernel without headers of its own (a custom build) gets both pointed where Debian's
# newest headers package points its kernel's links. A kernel's own headers are left alone;
# links this script made earlier are refreshed.
build="/lib/modules/$KERNEL/build"
source_dir="/lib/modules/$KERNEL/source"
ours() { [ -L "$1" ] && [[ "$(readlink "$1")" == /usr/src/linux-headers-* ]]; }
if [ ! -d "/usr/src/linux-headers-$KERNEL" ] && { [ ! -e "$build" ] || ours "$build"; }; then
  headers=$(find /usr/src -maxdepth 1 -type d -name "linux-headers-*-$ARCH" | sort -V | tail -n 1)
  [ -n "$headers" ] || die "no /usr/src/linux-headers-*-$ARCH after installing linux-headers-$ARCH"
  debian_kernel=${headers#/usr/src/linux-headers-}
  want_build=$(readlink -f "/lib/modules/$debian_kernel/build")
  want_source=$(readlink -f "/lib/modules/$debian_kernel/source")
  [ -d "$want_build" ] && [ -d "$want_source" ] \
    || die "/lib/modules/$debian_kernel/{build,source} missing: reinstall linux-headers-$debian_kernel"
  if [ "$(readlink "$build" || true)" != "$want_build" ] \
    || [ "$(readlink "$source_dir" || true)" != "$want_source" ]; then
    say "kernel $KERNEL has no headers: linking those of $debian_kernel"
    mkdir -p "/lib/modules/$KERNEL"
    ln -sfn "$want_build" "$build"
    ln -sfn "$want_source" "$source_dir"
  fi
fi

# --- bcc in the virtual environment ----------------------------------------------------
debian_bcc=/usr/lib/python3/dist-packages/bcc
[ -f "$debian_bcc/__init__.py" ] || die "python3-bpfcc is installed but $debian_bcc is missing"
site=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
if [ -e "$site/bcc" ] && [ ! -L "$site/bcc" ]; then
  die "$site/bcc is not Debian's BCC (the unrelated PyPI 'bcc'?): '$VENV/bin/pip uninstall bcc', then rerun"
fi
if [ "$(readlink "$site/bcc" 2>/dev/null || true)" != "$debian_bcc" ]; then
  say "linking Debian's bcc module into $site"
  ln -sfn "$debian_bcc" "$site/bcc"
fi
"$VENV/bin/python" -c 'import bcc; bcc.BPF' \
  || die "bcc does not import from $VENV"
say "BCC ready (kernel $KERNEL, headers $(readlink -f "$build"))"
