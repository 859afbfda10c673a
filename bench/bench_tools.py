"""Benchmark Home MCP's tools on a real Home Assistant, over real loopback HTTP.

For each house size N (default 120, 2,000 and 10,000 entities) this:

1. writes a fresh configuration directory (recorder on SQLite there, history,
   logbook, scripts, scenes, Home MCP and the `bench_house` integration of
   this directory) and makes Home Assistant listen on a free 127.0.0.1 port;
2. starts Home Assistant the production way, `python -m homeassistant
   --config DIR --skip-pip`, in its own process (no debug mode, no test
   harness, no clock patching);
3. waits for `bench_house` (see bench_house/__init__.py) to build the house
   of N entities with a day of recorded history, create an administrator's
   long-lived access token and add Home MCP;
4. calls each tool over MCP Streamable HTTP at /api/mcp, `--calls` times
   after `--warmup` untimed calls, with the official SDK client
   (`mcp.Client` over `streamable_http_client`, httpx2; it parses the result
   with pydantic and validates `structuredContent` against the tool's output
   schema) and with raw JSON-RPC POSTs over httpx2 (the server's time plus
   HTTP, no client-side validation);
5. reads what the server measured inside Home MCP (tool handler, and
   `finalize`: cleaning and fitting the byte budget) and its memory;
6. optionally profiles `home_overview` with cProfile inside Home Assistant;
7. stops Home Assistant with one SIGTERM.

Memory is the RSS of the Home Assistant process (the client runs in this
process, so it is not counted): `getrusage(RUSAGE_SELF).ru_maxrss` for the
peak, /proc/self/statm for the RSS at each step.

Run it with script/bench (it installs .venv-demo, Home Assistant 2026.11.0),
or `.venv-demo/bin/python bench/bench_tools.py --help`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
from pathlib import Path
import sys
from typing import TYPE_CHECKING, Any

from lib.clients import authorized_client, sdk_client
from lib.home_assistant import DEFAULT_SIZES, running_house, stop_on_sigterm
from lib.paths import ROOT
from lib.report import environment_line, git_revision, json_header, log, write_json, write_text
from lib.stats import median
from lib.tools.calls import (
    TOOLS_LIST,
    Caller,
    RawCaller,
    Row,
    Samples,
    SdkCaller,
    SizeResult,
    cases,
    profile_tool,
    run_case,
    server_stats,
)
from lib.tools.report import render, to_json

if TYPE_CHECKING:
    import httpx2


async def bench_size(size: int, args: argparse.Namespace) -> SizeResult:
    """Start Home Assistant with a house of `size` entities and benchmark it."""
    async with running_house(
        f"home-mcp-bench-{size}-", size, args.history_sensors, keep=args.keep, label=f"N={size}: "
    ) as house:
        ready = house.ready
        log(
            f"N={size}: ready after {house.ready_after_s:.1f} s "
            f"(house built in {ready['timings']['house_s']:.1f} s, "
            f"{ready['entities']} entities)"
        )
        return await bench_running(size, args, ready, house.ready_after_s, house.base_url)


async def bench_running(
    size: int,
    args: argparse.Namespace,
    ready: dict[str, Any],
    ready_after: float,
    base_url: str,
) -> SizeResult:
    """Benchmark the running Home Assistant."""
    url = f"{base_url}/api/mcp"
    rows = [Row(case) for case in cases(ready)]
    profile: str | None = None
    load_before = os.getloadavg()[0]
    async with authorized_client(ready["token"]) as http:
        if args.client in ("raw", "both"):
            await run_mode(RawCaller(http, url), rows, http, base_url, args, size)
        if args.client in ("sdk", "both"):
            async with sdk_client(url, http) as client:
                await run_mode(SdkCaller(client), rows, http, base_url, args, size)
        for row in rows:
            if not row.available or not row.case.label.startswith(args.profile):
                continue
            row_ms = median((row.modes.get("raw") or row.modes.get("sdk") or Samples()).ms)
            if args.profile_over < 0 or row_ms is None or row_ms <= args.profile_over:
                continue
            args.out.mkdir(parents=True, exist_ok=True)
            name = "".join(c if c.isalnum() else "_" for c in row.case.label).strip("_")
            path = args.out / f"profile-{name}-{size}.txt"
            log(f"N={size}: {row.case.label} median {row_ms:.1f} ms: profiling into {path}")
            text = await profile_tool(RawCaller(http, url), row.case, http, base_url, path)
            profile = text if profile is None else f"{profile}\n{text}"
        load_after = os.getloadavg()[0]
        stats = await server_stats(http, base_url, reset=True)
        response = await http.get(f"{base_url}/api/bench_house/index", timeout=120)
        response.raise_for_status()
        index = response.json()
    # ru_maxrss is a high-water mark the kernel updates lazily: never below a
    # resident size measured earlier.
    peak = max(
        stats["max_rss_kb"],
        stats["rss_kb"],
        *(value for key, value in ready["memory"].items() if key.endswith("rss_kb")),
    )
    memory = {"rss_kb": stats["rss_kb"], "max_rss_kb": peak}
    return SizeResult(
        size, ready, ready_after, rows, memory, (load_before, load_after), profile, index
    )


async def run_mode(
    caller: Caller,
    rows: list[Row],
    http: httpx2.AsyncClient,
    base_url: str,
    args: argparse.Namespace,
    size: int,
) -> None:
    """Run every case in one client mode."""
    available = await caller.list_tools() | {TOOLS_LIST}
    for row in rows:
        if row.case.tool not in available:
            row.available = False
            continue
        log(f"  N={size} {caller.mode}: {row.case.label}")
        last = await run_case(caller, row.case, row, http, base_url, args.calls, args.warmup)
        if args.dump and caller.mode == "raw":
            args.out.mkdir(parents=True, exist_ok=True)
            name = "".join(c if c.isalnum() else "_" for c in row.case.label).strip("_")
            path = args.out / f"response-{size}-{name}.json"
            write_text(path, json.dumps(last, ensure_ascii=False, indent=1) + "\n")


async def main_async(args: argparse.Namespace) -> int:
    """Benchmark every size in turn; print the tables."""
    results = []
    for size in args.sizes:
        result = await bench_size(size, args)
        results.append(result)
        print(render(result, args), flush=True)
    first = results[0].ready["versions"] if results else {}
    revision = git_revision()
    print(
        environment_line(
            first,
            revision,
            f"{args.calls} timed calls per tool after {args.warmup} warm-up calls.",
        ),
        flush=True,
    )
    if args.json is not None:
        data = {
            **json_header(first, revision),
            "calls": args.calls,
            "warmup": args.warmup,
            "sizes": [to_json(result) for result in results],
        }
        write_json(args.json, data)
    return 0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(
        description="Benchmark Home MCP's tools on a real Home Assistant over loopback HTTP."
    )
    parser.add_argument(
        "-n",
        "--sizes",
        type=lambda text: [int(part) for part in text.split(",") if part],
        default=list(DEFAULT_SIZES),
        help="house sizes, comma-separated (default: 120,2000,10000)",
    )
    parser.add_argument("--calls", type=int, default=50, help="timed calls per tool (50)")
    parser.add_argument("--warmup", type=int, default=3, help="untimed calls first (3)")
    parser.add_argument(
        "--client",
        choices=("sdk", "raw", "both"),
        default="both",
        help="the MCP SDK client, raw JSON-RPC POSTs, or both (default)",
    )
    parser.add_argument(
        "--history-sensors", type=int, default=200, help="sensors with a day of history (200)"
    )
    parser.add_argument(
        "--profile-over",
        type=float,
        default=25.0,
        help="profile the --profile rows whose median is above this many ms "
        "(default 25; 0 always, -1 never)",
    )
    parser.add_argument(
        "--profile",
        default="home_overview",
        help="which rows to profile: their label starts with this (default home_overview; "
        "'' every row)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "artifacts" / "bench",
        help="where profiles and dumps go (default artifacts/bench/)",
    )
    parser.add_argument(
        "--json", type=Path, default=None, help="also write the results as JSON ('-': stdout)"
    )
    parser.add_argument(
        "--dump",
        action="store_true",
        help="write the last answer of each tool (raw client) to --out, to see what was measured",
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep each run's Home Assistant config directory"
    )
    return parser.parse_args(argv)


def main() -> int:
    """Run the benchmark."""
    stop_on_sigterm()
    return asyncio.run(main_async(parse_args()))


if __name__ == "__main__":
    sys.exit(main())
