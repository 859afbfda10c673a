"""Replay the hostile-input corpus and a schema-driven fuzzer against a running `script/demo`.

Not a test (pytest does not collect it) and not CI: it needs a Home
Assistant started by `script/demo`, and reads what that demo prints. It:

1. reads the audit log through the panel's websocket command
   (`/api/websocket`, `{"type": "home_mcp/audit", "limit": 2000}`) and the
   states of every lock, cover, valve and alarm panel;
2. starts a probe, in a thread of its own (so this process's own work does
   not count): every 20 ms an authenticated `GET /api/` on a kept-alive
   connection, timed. The stall is the longest answer minus the median: how
   long Home Assistant's event loop answered nothing else;
3. replays the transport corpus (`tests/hostile/corpus.py`, the same cases
   the test suite sends) byte for byte over raw TCP, and checks each answer
   (`corpus.check`);
4. fuzzes every tool: `tools/list` with the official MCP SDK client, then
   for each tool N arguments drawn from its `inputSchema` with
   `hypothesis_jsonschema.from_schema` (seeded, derandomized), and invalid
   variants of one valid example: each property with a value of the wrong
   JSON type, strings far over any limit, an unknown key, lone surrogates,
   NUL and control characters, loose booleans and numbers as strings.
   Each goes through the SDK client (`call_tool`), except arguments holding
   lone surrogates, which no UTF-8 JSON encoder sends: those go as a raw
   `tools/call` with the surrogates as JSON escapes. `run_macro`'s valid examples are dry
   runs (`--live-macros` lets them run);
5. waits (`--settle`, past the audit's save delay), reads the audit again
   through the websocket, then `.storage/home_mcp.audit` in the demo's
   configuration directory, and counts the entries recorded during the run
   that the file does not hold ("audit entries lost").

Prints: cases, the statuses, the 5xx answers (must be 0; Home Assistant
core's own 500 on `Authorization` bytes is listed apart), the cases whose
answer breaks the contract, the probe's maximum stall (must be < 100 ms),
fuzz calls by result kind (ok / tool error / protocol error / other),
guarded entities that changed (must be 0) and audit entries lost (must be
0). Exits 1 when a "must" fails.

    HOME_MCP_DEMO_DIR=/tmp/hdemo HOME_MCP_DEMO_PORT=8155 script/demo   # elsewhere
    .venv/bin/python bench/bench_hostile.py                 # .demo/, or $HOME_MCP_DEMO_DIR
    .venv/bin/python bench/bench_hostile.py --examples 3 --verbose
    .venv/bin/python bench/bench_hostile.py --url http://127.0.0.1:8155 --token TOKEN --demo-dir DIR

It runs with the test environment (`.venv/`: the MCP SDK, `hypothesis`,
`hypothesis-jsonschema`), not `.venv-demo/`. The URL and token come from
`--url`/`--token`, else from the demo's directory (`lib/hostile/demo.py`:
its `credentials.json`, and `$HOME_MCP_DEMO_PORT` or the port its HTTP
settings hold).
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
import sys
from typing import Any, Final

import aiohttp
from lib.paths import ROOT

sys.path.insert(0, str(ROOT))

# The repository's root is on the path now: the corpus and what uses it.
from lib.hostile.audit import audit_key, read_audit, read_audit_file, watched_states  # noqa: E402
from lib.hostile.demo import default_demo_dir, find_demo  # noqa: E402
from lib.hostile.fuzz import FuzzResult, fuzz  # noqa: E402
from lib.hostile.probe import PROBE_INTERVAL, Probe, probe_main  # noqa: E402
from lib.hostile.replay import CorpusResult, replay_corpus  # noqa: E402
from lib.hostile.report import render  # noqa: E402
from lib.report import log, write_json  # noqa: E402

from tests.hostile.corpus import send_raw  # noqa: E402

STALL_LIMIT_MS: Final = 100.0


async def main_async(args: argparse.Namespace) -> int:
    """Run the corpus and the fuzzer; print the report; return the exit status."""
    demo = find_demo(args)
    log(f"demo: {demo.url} (configuration: {demo.config_dir or 'unknown: no file check'})")
    api = await send_raw(
        demo.host,
        demo.port,
        b"GET /api/ HTTP/1.1\r\nHost: %b\r\nAuthorization: Bearer %b\r\nConnection: close\r\n\r\n"
        % (f"{demo.host}:{demo.port}".encode(), demo.token.encode()),
    )
    if api.status != 200:
        raise SystemExit(f"{demo.url}/api/ answered {api.status}: {api.snippet()}")
    before_states = await watched_states(demo)
    try:
        before = {audit_key(e) for e in await read_audit(demo)}
    except (RuntimeError, aiohttp.ClientError, ValueError) as err:
        log(f"warning: the audit could not be read before the run: {err}")
        before = set()

    probe = Probe(demo, Path(__file__), interval=args.probe_interval)
    probe.start()
    await asyncio.sleep(0.5)  # Its first answers are left out (WARM_UP).
    corpus = CorpusResult()
    fuzzed = FuzzResult()
    try:
        if not args.skip_corpus:
            log("replaying the corpus")
            corpus = await replay_corpus(demo, probe, args.only, args.verbose)
        if not args.skip_fuzz:
            fuzzed = await fuzz(demo, probe, args)
        probe.label = "settling"
        await asyncio.sleep(args.settle)
    finally:
        probe.stop()

    audit_error: str | None = None
    recorded: list[dict[str, Any]] = []
    try:
        recorded = [e for e in await read_audit(demo) if audit_key(e) not in before]
    except (RuntimeError, aiohttp.ClientError, ValueError) as err:
        audit_error = f"the panel's home_mcp/audit failed after the run: {err}"
    lost: int | None = None
    if demo.config_dir is not None:
        try:
            stored = {audit_key(e) for e in read_audit_file(demo.config_dir)}
        except (OSError, ValueError) as err:
            audit_error = audit_error or f".storage/home_mcp.audit unreadable: {err}"
        else:
            lost = sum(1 for e in recorded if audit_key(e) not in stored)
    after_states = await watched_states(demo)
    changed = {
        k: (v, after_states.get(k)) for k, v in before_states.items() if after_states.get(k) != v
    }

    probed = probe.summary()
    report: dict[str, Any] = {
        "url": demo.url,
        "corpus": {
            "cases": corpus.cases,
            "seconds": round(corpus.seconds, 1),
            "statuses": dict(sorted(corpus.statuses.items())),
            "5xx": corpus.server_errors,
            "core_5xx": corpus.core_errors,
            "contract_failures": corpus.failures,
        },
        "fuzz": {
            "calls": sum(fuzzed.kinds.values()),
            "seconds": round(fuzzed.seconds, 1),
            "kinds": dict(fuzzed.kinds),
            "by_tool": {tool: dict(kinds) for tool, kinds in fuzzed.by_tool.items()},
            "protocol_errors": fuzzed.protocol_errors,
            "invalid_accepted": fuzzed.invalid_accepted,
        },
        "probe": probed,
        "audit": {"recorded_during_run": len(recorded), "lost": lost, "error": audit_error},
        "guarded_changed": changed,
        "probe_interval_ms": args.probe_interval * 1000,
    }
    musts = {
        "5xx answers from Home MCP = 0": not corpus.server_errors,
        f"max event-loop stall < {args.stall_limit:g} ms": (
            probed.get("max_stall_ms", float("inf")) < args.stall_limit
        ),
        "audit entries lost = 0": audit_error is None and lost == 0,
        "locks, covers, valves, alarm panels unchanged": not changed,
    }
    if demo.config_dir is None:
        musts["audit entries lost = 0"] = audit_error is None
    report["musts"] = musts
    print(render(report))
    if args.json is not None:
        write_json(args.json, report, indent=2, quiet=True)
    return 0 if all(musts.values()) else 1


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--url", help="Home Assistant's base URL (default: from the demo)")
    parser.add_argument("--token", help="an administrator's access token (default: the demo's)")
    parser.add_argument(
        "--demo-dir",
        type=Path,
        default=default_demo_dir(),
        help="script/demo's directory: credentials.json, config/ "
        "(default $HOME_MCP_DEMO_DIR or .demo/)",
    )
    parser.add_argument(
        "--examples", type=int, default=10, help="arguments drawn per tool from its schema (10)"
    )
    parser.add_argument("--seed", type=int, default=2026, help="the fuzzer's seed (2026)")
    parser.add_argument("--tool", action="append", help="fuzz only this tool (repeatable)")
    parser.add_argument(
        "--only", action="append", help="replay only this corpus category or case (repeatable)"
    )
    parser.add_argument("--skip-corpus", action="store_true", help="no corpus replay")
    parser.add_argument("--skip-fuzz", action="store_true", help="no fuzzing")
    parser.add_argument(
        "--live-macros",
        action="store_true",
        help="let run_macro's drawn arguments really run (default: dry runs)",
    )
    parser.add_argument(
        "--settle",
        type=float,
        default=2.5,
        help="seconds to wait before reading the audit file (2.5; Home MCP saves after 1 s)",
    )
    parser.add_argument(
        "--probe-interval",
        type=float,
        default=PROBE_INTERVAL,
        help=f"seconds between probes ({PROBE_INTERVAL})",
    )
    parser.add_argument(
        "--stall-limit",
        type=float,
        default=STALL_LIMIT_MS,
        help=f"the most a stall may last, ms ({STALL_LIMIT_MS:g})",
    )
    parser.add_argument("--verbose", action="store_true", help="log every case and call")
    parser.add_argument("--probe", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument(
        "--json", type=Path, default=None, help="also write the results as JSON ('-': stdout)"
    )
    return parser.parse_args(argv)


def main() -> int:
    """Run the benchmark (or, with --probe URL, only the probe: see `Probe`)."""
    args = parse_args()
    if args.probe is not None:
        return probe_main(args.probe, args.probe_interval)
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
