"""Benchmark Home MCP's sessions and resource subscriptions on a real Home Assistant.

Not a test (pytest does not collect it). With the machinery the benchmarks
share (`lib/`: a fresh configuration directory, `python -m homeassistant` in
its own process, the `bench_house` integration building a house of N
entities with a credential and Home MCP), this:

1. turns the option `enable_sessions` on through Home MCP's options flow over
   REST (`/api/config/config_entries/options/flow`, as the UI does; the entry
   reloads);
2. opens and closes one warm-up session (first-use allocations are not
   counted as any session's), then measures the Home Assistant process's RSS;
3. opens 16 handshake-era sessions with the official SDK client
   (`mcp.Client(..., mode="legacy")`, one long-lived access token each, so
   16 credentials, as 16 clients would be set up), then subscribes each to 50
   resources (`resources/subscribe`): the 10 entities every client follows,
   35 entities of its own drawn from a pool of 400, and 5 rooms
   (`ha://area/...`); optionally one 2026-07-28 client follows 50 resources
   the same way through `subscriptions/listen` (no session);
4. has `bench_house` make 100 state changes per second for 60 s on the
   followed entities, inside Home Assistant, through the entity objects
   (`async_write_ha_state`: state machine, `state_changed`, recorder): 30 %
   on the 10 shared entities (3 a second each: bursts the rule coalesces),
   70 % evenly over the other followed entities (one every few seconds each);
   each change is timed with `time.monotonic()`, which this process shares;
5. records when each client receives each `notifications/resources/updated`
   (or listen event), waits, reads every followed entity back, closes the
   sessions (DELETE, as the SDK client does when it exits), and measures
   RSS and live objects again.

It reports, per group of resources: the notifications the rule "at most once
per second per resource, the last change always delivered" gives for the
changes made (Home Assistant's `Debouncer(cooldown=1, immediate=True)`
replayed on the change times) against those received; "dropped" resources
(a follower and URI whose last change was never followed by a notification;
must be 0); the latency from a state change to the next notification; and
whether the resource read afterwards shows the last change. Then the
memory of the Home Assistant process before, with the sessions, during the
storm and after the sessions closed, and its CPU time during the storm.

Run it with `script/bench --sessions` (the demo's environment, .venv-demo),
or `.venv-demo/bin/python bench/bench_sessions.py --help`.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
import sys
from typing import Final
import warnings

from lib.home_assistant import running_house, stop_on_sigterm
from lib.paths import HOME_MCP
from lib.report import environment_line, git_revision, json_header, log, write_json
from lib.sessions.report import render, to_json
from lib.sessions.run import run

DEFAULT_SIZE: Final = 2000
SESSIONS: Final = 16
RATE: Final = 100.0
DURATION: Final = 60.0


async def main_async(args: argparse.Namespace) -> int:
    """Start Home Assistant with the house, run the benchmark, print the report."""
    async with running_house(
        f"home-mcp-bench-sessions-{args.size}-",
        args.size,
        args.history_sensors,
        keep=args.keep,
        home_mcp=args.home_mcp.resolve(),
        note=f"; Home MCP from {args.home_mcp}",
    ) as house:
        ready = house.ready
        log(f"ready: {ready['entities']} entities")
        result = await run(args, ready, house.base_url)
    print(render(result, args), flush=True)
    versions = ready["versions"]
    revision = args.revision or git_revision()
    print(
        environment_line(
            versions,
            revision,
            f"{args.rate:g} changes/s for {args.duration:g} s; seed {args.seed}.",
        ),
        flush=True,
    )
    if args.json is not None:
        data = {
            **json_header(versions, revision),
            "arguments": {k: str(v) for k, v in vars(args).items()},
            **to_json(result),
        }
        write_json(args.json, data)
    return 0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(
        description="Benchmark Home MCP's sessions and resource subscriptions on a real "
        "Home Assistant: notification latency, delivery under the rule, memory."
    )
    parser.add_argument(
        "-n", "--size", type=int, default=DEFAULT_SIZE, help="entities in the house (2000)"
    )
    parser.add_argument(
        "--sessions", type=int, default=SESSIONS, help="handshake-era sessions (16, the limit)"
    )
    parser.add_argument("--rate", type=float, default=RATE, help="state changes per second (100)")
    parser.add_argument(
        "--duration", type=float, default=DURATION, help="seconds of state changes (60)"
    )
    parser.add_argument(
        "--no-listen",
        dest="listen",
        action="store_false",
        help="without the 2026-07-28 client following through subscriptions/listen",
    )
    parser.add_argument(
        "--no-control",
        dest="control",
        action="store_false",
        help="without the same storm again once the sessions closed (CPU with nobody following)",
    )
    parser.add_argument("--seed", type=int, default=2026, help="who follows what, what changes")
    parser.add_argument(
        "--history-sensors",
        type=int,
        default=200,
        help="sensors with a day of history (200, as bench_tools)",
    )
    parser.add_argument(
        "--home-mcp",
        type=Path,
        default=HOME_MCP,
        help="the Home MCP integration to run (default: this checkout's "
        "custom_components/home_mcp; e.g. an export of a commit)",
    )
    parser.add_argument(
        "--revision", default=None, help="what to call that Home MCP in the report (git describe)"
    )
    parser.add_argument(
        "--json", type=Path, default=None, help="also write the results as JSON ('-': stdout)"
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep Home Assistant's config directory"
    )
    args = parser.parse_args(argv)
    if not 1 <= args.sessions <= SESSIONS:
        parser.error(f"--sessions: 1 to {SESSIONS} (Home MCP's limit)")
    return args


def main() -> int:
    """Run the benchmark."""
    stop_on_sigterm()
    # The handshake era's own API, which the SDK marks deprecated for 2026-07-28.
    warnings.filterwarnings("ignore", message="resources/(un)?subscribe is removed")
    return asyncio.run(main_async(parse_args()))


if __name__ == "__main__":
    sys.exit(main())
