"""Benchmark Home MCP side by side with the other MCP servers for Home Assistant.

In one run, on one house, with one client, four servers against the same
Home Assistant 2026.11.0:

1. Home Assistant core's own `mcp_server`, in the same Home Assistant at
   `/api/mcp` (its entry is added before Home MCP's, set to the Assist API,
   every entity exposed to Assist; `bench_house/core_mcp.py`);
2. hass-mcp and 3. ha-mcp, from PyPI, each in its own virtual environment
   (`.venv-peers/`), each started as its own process against Home Assistant
   over loopback with the administrator's long-lived access token, serving
   Streamable HTTP on a free loopback port, stopped afterwards;
4. Home MCP (this checkout), at `/api/home_mcp`.

For each house size (`running_house`, the `bench_house` integration: the
tools benchmark's house), each server in turn gets `tools/list`, its
overview, a search for the call light's name, a read of the call light and
turning it on and off: `--warmup` untimed then `--calls` timed calls, one at
a time, through the official SDK client (`mcp.Client` over
`streamable_http_client`, as `lib/clients.py` opens it). Every answer is
checked; errors are counted per row and the first is shown.

Run it with `script/bench --peers` (it installs .venv-demo, the peers'
environments and what core's `mcp_server` needs beyond .venv-demo, which
this puts on Home Assistant's PYTHONPATH), or `.venv-demo/bin/python
bench/bench_peers.py --help`.
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
import sys
from typing import Final

from lib.home_assistant import running_house, stop_on_sigterm
from lib.paths import ROOT
from lib.peers.processes import PEERS, peer_versions, use_core_extras
from lib.peers.report import dump_answers, render, to_json
from lib.peers.run import SizeResult, bench_server
from lib.peers.servers import SERVER_KEYS, servers
from lib.report import environment_line, git_revision, json_header, log, write_json

DEFAULT_SIZES: Final = (2000,)


async def bench_size(size: int, args: argparse.Namespace) -> SizeResult:
    """Start Home Assistant with a house of `size` entities; measure each server in turn."""
    async with running_house(
        f"home-mcp-peers-{size}-",
        size,
        args.history_sensors,
        keep=args.keep,
        label=f"N={size}: ",
        house_options={"core_mcp_server": True},
    ) as house:
        ready = house.ready
        log(
            f"N={size}: ready after {house.ready_after_s:.1f} s "
            f"({ready['entities']} entities, {ready['core_mcp_server']['exposed']} exposed "
            "to Assist)"
        )
        every = servers(ready)
        results = []
        for key in args.servers:
            log(f"N={size}: {every[key].title}")
            results.append(
                await bench_server(
                    every[key],
                    house.base_url,
                    ready,
                    args.out / f"peers-{size}",
                    house.config_dir / "peers",
                    calls=args.calls,
                    warmup=args.warmup,
                )
            )
        result = SizeResult(size, ready, house.ready_after_s, results)
        if args.dump:
            written = dump_answers(result, args.out / f"peers-{size}")
            log(f"N={size}: {len(written)} answers written to {args.out / f'peers-{size}'}")
        return result


def versions_note(keys: list[str], home_assistant: str) -> tuple[str, dict[str, dict[str, str]]]:
    """Return the peers' versions as a sentence for the environment line, and as data."""
    found: dict[str, dict[str, str]] = {}
    parts = []
    for key in keys:
        if key not in PEERS:
            continue
        try:
            found[key] = peer_versions(PEERS[key])
        except Exception as err:  # noqa: BLE001  # A missing venv is reported, not fatal here.
            found[key] = {"error": str(err)}
        versions = dict(found[key])
        own = versions.pop(PEERS[key].package, "?")
        more = ", ".join(f"{name} {version}" for name, version in versions.items())
        parts.append(f"{key} {own}" + (f" ({more})" if more else ""))
    if "core" in keys:
        parts.append(f"core mcp_server of Home Assistant {home_assistant}")
    return "; ".join(parts), found


async def main_async(args: argparse.Namespace) -> int:
    """Benchmark every size in turn; print the tables, then the environment."""
    results = []
    for size in args.sizes:
        result = await bench_size(size, args)
        results.append(result)
        print(render(result), flush=True)
    first = results[0].ready["versions"] if results else {}
    note, peers = versions_note(args.servers, first.get("homeassistant", "?"))
    revision = git_revision()
    print(
        environment_line(
            first,
            revision,
            f"{note}; {args.calls} timed calls per operation and server after "
            f"{args.warmup} warm-up calls, official MCP SDK client, Streamable HTTP.",
        ),
        flush=True,
    )
    if args.json is not None:
        data = {
            **json_header({**first, "peers": peers}, revision),
            "calls": args.calls,
            "warmup": args.warmup,
            "servers": args.servers,
            "sizes": [to_json(result) for result in results],
        }
        write_json(args.json, data)
    failed = any(server.failure for result in results for server in result.servers)
    return 1 if failed else 0


def _servers(text: str) -> list[str]:
    keys = [part.strip() for part in text.split(",") if part.strip()]
    if unknown := [key for key in keys if key not in SERVER_KEYS]:
        raise argparse.ArgumentTypeError(
            f"unknown server {', '.join(unknown)} (known: {', '.join(SERVER_KEYS)})"
        )
    return keys


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(
        description="Home MCP side by side with core's mcp_server, hass-mcp and ha-mcp, "
        "on one Home Assistant, with one client."
    )
    parser.add_argument(
        "-n",
        "--sizes",
        type=lambda text: [int(part) for part in text.split(",") if part],
        default=list(DEFAULT_SIZES),
        help="house sizes, comma-separated (default: 2000)",
    )
    parser.add_argument(
        "--calls", type=int, default=30, help="timed calls per operation and server (30)"
    )
    parser.add_argument("--warmup", type=int, default=5, help="untimed calls first (5)")
    parser.add_argument(
        "--servers",
        type=_servers,
        default=list(SERVER_KEYS),
        help=f"which servers, in this order (default: {','.join(SERVER_KEYS)})",
    )
    parser.add_argument(
        "--history-sensors", type=int, default=200, help="sensors with a day of history (200)"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=ROOT / "artifacts" / "bench",
        help="where the peers' logs (and --dump's answers) go: OUT/peers-N/ "
        "(default artifacts/bench/)",
    )
    parser.add_argument(
        "--json", type=Path, default=None, help="also write the results as JSON ('-': stdout)"
    )
    parser.add_argument(
        "--dump",
        action="store_true",
        help="write each server's last answer per operation to OUT/peers-N/, to see what was "
        "measured",
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep each run's Home Assistant config directory"
    )
    return parser.parse_args(argv)


def main() -> int:
    """Run the benchmark."""
    stop_on_sigterm()
    args = parse_args()
    use_core_extras()
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
