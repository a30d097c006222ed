"""Why BPF uprobes cannot load on this machine, checked before BCC tries (and prints a
page of compiler errors)."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

_SETUP_HINT = "run scripts/setup-bcc.sh as root"

# Capability bits (linux/capability.h): CAP_SYS_ADMIN covers both BPF and perf events;
# newer kernels split them into CAP_BPF and CAP_PERFMON.
_CAP_SYS_ADMIN = 21
_CAP_PERFMON = 38
_CAP_BPF = 39


def _effective_capabilities(status: Path) -> int:
    for line in status.read_text(encoding="ascii", errors="replace").splitlines():
        if line.startswith("CapEff:"):
            return int(line.split()[1], 16)
    return 0


def _has_capabilities(capabilities: int) -> bool:
    def has(bit: int) -> bool:
        return bool(capabilities >> bit & 1)

    return has(_CAP_SYS_ADMIN) or (has(_CAP_BPF) and has(_CAP_PERFMON))


def _kernel_headers_present(release: str) -> bool:
    if os.environ.get("BCC_KERNEL_SOURCE"):
        return True
    modules = Path("/lib/modules") / release
    # BCC reads build/ (generated headers) and source/ (the rest); both resolve to
    # directories when headers are installed or linked. Kernels built with
    # CONFIG_IKHEADERS carry their own.
    return (modules / "build").is_dir() or Path("/sys/kernel/kheaders.tar.xz").exists()


def missing_uprobe_prerequisite(*, proc_status: Path = Path("/proc/self/status")) -> str | None:
    """Why BCC uprobes cannot load here (no bcc module, no privileges, no kernel headers),
    or None when nothing known is missing. Loading may still fail; the source then reports
    BCC's error."""
    if importlib.util.find_spec("bcc") is None:
        return f"the bcc Python module is not importable ({_SETUP_HINT})"
    try:
        capabilities = _effective_capabilities(proc_status)
    except OSError as exc:
        return f"cannot read process capabilities: {exc}"
    if not _has_capabilities(capabilities):
        return "loading BPF needs root, or CAP_BPF and CAP_PERFMON"
    release = os.uname().release
    if not _kernel_headers_present(release):
        return f"no kernel headers for kernel {release} ({_SETUP_HINT}, or set BCC_KERNEL_SOURCE)"
    return None
