"""Benchmark screening: latency of each pass and of a keyword baseline, and quality vs it.

Run: .venv/bin/python bench/screening.py [--limit N]. Uses the held-out test split of the
dev corpus (never trained or calibrated on), the held-out part of the benign augmentation
(appliance/screening/data/) and the hand-made fixtures in tests/assets/screening/ (see the
README there).
"""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from appliance.screening import (
    HashedLinearModel,
    LabelledText,
    Screener,
    ScreeningSettings,
    StructuralPass,
    load_labelled,
    stratified_split,
)
from appliance.screening.augmentation import augmentation_split
from appliance.screening.corpus import DEFAULT_CORPUS
from appliance.screening.embedding import EmbeddingHead, shared_encoder
from appliance.screening.metrics import (
    percentiles,
    rates,
    roc_auc,
    threshold_at_fpr,
    tpr_at_fpr,
)

ASSETS = Path(__file__).resolve().parents[1] / "tests" / "assets" / "screening"
_KEYWORDS = re.compile(
    r"ignore (?:all )?(?:previous|prior|above) instructions|disregard|forget (?:everything|all)"
    r"|system prompt|jailbreak|\bdan\b|developer mode|you are now|pretend|act as|"
    r"no restrictions|reveal|bypass|override|base64|<\|im_start\|>|\[inst\]",
    re.IGNORECASE,
)


def keyword_score(text: str) -> float:
    """The baseline: keyword hits, squashed to [0, 1]."""
    hits = len(_KEYWORDS.findall(text))
    return hits / (hits + 1.0)


def timed(function: Callable[[str], object], texts: Sequence[str]) -> list[float]:
    """Per-text latency in milliseconds."""
    out: list[float] = []
    for text in texts:
        started = time.perf_counter()
        function(text)
        out.append((time.perf_counter() - started) * 1000.0)
    return out


def _line(name: str, latencies: Sequence[float]) -> str:
    p50, p95, p99 = percentiles(latencies, (50, 95, 99))
    return f"{name:<12} p50 {p50:7.3f} ms  p95 {p95:7.3f} ms  p99 {p99:7.3f} ms"


def _per_group(rows: Sequence[LabelledText], scores: Sequence[float], threshold: float) -> None:
    """Flagged fraction per source and per category at the 1%-FPR threshold."""
    groups: dict[str, list[bool]] = {}
    for row, score in zip(rows, scores, strict=True):
        source = "/".join(row.source.split("#")[0].split(" ")[0].split("/")[-2:]) or "-"
        for key in (f"{row.label}:source {source[-45:]}", f"{row.label}:{row.category or '-'}"):
            groups.setdefault(key, []).append(score >= threshold)
    print(f"  flagged at the 1%-FPR threshold ({threshold:.3f}), per group:")
    for key, hits in sorted(groups.items()):
        print(f"    {key:<62} {sum(hits):>5}/{len(hits):<5} {sum(hits) / len(hits):.3f}")


def main() -> None:
    """Print the report."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=0, help="Use only N held-out rows.")
    args = parser.parse_args()
    settings = ScreeningSettings()
    model = HashedLinearModel.load()
    screener = Screener.load(settings)
    first_opinion = Screener(settings, model)  # without the embedding head's second opinion
    band = EmbeddingHead.load().band
    encoder = shared_encoder()
    structural = StructuralPass(settings)
    test = stratified_split(load_labelled(DEFAULT_CORPUS)).test
    if args.limit:
        # Evenly through the split, which is grouped by label: its first N rows are benign
        # only, and would leave the quality figures undefined.
        test = test[:: max(1, len(test) // args.limit)][: args.limit]
    short = [row.text for row in test if len(row.text.encode()) <= 2048]
    for text in short[:50]:
        screener.screen(text)  # warm caches and lazy imports

    print(f"latency on {len(short)} held-out prompts of at most 2 KB (one at a time):")
    full = timed(screener.screen, short)
    print(_line("full", full))
    print(_line("structural", timed(structural.run, short)))
    print(_line("semantic", timed(lambda text: model.score_batch([(text, ())]), short)))
    print(_line("no 2nd op.", timed(first_opinion.screen, short)))
    print(_line("encoder", timed(lambda text: encoder.embed([text]), short)))
    consulted = sum(band[0] <= first_opinion.screen(text).score <= band[1] for text in short)
    print(
        f"  (encoder: the sentence encoder alone on every prompt; the detector consults it for "
        f"scores in {band[0]}-{band[1]}, {consulted} of {len(short)} prompts here)"
    )
    baseline = timed(keyword_score, short)
    print(_line("keywords", baseline))
    ratio = percentiles(full, (50,))[0] / max(percentiles(baseline, (50,))[0], 1e-9)
    print(f"p50 ratio detector/keywords: {ratio:.1f}x")

    labels = [row.label for row in test]
    detector_scores = [screener.screen(row.text).score for row in test]
    keyword_scores = [keyword_score(row.text) for row in test]
    ours = tpr_at_fpr(labels, detector_scores, 0.01)
    theirs = tpr_at_fpr(labels, keyword_scores, 0.01)
    print(f"\nheld-out test split ({len(test)} rows, never trained on):")
    print(f"  detector TPR@1%FPR {ours:.4f}  AUC {roc_auc(labels, detector_scores):.4f}")
    print(f"  keywords TPR@1%FPR {theirs:.4f}  AUC {roc_auc(labels, keyword_scores):.4f}")
    print(f"  ratio detector/keywords TPR@1%FPR: {ours / max(theirs, 1e-9):.2f}x")
    alone = [first_opinion.screen(row.text).score for row in test]
    print(
        f"  without the embedding head's second opinion: TPR@1%FPR "
        f"{tpr_at_fpr(labels, alone, 0.01):.4f}  AUC {roc_auc(labels, alone):.4f}"
    )
    at_half = rates(labels, detector_scores, 0.5)
    print(f"  detector at threshold 0.5: TPR {at_half.tpr:.4f} FPR {at_half.fpr:.4f}")
    _per_group(test, detector_scores, threshold_at_fpr(labels, detector_scores, 0.01))

    held = augmentation_split().test
    flags = [verdict.injection for verdict in screener.screen_batch([row.text for row in held])]
    benign_flags = [flag for row, flag in zip(held, flags, strict=True) if row.label == 0]
    attack_flags = [flag for row, flag in zip(held, flags, strict=True) if row.label == 1]
    print(
        f"\nheld-out part of the augmentation (never trained on, same templates and authors "
        f"as the trained part): flags {sum(benign_flags)} of {len(benign_flags)} benign rows, "
        f"catches {sum(attack_flags)} of {len(attack_flags)} hand-written attacks"
    )

    print("\nhand-made fixtures at threshold 0.5 (see tests/assets/screening/README.md):")
    scored: dict[str, tuple[list[int], list[float], list[float]]] = {}
    for name in (
        "hard_benign",
        "attacks",
        "handwritten_benign",
        "handwritten_attacks",
        "check_benign",
        "check_attacks",
        "holdout_benign",
        "holdout_attacks",
        "fresh_benign",
        "fresh_attacks",
        "blind_benign",
        "blind_attacks",
        "sealed_benign",
        "sealed_attacks",
        "sealed2_benign",
        "sealed2_attacks",
        "sealed3_benign",
        "sealed3_attacks",
        "sealed4_benign",
        "sealed4_attacks",
        "workplace_benign",
        "subtle_attacks",
        "quoted_benign",
        "quoted2_benign",
        "quoted2_attacks",
        "agent_benign",
        "agent_attacks",
        "agent2_benign",
        "agent2_attacks",
        "sealed5_benign",
        "sealed5_attacks",
        "sealed6_benign",
        "sealed6_attacks",
        "weak_kinds_benign",
        "weak_kinds_attacks",
        "dark_benign",
        "sealed7_benign",
        "sealed7_attacks",
        "tool_results_benign",
        "tool_results_attacks",
        "tool_results2_benign",
        "tool_results2_attacks",
        "quoted3_benign",
        "quoted3_attacks",
        "sealed8_benign",
        "sealed8_attacks",
        "sealed9_benign",
        "sealed9_attacks",
        "written25_benign",
        "written25_attacks",
        "written26_benign",
        "written26_attacks",
        "quoted28_benign",
        "sealed10_benign",
        "sealed10_attacks",
        "sealed11_benign",
        "sealed11_attacks",
        "sealed12_benign",
        "sealed12_attacks",
        "quoted31_benign",
        "quoted31_attacks",
        "sealed13_benign",
        "sealed13_attacks",
        "quoted32_benign",
        "sealed14_benign",
        "sealed14_attacks",
        "sealed15_benign",
        "sealed15_attacks",
        "reported_benign",
        "reported_attacks",
        "reported2_benign",
        "reported2_attacks",
    ):
        rows: list[LabelledText] = load_labelled(ASSETS / f"{name}.jsonl")
        verdicts = screener.screen_batch([row.text for row in rows])
        flagged = [verdict.injection for verdict in verdicts]
        keyword = [keyword_score(row.text) for row in rows]
        scored[name] = (
            [row.label for row in rows],
            [verdict.score for verdict in verdicts],
            keyword,
        )
        print(
            f"  {name:<22} {len(rows)} rows: detector flags {sum(flagged)}/{len(rows)}, "
            f"keywords flag {sum(score >= 0.5 for score in keyword)}/{len(rows)}"
        )
    print("\nhand-made pairs, benign and attacks together (TPR at 1 % FPR, ROC AUC):")
    for benign, attacks in _PAIRS:
        labels = scored[benign][0] + scored[attacks][0]
        detector = scored[benign][1] + scored[attacks][1]
        keywords = scored[benign][2] + scored[attacks][2]
        print(
            f"  {benign.removesuffix('_benign') + ' pair':<22} detector "
            f"{tpr_at_fpr(labels, detector, 0.01):.3f} / {roc_auc(labels, detector):.3f}, "
            f"keywords {tpr_at_fpr(labels, keywords, 0.01):.3f} / "
            f"{roc_auc(labels, keywords):.3f}"
        )
    # The pairs nobody read, pooled: one threshold for all of them, as a deployment has.
    sealed = [pair for pair in _PAIRS if pair[0].startswith("sealed")]
    labels = [label for pair in sealed for name in pair for label in scored[name][0]]
    detector = [score for pair in sealed for name in pair for score in scored[name][1]]
    keywords = [score for pair in sealed for name in pair for score in scored[name][2]]
    print(
        f"  {f'{len(sealed)} sealed pooled':<22} detector "
        f"{tpr_at_fpr(labels, detector, 0.01):.3f} / {roc_auc(labels, detector):.3f}, "
        f"keywords {tpr_at_fpr(labels, keywords, 0.01):.3f} / "
        f"{roc_auc(labels, keywords):.3f}"
    )


# Benign and attack fixtures written as a pair (the last by two authors who never met).
_PAIRS = (
    ("handwritten_benign", "handwritten_attacks"),
    ("check_benign", "check_attacks"),
    ("holdout_benign", "holdout_attacks"),
    ("fresh_benign", "fresh_attacks"),
    ("blind_benign", "blind_attacks"),
    ("sealed_benign", "sealed_attacks"),
    ("sealed2_benign", "sealed2_attacks"),
    ("sealed3_benign", "sealed3_attacks"),
    ("sealed4_benign", "sealed4_attacks"),
    ("workplace_benign", "subtle_attacks"),
    ("quoted2_benign", "quoted2_attacks"),
    ("agent_benign", "agent_attacks"),
    ("agent2_benign", "agent2_attacks"),
    ("sealed5_benign", "sealed5_attacks"),
    ("sealed6_benign", "sealed6_attacks"),
    ("weak_kinds_benign", "weak_kinds_attacks"),
    ("sealed7_benign", "sealed7_attacks"),
    ("tool_results_benign", "tool_results_attacks"),
    ("tool_results2_benign", "tool_results2_attacks"),
    ("quoted3_benign", "quoted3_attacks"),
    ("sealed8_benign", "sealed8_attacks"),
    ("sealed9_benign", "sealed9_attacks"),
    ("sealed10_benign", "sealed10_attacks"),
    ("sealed11_benign", "sealed11_attacks"),
    ("sealed12_benign", "sealed12_attacks"),
    ("quoted31_benign", "quoted31_attacks"),
    ("sealed13_benign", "sealed13_attacks"),
    ("sealed14_benign", "sealed14_attacks"),
    ("sealed15_benign", "sealed15_attacks"),
    ("reported_benign", "reported_attacks"),
    ("reported2_benign", "reported2_attacks"),
    ("written25_benign", "written25_attacks"),
    ("written26_benign", "written26_attacks"),
)

if __name__ == "__main__":
    main()
