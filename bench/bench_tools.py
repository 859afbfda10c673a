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
from contextlib import asynccontextmanager, closing
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
import json
import math
import os
from pathlib import Path
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING, Any, Final

import httpx2

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from mcp import Client

ROOT: Final = Path(__file__).resolve().parent.parent
BENCH_HOUSE: Final = Path(__file__).resolve().parent / "bench_house"
HOME_MCP: Final = ROOT / "custom_components" / "home_mcp"
DEMO_SETUP: Final = ROOT / "script" / "demo_setup.py"
DEFAULT_SIZES: Final = (120, 2000, 10000)
PROTOCOL_VERSION: Final = "2025-11-25"
READY_FILE: Final = "bench_ready.json"
READY_TIMEOUT: Final = 1200.0
CALL_TIMEOUT: Final = 300.0
PROFILE_CALLS: Final = 20
MB: Final = 1024

CONFIGURATION: Final = """\
# Written by bench/bench_tools.py for one benchmark run.
# No `http:` here: since 2026.11 Home Assistant keeps its HTTP settings in
# .storage/http, which the benchmark writes (127.0.0.1 only, a free port).
logger:
  default: warning
recorder:
  db_url: "sqlite:///{db}"
history:
logbook:
script:
{scripts}
scene:
{scenes}
bench_house:
  entities: {entities}
  history_sensors: {history_sensors}
"""

SCRIPT_AREAS: Final = [
    ("good_night", "Good night", "Living room"),
    ("movie_time", "Movie time", "Cinema"),
    ("wake_up", "Wake up", "Master bedroom"),
    ("cooking", "Cooking", "Kitchen"),
    ("dinner", "Dinner", "Dining room"),
    ("reading", "Reading", "Library"),
    ("workout", "Workout", "Gym"),
    ("bath_time", "Bath time", "Bathroom"),
    ("kids_bedtime", "Kids' bedtime", "Nursery"),
    ("leave_home", "Leave home", "Entrance"),
]


@dataclass(frozen=True, slots=True)
class Case:
    """One benchmark row: a tool and how to call it."""

    label: str
    tool: str
    arguments: list[dict[str, Any]]
    """Arguments of successive calls, cycled (call_service alternates on/off)."""


@dataclass(slots=True)
class Samples:
    """What one client mode measured for one case."""

    ms: list[float] = field(default_factory=list)
    result_bytes: int | None = None
    body_bytes: int | None = None
    omitted: int | None = None
    """`truncated.omitted` of the last answer: items Home MCP cut to fit its byte budget."""
    errors: int = 0
    first_error: str | None = None


@dataclass(slots=True)
class Row:
    """One case's results in every mode, with the server's own timings."""

    case: Case
    available: bool = True
    modes: dict[str, Samples] = field(default_factory=dict)
    handler_ms: list[float] = field(default_factory=list)
    finalize_ms: list[float] = field(default_factory=list)
    gc_ms: float = 0.0
    """Time Home Assistant's process spent in the garbage collector during the timed calls."""
    gc_calls: int = 0


@dataclass(slots=True)
class SizeResult:
    """Everything measured for one house size."""

    size: int
    ready: dict[str, Any]
    ready_after_s: float
    rows: list[Row]
    final_memory: dict[str, int]
    load: tuple[float, float]
    """1-minute load average of the machine when the calls started and ended."""
    profile: str | None = None


# -- statistics -----------------------------------------------------------------


def median(values: list[float]) -> float | None:
    """Return the median, or None for no values."""
    return statistics.median(values) if values else None


def p95(values: list[float]) -> float | None:
    """Return the 95th percentile (nearest rank), or None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def encoded_size(payload: Any) -> int:
    """Return the size of `payload` as compact UTF-8 JSON (as Home MCP counts it)."""
    return len(json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode())


# -- Home Assistant -------------------------------------------------------------


def write_text(path: Path, text: str) -> None:
    """Write a small UTF-8 text file."""
    path.write_text(text, encoding="utf-8")


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on now."""
    with closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def write_config(
    config_dir: Path, size: int, history_sensors: int, port: int, home_mcp: Path = HOME_MCP
) -> None:
    """Write configuration.yaml, link the integrations, and set up HTTP storage.

    home_mcp: the Home MCP integration to link (default: this checkout's).
    """
    scripts = "\n".join(
        f"  {key}:\n    alias: {name}\n    sequence:\n"
        f"      - action: light.turn_off\n        target:\n"
        f"          area_id: {area.lower().replace(' ', '_')}"
        for key, name, area in SCRIPT_AREAS
    )
    scenes = "\n".join(
        f"  - id: bench_scene_{level}\n    name: Living room {level} %\n"
        f"    entities:\n      light.living_room_ceiling_light_1:\n"
        f"        state: 'on'\n        brightness: {round(level * 2.55)}"
        for level in (10, 30, 50, 70, 100)
    )
    (config_dir / "configuration.yaml").write_text(
        CONFIGURATION.format(
            db=config_dir / "home-assistant_v2.db",
            scripts=scripts,
            scenes=scenes,
            entities=size,
            history_sensors=history_sensors,
        ),
        encoding="utf-8",
    )
    custom = config_dir / "custom_components"
    custom.mkdir()
    (custom / "home_mcp").symlink_to(home_mcp)
    (custom / "bench_house").symlink_to(BENCH_HOUSE)
    # The demo's helper writes .storage/http the way Home Assistant 2026.11 keeps it.
    subprocess.run(
        [
            sys.executable,
            str(DEMO_SETUP),
            "http",
            "--config-dir",
            str(config_dir),
            "--port",
            str(port),
        ],
        check=True,
    )


@asynccontextmanager
async def home_assistant(config_dir: Path, log: Any) -> AsyncIterator[subprocess.Popen[bytes]]:
    """Run Home Assistant on `config_dir`; stop it with one SIGTERM afterwards."""
    process = subprocess.Popen(  # noqa: ASYNC220
        [
            sys.executable,
            "-m",
            "homeassistant",
            "--config",
            str(config_dir),
            "--skip-pip",
            "--log-file",
            str(config_dir / "home-assistant.log"),
            "--log-no-color",
        ],
        # In the config directory: with `python -m`, the working directory
        # comes first in sys.path, and this repository's own
        # `custom_components` package would hide the config directory's.
        cwd=config_dir,
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)  # Exactly one: a second skips final writes.
            try:
                await asyncio.to_thread(process.wait, 60)
            except subprocess.TimeoutExpired:
                process.kill()
                await asyncio.to_thread(process.wait)


async def wait_ready(config_dir: Path, process: subprocess.Popen[bytes]) -> dict[str, Any]:
    """Wait for bench_house's ready file; raise if Home Assistant fails first."""
    path = config_dir / READY_FILE
    deadline = time.monotonic() + READY_TIMEOUT
    while not path.exists():
        if process.poll() is not None:
            raise RuntimeError(f"Home Assistant exited with status {process.returncode}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"No {READY_FILE} after {READY_TIMEOUT:.0f} s")
        await asyncio.sleep(0.25)
    ready: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    if not ready.get("ok"):
        raise RuntimeError(f"bench_house failed: {ready.get('error')}\n{ready.get('traceback')}")
    return ready


# -- the client -----------------------------------------------------------------


def cases(ready: dict[str, Any]) -> list[Case]:
    """Return the benchmark's rows for the house described by `ready`."""
    light = ready["call_light"]
    sensor = ready["history"]["entity_ids"][0] if ready["history"]["entity_ids"] else None
    start = (datetime.now(UTC) - timedelta(hours=24)).isoformat(timespec="seconds")
    return [
        Case("home_overview", "home_overview", [{}]),
        Case("list_entities (no filter)", "list_entities", [{}]),
        Case(
            f"list_entities (light, {ready['filter_area']})",
            "list_entities",
            [{"domain": "light", "area": ready["filter_area"]}],
        ),
        Case("get_entity (a light)", "get_entity", [{"entity_id": light}]),
        Case(
            "get_history (1 sensor, 24 h)",
            "get_history",
            [{"entity_ids": [sensor], "start": start}],
        ),
        Case(
            "call_service (light on/off)",
            "call_service",
            [
                {"domain": "light", "service": service, "target": {"entity_id": light}}
                for service in ("turn_on", "turn_off")
            ],
        ),
    ]


def _error_of(structured: dict[str, Any] | None) -> str | None:
    if structured is None:
        return "no structuredContent"
    if structured.get("ok") is False:
        return f"{structured.get('error')}: {str(structured.get('message'))[:160]}"
    return None


class Caller:
    """Calls tools in one client mode; returns (seconds, structured, body bytes)."""

    mode: str

    async def list_tools(self) -> set[str]:
        """Return the names of the tools the server lists."""
        raise NotImplementedError

    async def call(
        self, tool: str, arguments: dict[str, Any]
    ) -> tuple[float, dict[str, Any] | None, int | None]:
        """Call one tool."""
        raise NotImplementedError


class SdkCaller(Caller):
    """The official MCP SDK client (handshake era: `initialize` once, then calls)."""

    mode = "sdk"

    def __init__(self, client: Client) -> None:
        """Use an open SDK `client`."""
        self.client = client

    async def list_tools(self) -> set[str]:
        """Return the tool names from `tools/list`."""
        result = await self.client.list_tools()
        return {tool.name for tool in result.tools}

    async def call(
        self, tool: str, arguments: dict[str, Any]
    ) -> tuple[float, dict[str, Any] | None, int | None]:
        """Call `tool` with the SDK (parse, schema validation included)."""
        start = time.perf_counter()
        result = await self.client.call_tool(tool, arguments)
        elapsed = time.perf_counter() - start
        return elapsed, result.structured_content, None


class RawCaller(Caller):
    """Raw JSON-RPC POSTs over httpx2: no handshake, no client-side validation."""

    mode = "raw"

    def __init__(self, http: httpx2.AsyncClient, url: str) -> None:
        """POST to `url` with `http` (which carries the Authorization header)."""
        self.http = http
        self.url = url
        self.next_id = 0
        self.headers = {
            "Accept": "application/json, text/event-stream",
            "Content-Type": "application/json",
            "MCP-Protocol-Version": PROTOCOL_VERSION,
        }

    async def _post(self, method: str, params: dict[str, Any]) -> tuple[float, Any, int]:
        self.next_id += 1
        body = json.dumps(
            {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        ).encode()
        start = time.perf_counter()
        response = await self.http.post(self.url, content=body, headers=self.headers)
        content = response.content
        message = json.loads(content)
        elapsed = time.perf_counter() - start
        if response.status_code != 200 or "error" in message:
            raise RuntimeError(f"{method}: HTTP {response.status_code}: {content[:300]!r}")
        return elapsed, message["result"], len(content)

    async def list_tools(self) -> set[str]:
        """Return the tool names from `tools/list`."""
        _, result, _ = await self._post("tools/list", {})
        return {tool["name"] for tool in result["tools"]}

    async def call(
        self, tool: str, arguments: dict[str, Any]
    ) -> tuple[float, dict[str, Any] | None, int | None]:
        """POST one `tools/call` and parse the JSON answer."""
        elapsed, result, size = await self._post(
            "tools/call", {"name": tool, "arguments": arguments}
        )
        return elapsed, result.get("structuredContent"), size


async def server_stats(http: httpx2.AsyncClient, base_url: str, *, reset: bool) -> dict[str, Any]:
    """Return what bench_house measured in Home Assistant (and reset the timings)."""
    response = await http.get(
        f"{base_url}/api/bench_house/stats", params={"reset": "1"} if reset else None
    )
    response.raise_for_status()
    stats: dict[str, Any] = response.json()
    return stats


async def run_case(
    caller: Caller,
    case: Case,
    row: Row,
    http: httpx2.AsyncClient,
    base_url: str,
    calls: int,
    warmup: int,
) -> dict[str, Any] | None:
    """Time `calls` calls of `case` after `warmup`; return the last structured result."""
    samples = Samples()
    structured: dict[str, Any] | None = None
    for index in range(warmup):
        await caller.call(case.tool, case.arguments[index % len(case.arguments)])
    await server_stats(http, base_url, reset=True)
    for index in range(calls):
        arguments = case.arguments[(warmup + index) % len(case.arguments)]
        seconds, structured, body = await caller.call(case.tool, arguments)
        samples.ms.append(seconds * 1000)
        if (error := _error_of(structured)) is not None:
            samples.errors += 1
            samples.first_error = samples.first_error or error
        if structured is not None:
            samples.result_bytes = encoded_size(structured)
            truncated = structured.get("truncated")
            samples.omitted = truncated.get("omitted") if isinstance(truncated, dict) else None
        if body is not None:
            samples.body_bytes = body
    stats = await server_stats(http, base_url, reset=True)
    row.modes[caller.mode] = samples
    row.handler_ms.extend(stats["handler_ms"].get(case.tool, []))
    row.finalize_ms.extend(stats["finalize_ms"].get(case.tool, []))
    row.gc_ms += stats["gc_ms"]
    row.gc_calls += calls
    return structured


async def profile_tool(
    caller: Caller,
    case: Case,
    http: httpx2.AsyncClient,
    base_url: str,
    path: Path,
) -> str:
    """Profile `case` inside Home Assistant for PROFILE_CALLS calls; return the report."""
    response = await http.post(f"{base_url}/api/bench_house/profile", json={"action": "start"})
    response.raise_for_status()
    for index in range(PROFILE_CALLS):
        await caller.call(case.tool, case.arguments[index % len(case.arguments)])
    response = await http.post(
        f"{base_url}/api/bench_house/profile",
        json={"action": "stop", "path": str(path.with_suffix(".prof")), "top": 35},
    )
    response.raise_for_status()
    reports = response.json()
    text = (
        f"cProfile of {PROFILE_CALLS} {case.label} calls (raw JSON-RPC), "
        "Home Assistant's event loop thread\n\n"
        f"== by cumulative time\n{reports['cumulative']}\n"
        f"== by own time\n{reports['tottime']}"
    )
    write_text(path, text)
    return text


@asynccontextmanager
async def sdk_client(url: str, http: httpx2.AsyncClient) -> AsyncIterator[Client]:
    """Open the SDK client the way tests/conftest.py does (handshake era)."""
    from mcp import Client  # noqa: PLC0415
    from mcp.client.streamable_http import streamable_http_client  # noqa: PLC0415
    import mcp_types as types  # noqa: PLC0415

    async with Client(
        streamable_http_client(url, http_client=http),
        mode="legacy",
        cache=None,
        client_info=types.Implementation(name="home-mcp-bench", version="1.0"),
    ) as client:
        yield client


async def bench_size(size: int, args: argparse.Namespace) -> SizeResult:
    """Start Home Assistant with a house of `size` entities and benchmark it."""
    config_dir = Path(tempfile.mkdtemp(prefix=f"home-mcp-bench-{size}-"))
    port = free_port()
    base_url = f"http://127.0.0.1:{port}"
    log(f"N={size}: Home Assistant in {config_dir} on {base_url}")
    write_config(config_dir, size, args.history_sensors, port)
    started = time.perf_counter()
    try:
        with (config_dir / "console.log").open("wb") as console:
            async with home_assistant(config_dir, console) as process:
                ready = await wait_ready(config_dir, process)
                ready_after = time.perf_counter() - started
                log(
                    f"N={size}: ready after {ready_after:.1f} s "
                    f"(house built in {ready['timings']['house_s']:.1f} s, "
                    f"{ready['entities']} entities)"
                )
                result = await bench_running(size, args, ready, ready_after, base_url)
    except BaseException:
        log(f"N={size}: failed; Home Assistant's files are kept in {config_dir}")
        raise
    if args.keep:
        log(f"N={size}: kept {config_dir}")
    else:
        shutil.rmtree(config_dir, ignore_errors=True)
    return result


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
    async with httpx2.AsyncClient(
        headers={"Authorization": f"Bearer {ready['token']}"}, timeout=CALL_TIMEOUT
    ) as http:
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
    # ru_maxrss is a high-water mark the kernel updates lazily: never below a
    # resident size measured earlier.
    peak = max(
        stats["max_rss_kb"],
        stats["rss_kb"],
        *(value for key, value in ready["memory"].items() if key.endswith("rss_kb")),
    )
    memory = {"rss_kb": stats["rss_kb"], "max_rss_kb": peak}
    return SizeResult(size, ready, ready_after, rows, memory, (load_before, load_after), profile)


async def run_mode(
    caller: Caller,
    rows: list[Row],
    http: httpx2.AsyncClient,
    base_url: str,
    args: argparse.Namespace,
    size: int,
) -> None:
    """Run every case in one client mode."""
    available = await caller.list_tools()
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


# -- the report -----------------------------------------------------------------


def _ms(value: float | None) -> str:
    if value is None:
        return "–"
    return f"{value:.1f}" if value < 100 else f"{value:.0f}"


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
        "",
    ]
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
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
    notes: list[str] = []
    for row in result.rows:
        if not row.available:
            lines.append(
                "| "
                + " | ".join([row.case.label, "tool not available"] + [""] * (len(header) - 2))
                + " |"
            )
            continue
        cells = [row.case.label]
        any_samples: Samples | None = None
        for mode in modes:
            samples = row.modes.get(mode, Samples())
            any_samples = any_samples or (samples if samples.ms else None)
            cells += [_ms(median(samples.ms)), _ms(p95(samples.ms))]
            if samples.errors:
                notes.append(
                    f"{row.case.label} ({mode}): {samples.errors}/{len(samples.ms)} calls "
                    f"answered an error, e.g. {samples.first_error}"
                )
        cells += [_ms(median(row.handler_ms)), _ms(median(row.finalize_ms))]
        cells.append(_ms(row.gc_ms / row.gc_calls) if row.gc_calls else "–")
        result_bytes = any_samples.result_bytes if any_samples else None
        cells.append(f"{result_bytes:,}" if result_bytes is not None else "–")
        omitted = any_samples.omitted if any_samples else None
        cells.append(f"{omitted} items" if omitted else "no")
        if "raw" in modes:
            body = row.modes.get("raw", Samples()).body_bytes
            cells.append(f"{body:,}" if body is not None else "–")
        lines.append("| " + " | ".join(cells) + " |")
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
        "rows": rows,
    }


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


def log(message: str) -> None:
    """Progress, on stderr."""
    print(message, file=sys.stderr, flush=True)


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
        f"{datetime.now(UTC).date().isoformat()}; {os.cpu_count()} cores; Python "
        f"{first.get('python', platform.python_version())}; Home Assistant "
        f"{first.get('homeassistant', '?')}; mcp {first.get('mcp', '?')}; "
        f"Home MCP {revision}; {args.calls} timed calls per tool after {args.warmup} "
        "warm-up calls.",
        flush=True,
    )
    if args.json is not None:
        data = {
            "date": datetime.now(UTC).isoformat(timespec="seconds"),
            "cores": os.cpu_count(),
            "versions": first,
            "revision": revision,
            "calls": args.calls,
            "warmup": args.warmup,
            "sizes": [to_json(result) for result in results],
        }
        text = json.dumps(data, ensure_ascii=False, indent=1)
        if str(args.json) == "-":
            print(text)
        else:
            args.json.write_text(text + "\n", encoding="utf-8")
            log(f"JSON written to {args.json}")
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


def _stop(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)  # Unwinds, so Home Assistant is stopped too.


def main() -> int:
    """Run the benchmark."""
    signal.signal(signal.SIGTERM, _stop)
    return asyncio.run(main_async(parse_args()))


if __name__ == "__main__":
    sys.exit(main())
