"""The hostile-input benchmark's report as Markdown."""

from __future__ import annotations

from typing import Any

from lib.report import table_row, table_rule


def render(report: dict[str, Any]) -> str:
    """Return the report as Markdown."""
    corpus, fuzzed = report["corpus"], report["fuzz"]
    probe, audit = report["probe"], report["audit"]
    lines = [f"# Hostile input against {report['url']}", ""]
    lines += [
        f"## Transport corpus: {corpus['cases']} cases in {corpus['seconds']} s",
        "",
        "| status | cases |",
        "|---|---|",
        *(f"| {status} | {count} |" for status, count in corpus["statuses"].items()),
        "",
        f"- 5xx from Home MCP: **{len(corpus['5xx'])}** {', '.join(corpus['5xx'])}",
        (
            "- 5xx from Home Assistant core (Authorization bytes, not Home MCP's): "
            f"{len(corpus['core_5xx'])} {', '.join(corpus['core_5xx'])}"
        ),
        f"- answers that break the contract: {len(corpus['contract_failures'])}",
    ]
    for name, problems in corpus["contract_failures"].items():
        lines.append(f"  - `{name}`: {' '.join('; '.join(problems).split())[:400]}")
    kinds = sorted(fuzzed["kinds"])
    lines += [
        "",
        f"## Fuzzer: {fuzzed['calls']} tool calls in {fuzzed['seconds']} s",
        "",
        table_row("tool", kinds),
        table_rule(len(kinds) + 1, "---"),
    ]
    for tool, counts in fuzzed["by_tool"].items():
        lines.append(table_row(tool, (str(counts.get(k, 0)) for k in kinds)))
    lines.append(table_row("**all**", (str(fuzzed["kinds"][k]) for k in kinds)))
    lines += [
        "",
        (
            "- protocol or transport errors (a tool call must answer a tool result): "
            f"{len(fuzzed['protocol_errors'])}"
        ),
        *(f"  - {line}" for line in fuzzed["protocol_errors"][:30]),
        f"- invalid arguments answered ok: {len(fuzzed['invalid_accepted'])}",
        *(f"  - {line}" for line in fuzzed["invalid_accepted"][:30]),
        "",
        "## Home Assistant meanwhile",
        "",
        (
            f"- probe (`GET /api/` every {report['probe_interval_ms']:g} ms): "
            f"{probe.get('samples', 0)} answers, {probe.get('failures', 0)} failures; "
            f"median {probe.get('median_ms')} ms, p99 {probe.get('p99_ms')} ms, "
            f"max {probe.get('max_ms')} ms"
        ),
        (
            f"- max event-loop stall: **{probe.get('max_stall_ms')} ms** "
            f"(during {probe.get('max_stall_during')})"
        ),
        (
            f"- audit entries recorded during the run: {audit['recorded_during_run']}; "
            f"lost (not in .storage/home_mcp.audit): **{audit['lost']}**"
            + (f" ({audit['error']})" if audit["error"] else "")
        ),
        f"- locks, covers, valves, alarm panels changed: {report['guarded_changed'] or 'none'}",
        "",
        "## Musts",
        "",
        *(f"- {'PASS' if ok else 'FAIL'}: {name}" for name, ok in report["musts"].items()),
    ]
    return "\n".join(lines)
