"""How the benchmarks report: progress on stderr, Markdown and JSON results, the environment."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
import json
import os
from pathlib import Path
import platform
import subprocess
import sys
from typing import Any

from lib.paths import ROOT


def log(message: str) -> None:
    """Progress, on stderr."""
    print(message, file=sys.stderr, flush=True)


def write_text(path: Path, text: str) -> None:
    """Write a small UTF-8 text file."""
    path.write_text(text, encoding="utf-8")


def write_json(target: Path, data: Any, *, indent: int = 1, quiet: bool = False) -> None:
    """Write `data` as JSON to `target` ('-': stdout); say where on stderr unless `quiet`."""
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    if str(target) == "-":
        print(text)
    else:
        target.write_text(text + "\n", encoding="utf-8")
        if not quiet:
            log(f"JSON written to {target}")


def git_revision() -> str:
    """Return the repository's revision, `-dirty` with uncommitted changes."""
    try:
        done = subprocess.run(
            ["git", "describe", "--always", "--dirty"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
    except OSError, subprocess.CalledProcessError:
        return "(not a git checkout)"
    return done.stdout.strip()


def environment_line(versions: dict[str, Any], revision: str, run: str) -> str:
    """Return the line under a report: date, cores, versions, Home MCP's revision, then `run`."""
    return (
        f"{datetime.now(UTC).date().isoformat()}; {os.cpu_count()} cores; Python "
        f"{versions.get('python', platform.python_version())}; Home Assistant "
        f"{versions.get('homeassistant', '?')}; mcp {versions.get('mcp', '?')}; "
        f"Home MCP {revision}; {run}"
    )


def json_header(versions: dict[str, Any], revision: str) -> dict[str, Any]:
    """Return the first keys of a JSON report: date, cores, versions and revision."""
    return {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "cores": os.cpu_count(),
        "versions": versions,
        "revision": revision,
    }


def milliseconds(value: float | None, *, grouping: bool = False) -> str:
    """Return a time in ms for a table: one decimal under 100, whole above, "–" for none.

    grouping: thousands separated by commas (1,234).
    """
    if value is None:
        return "–"
    return f"{value:.1f}" if value < 100 else f"{value:{',' if grouping else ''}.0f}"


def table_row(first: str, cells: Iterable[str]) -> str:
    """Return one row of a Markdown table: its first cell, then the others."""
    return f"| {first} | " + " | ".join(cells) + " |"


def table_rule(columns: int, align: str = "---:") -> str:
    """Return the rule under a Markdown table's header: the first column left, the rest `align`."""
    return "|" + "|".join(["---"] + [align] * (columns - 1)) + "|"
