"""`appliance model build-demo`."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any


def register(commands: Any) -> None:
    """Add this module's commands to the parser."""
    model = commands.add_parser("model", help="Models.")
    model_commands = model.add_subparsers(dest="model_command", required=True)
    demo = model_commands.add_parser(
        "build-demo", help="Build the small random-weight demo model (no download)."
    )
    demo.add_argument("directory", type=Path)
    demo.set_defaults(run=_build_demo)


def _build_demo(args: argparse.Namespace) -> int:
    from appliance.engine.demo_model import build_demo_model

    started = time.monotonic()
    build_demo_model(args.directory)
    print(f"demo model written to {args.directory} in {time.monotonic() - started:.1f} s")
    return 0
