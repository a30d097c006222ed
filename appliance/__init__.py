"""The secure inference appliance daemon."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("secure-inference-appliance")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"

__all__ = ["__version__"]
