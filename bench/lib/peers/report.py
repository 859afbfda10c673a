"""The peers benchmark's report: one house's side-by-side table, its notes, and its JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from lib.peers.calls import Samples
from lib.peers.run import ServerResult, SizeResult
from lib.peers.servers import HOME_MCP, OPERATIONS, operation_labels
from lib.report import milliseconds, table_row, table_rule, write_text
from lib.stats import median, p95

if TYPE_CHECKING:
    from pathlib import Path

NONE: Final = "—"
"""A server without a tool for the operation (core: no search, no single-entity read)."""


def _timing(server: ServerResult, operation: str) -> str:
    if server.failure is not None:
        return "failed"
    samples = server.operations.get(operation)
    if samples is None:
        return NONE
    if operation in server.missing:
        return "not listed"
    if not samples.ms:
        return f"errors ({samples.errors}/{samples.calls})"
    cell = f"{milliseconds(median(samples.ms))} / {milliseconds(p95(samples.ms))}"
    return f"{cell} ({samples.errors} errors)" if samples.errors else cell


def _bytes(server: ServerResult, operation: str) -> str:
    samples = server.operations.get(operation)
    if samples is None or samples.response_bytes is None:
        return NONE if samples is None and server.failure is None else ""
    return f"{samples.response_bytes:,}"


def _median(server: ServerResult, operation: str) -> float | None:
    samples = server.operations.get(operation)
    return median(samples.ms) if samples is not None and server.failure is None else None


def ratio(result: SizeResult, operation: str) -> float | None:
    """Return Home MCP's median over the fastest other server's, for one operation."""
    home = next((s for s in result.servers if s.key == HOME_MCP), None)
    ours = _median(home, operation) if home is not None else None
    others = [
        value
        for server in result.servers
        if server.key != HOME_MCP and (value := _median(server, operation)) is not None
    ]
    if ours is None or not others:
        return None
    return ours / min(others)


def _notes(result: SizeResult) -> list[str]:
    labels = operation_labels(result.ready)
    notes: list[str] = []
    for server in result.servers:
        if server.failure is not None:
            where = f" (log: {server.log})" if server.log else ""
            notes.append(f"- {server.title} could not be measured: {server.failure}{where}")
            continue
        for operation, missing in server.missing.items():
            notes.append(
                f"- {server.title}, {labels[operation]}: does not list {', '.join(missing)}"
            )
        for operation, samples in server.operations.items():
            if samples is not None and samples.errors and operation not in server.missing:
                notes.append(
                    f"- {server.title}, {labels[operation]}: {samples.errors}/{samples.calls} "
                    f"calls failed, the first: {samples.first_error}"
                )
    return notes


def _servers_line(result: SizeResult) -> str:
    parts = []
    for server in result.servers:
        if server.failure is not None:
            parts.append(f"{server.title}: failed")
            continue
        details = f", started in {server.started_s:.1f} s" if server.started_s is not None else ""
        if server.connect_s is not None:
            details += f", initialize {server.connect_s * 1000:.0f} ms"
        parts.append(
            f"{server.title} ({server.server_info}, {server.tools} tools, at {server.url}{details})"
        )
    return "- Servers: " + "; ".join(parts) + "."


def _tools_lines(result: SizeResult) -> list[str]:
    labels = operation_labels(result.ready)
    lines = []
    for operation in OPERATIONS[1:]:
        used = [
            f"{server.title} `{' / '.join(samples.tools)}`"
            for server in result.servers
            if (samples := server.operations.get(operation)) is not None and samples.tools
        ]
        if used:
            lines.append(f"  - {labels[operation]}: " + ", ".join(used))
    return lines


def render(result: SizeResult) -> str:
    """Return one house's report as Markdown."""
    ready = result.ready
    core = ready.get("core_mcp_server") or {}
    labels = operation_labels(ready)
    lines = [
        f"### N = {result.size:,} entities, side by side",
        "",
        (
            f"- House: {ready['entities']:,} entities, {ready['devices']:,} devices, "
            f"{ready['areas']} areas; ready {result.ready_after_s:.1f} s after the start of "
            f"Home Assistant. Core's mcp_server: LLM API {core.get('llm_hass_api')}, "
            f"{core.get('exposed', 0):,} entities exposed to {core.get('exposed_to')}; "
            f"the computed name put back first in the aliases of "
            f"{core.get('computed_name_restored', 0):,} entities (Assist matches names there)."
        ),
        _servers_line(result),
        "- Tools called:",
        *_tools_lines(result),
        "",
    ]
    header = ["operation"]
    for server in result.servers:
        header += [f"{server.title} median / p95 ms", f"{server.title} bytes"]
    header.append("Home MCP ÷ fastest peer")
    lines += [table_row(header[0], header[1:]), table_rule(len(header))]
    for operation in OPERATIONS:
        cells = []
        for server in result.servers:
            cells += [_timing(server, operation), _bytes(server, operation)]
        value = ratio(result, operation)
        cells.append(NONE if value is None else f"{value:.2f}")
        lines.append(table_row(labels[operation], cells))
    if notes := _notes(result):
        lines += ["", *notes]
    return "\n".join(lines) + "\n"


def dump_answers(result: SizeResult, directory: Path) -> list[Path]:
    """Write each server's last answer per operation to `<key>-<operation>.json`."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for server in result.servers:
        for operation, samples in server.operations.items():
            if samples is None or samples.last is None:
                continue
            path = directory / f"{server.key}-{operation.replace('/', '_')}.json"
            write_text(path, json.dumps(samples.last, ensure_ascii=False, indent=1) + "\n")
            written.append(path)
    return written


def _samples_json(samples: Samples | None) -> dict[str, Any] | None:
    if samples is None:
        return None
    return {
        "tools": samples.tools,
        "median_ms": median(samples.ms),
        "p95_ms": p95(samples.ms),
        "min_ms": min(samples.ms) if samples.ms else None,
        "calls": samples.calls,
        "errors": samples.errors,
        "first_error": samples.first_error,
        "response_bytes": samples.response_bytes,
        "samples_ms": [round(value, 3) for value in samples.ms],
    }


def to_json(result: SizeResult) -> dict[str, Any]:
    """Return one house's results as JSON-ready data."""
    house = {k: v for k, v in result.ready.items() if k != "token"}
    return {
        "size": result.size,
        "house": house,
        "ready_after_s": result.ready_after_s,
        "servers": [
            {
                "key": server.key,
                "title": server.title,
                "url": server.url,
                "server_info": server.server_info,
                "started_s": server.started_s,
                "connect_s": server.connect_s,
                "tools": server.tools,
                "failure": server.failure,
                "missing": server.missing,
                "log": str(server.log) if server.log else None,
                "operations": {
                    operation: _samples_json(samples)
                    for operation, samples in server.operations.items()
                },
            }
            for server in result.servers
        ],
        "home_mcp_over_fastest_peer": {
            operation: ratio(result, operation) for operation in OPERATIONS
        },
    }
