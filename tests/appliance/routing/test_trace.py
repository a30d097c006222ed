"""Trace parsing: the Azure format, any column order, and line-numbered errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from appliance.routing.errors import TraceFormatError
from appliance.routing.simulation import TraceRow, build_workload, load_trace, parse_trace

SHARED_TRACE = Path("/work/shared/traces/azure_llm_2023_code.csv")
HEADER = "TIMESTAMP,ContextTokens,GeneratedTokens"

BAD = [
    ("empty", [], "<trace>:1: empty file"),
    (
        "header lacks a column",
        ["TIMESTAMP,ContextTokens", "1,2"],
        ":1: header lacks GeneratedTokens",
    ),
    ("header only", [HEADER], "no requests after the header"),
    (
        "prompt not a number",
        [HEADER, "0,10,5", "1,abc,5"],
        ":3: ContextTokens 'abc' is not a whole",
    ),
    ("negative output", [HEADER, "0,10,-1"], ":2: GeneratedTokens -1 is below 0"),
    ("empty prompt", [HEADER, "0,0,3"], ":2: ContextTokens 0 is below 1"),
    ("bad timestamp", [HEADER, "0,1,1", "", "yesterday,1,1"], ":4: TIMESTAMP 'yesterday'"),
    ("short row", [HEADER, "2023-11-16 18:17:03.97,12"], ":2: expected 3 fields, got 2"),
    ("infinite time", [HEADER, "inf,1,1"], ":2: TIMESTAMP 'inf' is not finite"),
]


@pytest.mark.parametrize(("lines", "message"), [c[1:] for c in BAD], ids=[c[0] for c in BAD])
def test_bad_rows_are_reported_with_their_line(lines: list[str], message: str) -> None:
    with pytest.raises(TraceFormatError) as error:
        parse_trace(lines)
    assert message in str(error.value)


def test_any_column_order_extra_columns_and_mixed_stamps() -> None:
    rows = parse_trace(
        [
            "GeneratedTokens,Model,TIMESTAMP,ContextTokens",
            "7,x,2023-11-16 18:17:05.5000000,100",
            "0,x,2023-11-16 18:17:03.9799600,50",
            "",
        ]
    )
    assert rows == [TraceRow(0.0, 50, 1), TraceRow(pytest.approx(1.52004), 100, 7)]  # type: ignore[arg-type]


def test_numeric_seconds_work_too() -> None:
    assert parse_trace([HEADER, "10.5,3,4", "12,5,6"]) == [TraceRow(0.0, 3, 4), TraceRow(1.5, 5, 6)]


def test_missing_file_is_a_trace_error(tmp_path: Path) -> None:
    with pytest.raises(TraceFormatError, match="cannot read"):
        load_trace(tmp_path / "nope.csv")


@pytest.mark.skipif(not SHARED_TRACE.exists(), reason="shared Azure trace not present")
def test_the_azure_code_trace_loads() -> None:
    rows = load_trace(SHARED_TRACE)
    assert len(rows) == 8819  # as its README says
    assert rows[0].offset_s == 0.0
    assert 3400 < rows[-1].offset_s < 3500  # about an hour


def test_rate_scale_compresses_arrivals_and_duration_cuts() -> None:
    rows = [TraceRow(float(second), 100, 10) for second in range(10)]
    workload = build_workload(rows, rate_scale=2.0, duration_s=3.0)
    assert [item.arrival_s for item in workload] == [0.0, 0.5, 1.0, 1.5, 2.0, 2.5]
    with pytest.raises(TraceFormatError):
        build_workload(rows, rate_scale=0.0)


def test_class_and_prefix_assignment_is_seeded() -> None:
    rows = [TraceRow(float(second), 100 + second * 37, 10) for second in range(200)]
    first = build_workload(rows, seed=7)
    assert first == build_workload(rows, seed=7)
    assert first != build_workload(rows, seed=8)
    assert {item.sla_class for item in first} == {"realtime", "interactive", "batch"}
    for item in first:
        assert 0 < item.shared_blocks * 16 <= item.prompt_tokens
        assert item.allow_budget_cap == (item.sla_class == "batch")
