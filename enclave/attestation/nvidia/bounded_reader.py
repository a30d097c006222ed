"""A cursor over untrusted bytes that raises AttestationError instead of slicing short."""

from __future__ import annotations

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia.checks import Check


class BoundedReader:
    """Reads little-endian fields from `data`; every read is bounds-checked.

    Python slices never fail, they return fewer bytes; parsers that trust them read garbage.
    Every read here either returns exactly what was asked or raises `AttestationError`.
    """

    def __init__(self, data: bytes, what: str, *, check: Check = Check.REPORT_FORMAT) -> None:
        self._data = data
        self._offset = 0
        self._what = what
        self._check = check

    @property
    def offset(self) -> int:
        return self._offset

    @property
    def remaining(self) -> int:
        return len(self._data) - self._offset

    def fail(self, message: str) -> AttestationError:
        """An error for this input, to raise; names the input and the offset."""
        return AttestationError(self._check, f"{self._what} at offset {self._offset}: {message}")

    def take(self, size: int, field: str) -> bytes:
        if size < 0 or size > self.remaining:
            raise self.fail(f"{field} needs {size} bytes, {self.remaining} left")
        start = self._offset
        self._offset += size
        return self._data[start : self._offset]

    def uint(self, size: int, field: str) -> int:
        return int.from_bytes(self.take(size, field), "little")

    def rest(self) -> bytes:
        return self.take(self.remaining, "rest")

    def expect_end(self) -> None:
        if self.remaining:
            raise self.fail(f"{self.remaining} unexpected trailing bytes")
