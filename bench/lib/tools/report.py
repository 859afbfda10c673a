"""The tools benchmark's report: one size's Markdown table and its JSON-ready data."""

from __future__ import annotations

import argparse
from typing import Any, Final

from lib.report import milliseconds, table_row, table_rule
from lib.stats import median, p95
from lib.tools.calls import Samples, SizeResult

MB: Final = 1024


def _mb(kb: int) -> str:
    return f"{kb / MB:.0f} MB"


def render(result: SizeResult, args: argparse.Namespace) -> str:
    """Return the report of one size as Markdown."""
    ready = result.ready
    timings = ready["timings"]
    memory = ready["memory"]
    history = ready["history"]
    lines = [
        f"### N = {result.size:,} entities",
        "",
        (
            f"- State machine: {ready['entities']:,} entities ({ready['planned_entities']:,} "
            f"built by bench_house, {ready['entities_before_house']} from Home Assistant, "
            f"scripts and scenes); {ready['devices']:,} devices, {ready['areas']} areas, "
            f"{ready['floors']} floors, {ready['labels']} labels."
        ),
        (
            f"- House build: {timings['house_s']:.1f} s (history "
            f"{history['sensors']} sensors × {history['points'] // max(1, history['sensors'])} "
            f"points = {history['points']:,} states in {timings['history_s']:.1f} s; entities "
            f"{timings['entities_s']:.1f} s; registries {timings['furnish_s']:.1f} s). Home MCP "
            f"set up in {timings['home_mcp_s']:.2f} s; ready {result.ready_after_s:.1f} s "
            "after the start of Home Assistant."
        ),
        (
            f"- Memory of the Home Assistant process: RSS {_mb(memory['started_rss_kb'])} "
            f"when it was running, {_mb(memory['house_rss_kb'])} with the house, "
            f"{_mb(result.final_memory['rss_kb'])} after the calls; peak "
            f"{_mb(result.final_memory['max_rss_kb'])} (getrusage ru_maxrss)."
        ),
        (
            f"- Machine load (1-minute average) when the calls began and ended: "
            f"{result.load[0]:.2f} and {result.load[1]:.2f}."
        ),
    ]
    if (index := result.index) is not None:
        filters = index["filter_us"]
        lines.append(
            f"- Home MCP's entities' index (a fresh one, as the entry fills it): "
            f"{index['memory_bytes'] / 2**20:.1f} MB held (tracemalloc) for "
            f"{index['views']:,} entities and {index['distinct_values']:,} distinct names, "
            f"built in {index['build_ms']:.0f} ms; idle, its `state_changed` filter costs "
            f"{filters['state_change']:.2f} µs per state change "
            f"({filters['rename']:.2f} µs for a rename)."
        )
    lines.append("")
    modes = [mode for mode in ("sdk", "raw") if args.client in (mode, "both")]
    header = ["tool"]
    for mode in modes:
        header += [f"{mode} median ms", f"{mode} p95 ms"]
    header += [
        "handler median ms",
        "finalize median ms",
        "GC ms per call",
        "result bytes",
        "cut to budget",
    ]
    if "raw" in modes:
        header.append("HTTP body bytes")
    lines.append(table_row(header[0], header[1:]))
    lines.append(table_rule(len(header)))
    notes: list[str] = []
    for row in result.rows:
        if not row.available:
            lines.append(
                table_row(row.case.label, ["tool not available"] + [""] * (len(header) - 2))
            )
            continue
        cells = [row.case.label]
        any_samples: Samples | None = None
        for mode in modes:
            samples = row.modes.get(mode, Samples())
            any_samples = any_samples or (samples if samples.ms else None)
            cells += [milliseconds(median(samples.ms)), milliseconds(p95(samples.ms))]
            if samples.errors:
                notes.append(
                    f"{row.case.label} ({mode}): {samples.errors}/{len(samples.ms)} calls "
                    f"answered an error, e.g. {samples.first_error}"
                )
        cells += [milliseconds(median(row.handler_ms)), milliseconds(median(row.finalize_ms))]
        cells.append(milliseconds(row.gc_ms / row.gc_calls) if row.gc_calls else "–")
        result_bytes = any_samples.result_bytes if any_samples else None
        cells.append(f"{result_bytes:,}" if result_bytes is not None else "–")
        omitted = any_samples.omitted if any_samples else None
        cells.append(f"{omitted} items" if omitted else "no")
        if "raw" in modes:
            body = row.modes.get("raw", Samples()).body_bytes
            cells.append(f"{body:,}" if body is not None else "–")
        lines.append(table_row(cells[0], cells[1:]))
    if notes:
        lines += ["", *(f"- Error: {note}" for note in notes)]
    return "\n".join(lines) + "\n"


def to_json(result: SizeResult) -> dict[str, Any]:
    """Return one size's results as JSON-ready data."""
    ready = {k: v for k, v in result.ready.items() if k != "token"}
    rows = []
    for row in result.rows:
        entry: dict[str, Any] = {
            "label": row.case.label,
            "tool": row.case.tool,
            "available": row.available,
        }
        if row.available:
            entry["modes"] = {
                mode: {
                    "median_ms": median(samples.ms),
                    "p95_ms": p95(samples.ms),
                    "min_ms": min(samples.ms) if samples.ms else None,
                    "calls": len(samples.ms),
                    "errors": samples.errors,
                    "first_error": samples.first_error,
                    "result_bytes": samples.result_bytes,
                    "body_bytes": samples.body_bytes,
                    "omitted_to_fit_budget": samples.omitted,
                    "samples_ms": [round(value, 3) for value in samples.ms],
                }
                for mode, samples in row.modes.items()
            }
            entry["handler_median_ms"] = median(row.handler_ms)
            entry["finalize_median_ms"] = median(row.finalize_ms)
            entry["gc_ms_per_call"] = row.gc_ms / row.gc_calls if row.gc_calls else None
        rows.append(entry)
    return {
        "size": result.size,
        "house": ready,
        "ready_after_s": result.ready_after_s,
        "memory": result.final_memory,
        "load_average_1m": list(result.load),
        "entity_index": result.index,
        "rows": rows,
    }
