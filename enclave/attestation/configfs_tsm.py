"""The Linux kernel's configfs-tsm report interface: one signed report per request.

ABI: Documentation/ABI/testing/configfs-tsm-report in the kernel tree. A report is an entry
(a directory) under `/sys/kernel/config/tsm/report`: write up to 64 bytes to `inblob`
(optionally `privlevel` first), read `outblob` (the kernel asks the TSM at that moment),
`auxblob` (SEV-SNP certificate table) and `provider` ("tdx_guest", "sev_guest"). Every write
bumps `generation`; if it moved by more than our own writes, another writer raced us and the
outblob may answer their inblob, so we try again in a fresh entry. The entry is removed
whatever happens, so reports never pile up in configfs.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from enclave.attestation.evidence import REPORT_DATA_BYTES, EvidenceUnavailable

DEFAULT_TSM_REPORT_ROOT = Path("/sys/kernel/config/tsm/report")
PRIVLEVEL_MAX = 3


@dataclass(frozen=True)
class TsmReport:
    """What one configfs-tsm entry returned."""

    provider: str
    """The kernel's name for the outblob format: "tdx_guest" or "sev_guest"."""
    outblob: bytes
    """The signed report or quote, unparsed."""
    auxblob: bytes
    """Supplemental data (SEV-SNP: certificate table); empty when the TSM has none."""
    generation: int
    """The entry's generation counter after our writes."""


class TsmFilesystem:
    """The file operations configfs-tsm needs, on the real filesystem.

    A seam, not a plug-in point: tests subclass it to play the kernel's part over a directory
    tree in tmp_path, while every read and write still goes through these methods.
    """

    def make_entry(self, entry: Path) -> None:
        """Create a report entry; in configfs the kernel fills it with attribute files."""
        entry.mkdir(mode=0o700)

    def remove_entry(self, entry: Path) -> None:
        """Remove a report entry (configfs removes its attributes with it)."""
        entry.rmdir()

    def write(self, attribute: Path, data: bytes) -> None:
        """Write an attribute in one write(2); never creates a missing attribute."""
        descriptor = os.open(attribute, os.O_WRONLY)
        try:
            written = os.write(descriptor, data)
        finally:
            os.close(descriptor)
        if written != len(data):
            raise OSError(errno.EIO, f"short write to {attribute}: {written} of {len(data)}")

    def read(self, attribute: Path) -> bytes:
        """Read a whole attribute."""
        return attribute.read_bytes()


class ConfigfsTsm:
    """Requests reports through configfs-tsm; one fresh entry per request."""

    def __init__(
        self,
        root: Path = DEFAULT_TSM_REPORT_ROOT,
        *,
        attempts: int = 3,
        filesystem: TsmFilesystem | None = None,
    ) -> None:
        if attempts < 1:
            raise ValueError("attempts must be at least 1")
        self.root = root
        self._attempts = attempts
        self._filesystem = filesystem if filesystem is not None else TsmFilesystem()

    def available(self) -> bool:
        """True when the report root exists (the kernel has configfs-tsm and a TSM)."""
        return self.root.is_dir()

    def report(self, inblob: bytes, *, privlevel: int | None = None) -> TsmReport:
        """Ask the TSM for a report over `inblob` (exactly 64 bytes).

        Raises EvidenceUnavailable when configfs-tsm is missing, refuses the request, or
        another writer keeps racing us.
        """
        if len(inblob) != REPORT_DATA_BYTES:
            raise ValueError(f"inblob must be {REPORT_DATA_BYTES} bytes, got {len(inblob)}")
        if privlevel is not None and not 0 <= privlevel <= PRIVLEVEL_MAX:
            raise ValueError(f"privlevel must be 0..{PRIVLEVEL_MAX}, got {privlevel}")
        if not self.available():
            raise EvidenceUnavailable(f"configfs-tsm not available: {self.root} does not exist")
        for _ in range(self._attempts):
            report = self._try_once(inblob, privlevel)
            if report is not None:
                return report
        raise EvidenceUnavailable(
            f"configfs-tsm: another writer changed the report entry on each of "
            f"{self._attempts} attempts"
        )

    def _try_once(self, inblob: bytes, privlevel: int | None) -> TsmReport | None:
        """One entry's worth of work; None when the generation shows a racing writer."""
        entry = self.root / f"enclave-{os.getpid()}-{secrets.token_hex(8)}"
        fs = self._filesystem
        try:
            fs.make_entry(entry)
        except OSError as err:
            raise EvidenceUnavailable(f"configfs-tsm: cannot create {entry}: {err}") from err
        try:
            before = _read_generation(fs, entry)
            writes = 0
            if privlevel is not None:
                if not (entry / "privlevel").exists():
                    raise EvidenceUnavailable(
                        "configfs-tsm: this TSM has no privlevel attribute; collect without one"
                    )
                _write(fs, entry / "privlevel", f"{privlevel}\n".encode())
                writes += 1
            _write(fs, entry / "inblob", inblob)
            writes += 1
            outblob = _read(fs, entry / "outblob")
            auxblob = _read(fs, entry / "auxblob") if (entry / "auxblob").exists() else b""
            provider = _read(fs, entry / "provider").decode("ascii", "replace").strip()
            after = _read_generation(fs, entry)
        finally:
            # Never mask the request's own outcome; a leftover entry holds no secrets.
            with contextlib.suppress(OSError):
                fs.remove_entry(entry)
        if after != before + writes:
            return None
        if not outblob:
            raise EvidenceUnavailable(f"configfs-tsm: provider {provider!r} returned no report")
        return TsmReport(provider=provider, outblob=outblob, auxblob=auxblob, generation=after)


def _read(fs: TsmFilesystem, attribute: Path) -> bytes:
    try:
        return fs.read(attribute)
    except OSError as err:
        # EFBIG, EIO or ENXIO here mean the TSM itself failed (e.g. no quote service).
        raise EvidenceUnavailable(f"configfs-tsm: reading {attribute.name} failed: {err}") from err


def _write(fs: TsmFilesystem, attribute: Path, data: bytes) -> None:
    try:
        fs.write(attribute, data)
    except OSError as err:
        raise EvidenceUnavailable(f"configfs-tsm: writing {attribute.name} failed: {err}") from err


def _read_generation(fs: TsmFilesystem, entry: Path) -> int:
    text = _read(fs, entry / "generation").strip()
    try:
        return int(text)
    except ValueError as err:
        raise EvidenceUnavailable(f"configfs-tsm: generation is not a number: {text!r}") from err
