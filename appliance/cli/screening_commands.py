"""`appliance scan`, `appliance screening eval` and `appliance screening train`."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from appliance.screening import (
    HashedLinearModel,
    Screener,
    ScreeningError,
    ScreeningSettings,
    evaluate,
    load_labelled,
    stratified_split,
    train_head,
)
from appliance.screening.corpus import DEFAULT_CORPUS, SPLIT_SEED
from appliance.screening.embedding import DEFAULT_EMBEDDING_PATH
from appliance.screening.semantic import DEFAULT_MODEL_PATH
from appliance.screening.training import TrainingOptions, calibrate_head, train_embedding_head

_SCAN_BATCH = 64


def register(commands: Any) -> None:
    """Add this module's commands to the parser."""
    scan = commands.add_parser(
        "scan", help="Screen JSON lines ({'text': ...}) for prompt injection; one verdict a line."
    )
    scan.add_argument("file", nargs="?", default="-", help="Input file, or - for stdin.")
    scan.add_argument("--threshold", type=float, default=0.5, help="Score at which to act.")
    scan.add_argument("--action", choices=("block", "flag", "allow"), default="block")
    scan.add_argument("--model", type=Path, default=None, help="Semantic head (.npz).")
    scan.add_argument("--embedding-model", type=Path, default=None, help="Embedding head.")
    scan.set_defaults(run=_scan)

    screening = commands.add_parser("screening", help="Prompt-injection screening tools.")
    screening_commands = screening.add_subparsers(dest="screening_command", required=True)

    evaluate_parser = screening_commands.add_parser(
        "eval", help="Quality and latency on labelled JSON lines (text, label, category)."
    )
    evaluate_parser.add_argument("file", type=Path)
    evaluate_parser.add_argument("--threshold", type=float, default=0.5)
    evaluate_parser.add_argument("--model", type=Path, default=None)
    evaluate_parser.add_argument("--embedding-model", type=Path, default=None)
    evaluate_parser.set_defaults(run=_evaluate)

    train = screening_commands.add_parser(
        "train", help="Fit the semantic head on the training split and report the test split."
    )
    train.add_argument("--data", type=Path, default=DEFAULT_CORPUS)
    train.add_argument("--out", type=Path, default=DEFAULT_MODEL_PATH, help="Semantic head.")
    train.add_argument(
        "--embedding-out",
        type=Path,
        default=DEFAULT_EMBEDDING_PATH,
        help="Embedding head (the second opinion on uncertain prompts).",
    )
    train.add_argument(
        "--no-embedding",
        action="store_true",
        help="Train the semantic head only (the embedding step takes a few minutes).",
    )
    train.add_argument(
        "--augmentation-weight",
        type=_weight,
        default=TrainingOptions().augmentation_weight,
        metavar="W",
        help="Weight of the built-in benign and hand-written rows added to --data "
        "(default %(default)s, as the shipped heads; 0 trains on --data alone).",
    )
    train.add_argument("--seed", type=int, default=SPLIT_SEED, help="Split seed.")
    train.set_defaults(run=_train)


def _weight(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.0 <= value < float("inf"):  # also refuses NaN
        raise argparse.ArgumentTypeError(f"must be a finite number >= 0, got {text!r}")
    return value


def _settings(model: Path | None, embedding: Path | None) -> ScreeningSettings:
    return ScreeningSettings(model_path=model, embedding_head_path=embedding)


def _batches(handle: IO[str]) -> Iterator[list[str]]:
    batch: list[str] = []
    for line in handle:
        if not line.strip():
            continue
        item = json.loads(line)
        text = item.get("text") if isinstance(item, dict) else None
        if not isinstance(text, str):
            raise ValueError("each line needs a string field 'text'")
        batch.append(text)
        if len(batch) >= _SCAN_BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def _scan(args: argparse.Namespace) -> int:
    try:
        screener = Screener.load(_settings(args.model, args.embedding_model))
        handle = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")  # noqa: SIM115
        with handle:
            for batch in _batches(handle):
                for verdict in screener.screen_batch(
                    batch, threshold=args.threshold, action=args.action
                ):
                    print(json.dumps(verdict.as_dict(), ensure_ascii=False))
    except (ScreeningError, OSError, ValueError) as exc:
        print(f"appliance scan: {exc}", file=sys.stderr)
        return 1
    return 0


def _evaluate(args: argparse.Namespace) -> int:
    try:
        screener = Screener.load(_settings(args.model, args.embedding_model))
        report = evaluate(screener, load_labelled(args.file), threshold=args.threshold)
    except (ScreeningError, OSError) as exc:
        print(f"appliance screening eval: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(report.as_dict(), indent=2))
    return 0


def _train(args: argparse.Namespace) -> int:
    try:
        split = stratified_split(load_labelled(args.data), seed=args.seed)
        options = TrainingOptions(augmentation_weight=args.augmentation_weight)
        model = calibrate_head(train_head(split.train, options=options), split.validation, options)
        model.save(args.out)
        print(f"wrote {args.out} ({len(split.train)} train rows)", flush=True)
        if args.no_embedding:
            screener = Screener(ScreeningSettings(), HashedLinearModel.load(args.out))
        else:
            print("embedding the training rows (a few minutes)", flush=True)
            train_embedding_head(split.train, options).save(args.embedding_out)
            print(f"wrote {args.embedding_out}", flush=True)
            screener = Screener.load(_settings(args.out, args.embedding_out))
        report = evaluate(screener, split.test)
    except (ScreeningError, OSError) as exc:
        print(f"appliance screening train: {exc}", file=sys.stderr)
        return 1
    print("held-out test split:")
    print(json.dumps(report.as_dict(), indent=2))
    return 0
