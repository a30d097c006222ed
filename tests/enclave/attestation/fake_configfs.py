"""A STAND-IN for the kernel's configfs-tsm, over an ordinary directory in tmp_path.

There is no TDX or SEV-SNP hardware here. This plays the kernel's part through the
TsmFilesystem seam: on mkdir it fills the entry with the attribute files configfs would show,
every write to inblob or privlevel bumps `generation`, and reading outblob asks `respond`
for a report over the current inblob (as the kernel asks the TSM at read time). All reads and
writes are real file operations by the production code; only the kernel's reactions are faked.
"""

from __future__ import annotations

import errno
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from enclave.attestation.configfs_tsm import TsmFilesystem

Respond = Callable[[bytes, int | None], tuple[bytes, bytes]]
"""(inblob, privlevel) -> (outblob, auxblob)."""


@dataclass
class FakeTsmKernel(TsmFilesystem):
    """Kernel stand-in. `races` is how many outblob reads see another writer's write first."""

    provider: str
    respond: Respond
    privlevel_supported: bool = False
    races: int = 0
    fail_outblob: bool = False
    entries_made: list[Path] = field(default_factory=list)
    entries_removed: list[Path] = field(default_factory=list)

    def make_entry(self, entry: Path) -> None:
        super().make_entry(entry)
        self.entries_made.append(entry)
        (entry / "provider").write_text(self.provider + "\n")
        (entry / "generation").write_text("0\n")
        for name in ("inblob", "outblob", "auxblob"):
            (entry / name).write_bytes(b"")
        if self.privlevel_supported:
            (entry / "privlevel").write_bytes(b"")
            (entry / "privlevel_floor").write_text("0\n")

    def remove_entry(self, entry: Path) -> None:
        # configfs removes attribute files with the directory; a plain rmdir would refuse.
        shutil.rmtree(entry)
        self.entries_removed.append(entry)

    def write(self, attribute: Path, data: bytes) -> None:
        super().write(attribute, data)
        self._bump(attribute.parent)

    def read(self, attribute: Path) -> bytes:
        entry = attribute.parent
        if attribute.name == "outblob":
            if self.fail_outblob:
                raise OSError(errno.EIO, "TSM request failed")
            if self.races > 0:
                self.races -= 1
                self._bump(entry)
            inblob = (entry / "inblob").read_bytes()
            privlevel_file = entry / "privlevel"
            privlevel_text = privlevel_file.read_text().strip() if privlevel_file.exists() else ""
            outblob, auxblob = self.respond(inblob, int(privlevel_text) if privlevel_text else None)
            (entry / "outblob").write_bytes(outblob)
            (entry / "auxblob").write_bytes(auxblob)
        return super().read(attribute)

    @staticmethod
    def _bump(entry: Path) -> None:
        generation = entry / "generation"
        generation.write_text(f"{int(generation.read_text()) + 1}\n")
