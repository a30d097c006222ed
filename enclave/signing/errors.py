"""Why a model is refused, and why signing or verification could not run at all.

Two branches, as everywhere in the appliance: `ModelRefused` means "this model must not be
loaded" (the request fails; nothing is wrong with the appliance), `SigningUnavailable`
means "no verdict was reached" (a pin, key or staging area is unusable; fix the setup).
"""

from __future__ import annotations

from collections.abc import Iterable


class SigningError(Exception):
    """Base of every error raised by `enclave.signing`."""


class ModelRefused(SigningError):
    """The model must not be loaded. `paths` names the files concerned, where any."""

    def __init__(self, message: str, *, paths: Iterable[str] = ()) -> None:
        super().__init__(message)
        self.paths: tuple[str, ...] = tuple(paths)


class SignatureUnreadable(ModelRefused):
    """The signature file is missing, too large, or not an OpenSSF model signature."""


class UntrustedSignature(ModelRefused):
    """No pinned signer accepted the signature; `reasons` has one line per pin tried."""

    def __init__(self, message: str, *, reasons: Iterable[str] = ()) -> None:
        super().__init__(message)
        self.reasons: tuple[str, ...] = tuple(reasons)


class WrongKey(UntrustedSignature):
    """The signature was not made with the pinned key."""


class UntrustedRoot(UntrustedSignature):
    """The signing certificate does not chain to the pinned root, or is not a code-signing
    certificate."""


class IdentityMismatch(UntrustedSignature):
    """The signing certificate chains to the pinned root but names another identity."""


class UnsafeTree(ModelRefused):
    """The directory holds something that cannot be verified file by file."""


class SymlinkInTree(UnsafeTree):
    """A symbolic link, anywhere in the model directory (the directory itself included)."""


class UnsupportedEntry(UnsafeTree):
    """A special file (fifo, socket, device), a name that is not UTF-8, or a file the chosen
    hashing cannot represent (a ':' in a name or an empty file, with sharded hashing)."""


class HashingMismatch(ModelRefused):
    """The signature was made with other hashing settings than this appliance uses. The
    settings come from policy, never from the signature."""


class ContentMismatch(ModelRefused):
    """The directory is not exactly what was signed."""


class ChangedFile(ContentMismatch):
    """A signed file's bytes differ from the signature."""


class ExtraFile(ContentMismatch):
    """A file is present that the signature does not cover."""


class MissingFile(ContentMismatch):
    """A signed file is absent."""


class RenamedFile(ContentMismatch):
    """Signed files are absent and unsigned files present: files were renamed or replaced."""


class SignatureHidesFiles(ContentMismatch):
    """The signature's own ignore list covers files that are present. Every present file
    must be signed, so such a signature cannot vouch for the directory."""


class SourceChanged(ModelRefused):
    """A file changed size, type or place while it was being read."""


class SigningUnavailable(SigningError):
    """No verdict: signing or verification could not run (setup or I/O problem)."""


class ModelUnreadable(SigningUnavailable):
    """The model directory or one of its files cannot be read (permissions, I/O error)."""


class BadSignerPin(SigningUnavailable):
    """A signer pin is malformed or its key or root cannot be read."""


class StagingFailed(SigningUnavailable):
    """The staging area is unusable: wrong owner or mode, out of space, I/O error."""
