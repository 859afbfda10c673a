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
`--url`/`--token`, else the JSON line `script/demo` prints (the last
`{"url": ...}` line of `console.log` in the demo directory), else the
demo's `credentials.json` and `$HOME_MCP_DEMO_PORT`.
"""

from __future__ import annotations

import argparse
import asyncio
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
import http.client
import json
import os
from pathlib import Path
import statistics
import subprocess
import sys
import threading
import time
from typing import Any, Final
from urllib.parse import urlsplit
import warnings

import aiohttp
import httpx2
from hypothesis import HealthCheck, Phase, given, seed, settings, strategies as st
from hypothesis.errors import NonInteractiveExampleWarning
from hypothesis_jsonschema import from_schema
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
import mcp_types as types

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.hostile.corpus import (  # noqa: E402  # The repository's root is on the path now.
    Case,
    RawResponse,
    build_cases,
    call,
    check,
    headers,
    send_case,
    send_raw,
)

STALL_LIMIT_MS: Final = 100.0
PROBE_INTERVAL: Final = 0.02
AUDIT_LIMIT: Final = 2000
WATCHED_DOMAINS: Final = ("lock", "cover", "valve", "alarm_control_panel")
PROBE_TOKEN_ENV: Final = "HOME_MCP_BENCH_PROBE_TOKEN"
"""How the probe's process gets the token (not on its command line)."""
WARM_UP: Final = "warm-up"
"""The probe's first samples (its connection, Home Assistant's caches), left out."""
LONG: Final = 900_000
"""Far over any string limit Home MCP sets."""
CALL_TIMEOUT: Final = 60.0


def log(message: str) -> None:
    """Progress, on stderr."""
    print(message, file=sys.stderr, flush=True)


# -- where the demo is ------------------------------------------------------------


@dataclass(frozen=True)
class Demo:
    """How to reach the demo, and where it keeps its configuration."""

    url: str
    token: str
    config_dir: Path | None

    @property
    def host(self) -> str:
        """Return the host to connect to."""
        return urlsplit(self.url).hostname or "127.0.0.1"

    @property
    def port(self) -> int:
        """Return the port to connect to."""
        return urlsplit(self.url).port or 80


def find_demo(args: argparse.Namespace) -> Demo:
    """Return the demo's URL, token and configuration directory (flags first)."""
    demo_dir: Path = args.demo_dir
    url, token = args.url, args.token
    console = demo_dir / "console.log"
    if (url is None or token is None) and console.exists():
        for line in console.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith('{"url"'):
                try:
                    found = json.loads(line)
                except ValueError:
                    continue
                url, token = url or found.get("url"), token or found.get("token")
    credentials = demo_dir / "credentials.json"
    if token is None and credentials.exists():
        token = json.loads(credentials.read_text(encoding="utf-8")).get("token")
    if url is None:
        url = f"http://127.0.0.1:{os.environ.get('HOME_MCP_DEMO_PORT', '8123')}"
    if not token:
        raise SystemExit(
            f"No token: give --token, or --demo-dir with script/demo's console.log or "
            f"credentials.json (looked in {demo_dir})"
        )
    config_dir = demo_dir / "config"
    return Demo(
        url=str(url).rstrip("/"),
        token=str(token),
        config_dir=config_dir if config_dir.is_dir() else None,
    )


# -- the probe --------------------------------------------------------------------


def probe_loop(
    demo: Demo, interval: float, stop: threading.Event
) -> list[tuple[float, float | None]]:
    """Time `GET /api/` every `interval` s until `stop`; return (monotonic start, ms or None)."""
    auth = {"Authorization": f"Bearer {demo.token}"}
    connection: http.client.HTTPConnection | None = None
    samples: list[tuple[float, float | None]] = []
    next_at = time.monotonic()
    while not stop.is_set():
        if connection is None:
            connection = http.client.HTTPConnection(demo.host, demo.port, timeout=CALL_TIMEOUT)
        started = time.monotonic()
        try:
            connection.request("GET", "/api/", headers=auth)
            response = connection.getresponse()
            response.read()
            ok = response.status == 200
        except OSError, http.client.HTTPException:
            ok = False
            connection.close()
            connection = None
        samples.append((started, (time.monotonic() - started) * 1000 if ok else None))
        next_at += interval
        if (wait := next_at - time.monotonic()) > 0:
            stop.wait(wait)
        else:
            next_at = time.monotonic()
    if connection is not None:
        connection.close()
    return samples


def probe_main(url: str, interval: float) -> int:
    """Run the probe in this process until stdin closes; print the samples as JSON."""
    demo = Demo(url=url, token=os.environ[PROBE_TOKEN_ENV], config_dir=None)
    stop = threading.Event()

    def wait_for_eof() -> None:
        sys.stdin.read()
        stop.set()

    threading.Thread(target=wait_for_eof, daemon=True).start()
    print(json.dumps(probe_loop(demo, interval, stop)), flush=True)
    return 0


@dataclass
class Probe:
    """Times `GET /api/` every `interval` seconds from a process of its own.

    A process, not a thread: this benchmark's own work (building cases,
    drawing examples, parsing answers) would otherwise hold the GIL and show
    as Home Assistant's stall. Samples are matched to what the benchmark was
    doing by `time.monotonic()`, which both processes share (Linux).
    """

    demo: Demo
    interval: float = PROBE_INTERVAL
    labels: list[tuple[float, str]] = field(default_factory=list)
    samples: list[tuple[float, float | None]] = field(default_factory=list)
    _process: subprocess.Popen[str] | None = None

    @property
    def label(self) -> str:
        """Return what the benchmark is doing now."""
        return self.labels[-1][1] if self.labels else WARM_UP

    @label.setter
    def label(self, value: str) -> None:
        self.labels.append((time.monotonic(), value))

    def start(self) -> None:
        """Start the probe's process."""
        self.labels.append((time.monotonic(), WARM_UP))
        self._process = subprocess.Popen(  # noqa: S603  # This very script, as the probe.
            [
                sys.executable,
                __file__,
                "--probe",
                self.demo.url,
                "--probe-interval",
                str(self.interval),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, PROBE_TOKEN_ENV: self.demo.token},
        )

    def stop(self) -> None:
        """Stop the probe and collect its samples."""
        if self._process is None:
            return
        out, _ = self._process.communicate(timeout=CALL_TIMEOUT * 2)
        self.samples = [(float(t), ms) for t, ms in json.loads(out or "[]")]

    def _label_at(self, moment: float) -> str:
        index = bisect_right([t for t, _ in self.labels], moment) - 1
        return self.labels[index][1] if index >= 0 else WARM_UP

    def summary(self) -> dict[str, Any]:
        """Return the median, p99 and max latency and the max stall (ms), and when it was."""
        labelled = [(ms, self._label_at(t)) for t, ms in self.samples]
        failures = sum(1 for ms, _ in labelled if ms is None)
        timed = [(ms, label) for ms, label in labelled if ms is not None and label != WARM_UP]
        if not timed:
            return {"samples": 0, "failures": failures}
        latencies = sorted(ms for ms, _ in timed)
        median = statistics.median(latencies)
        worst, during = max(timed)
        return {
            "samples": len(latencies),
            "failures": failures,
            "median_ms": round(median, 2),
            "p99_ms": round(latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))], 2),
            "max_ms": round(worst, 2),
            "max_stall_ms": round(worst - median, 2),
            "max_stall_during": during,
        }


# -- the audit -------------------------------------------------------------------


async def read_audit(demo: Demo) -> list[dict[str, Any]]:
    """Return the audit's newest entries (newest first) through the panel's websocket command."""
    ws_url = demo.url.replace("http", "ws", 1) + "/api/websocket"
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(ws_url, max_msg_size=0) as ws,
    ):
        first = await ws.receive_json()
        if first.get("type") != "auth_required":
            raise RuntimeError(f"unexpected websocket greeting: {first}")
        await ws.send_json({"type": "auth", "access_token": demo.token})
        if (answer := await ws.receive_json()).get("type") != "auth_ok":
            raise RuntimeError(f"websocket authentication failed: {answer}")
        await ws.send_json({"id": 1, "type": "home_mcp/audit", "limit": AUDIT_LIMIT})
        result = await ws.receive_json()
    if not result.get("success"):
        raise RuntimeError(f"home_mcp/audit failed: {result.get('error')}")
    return [entry for entry in result["result"] if isinstance(entry, dict)]


def _key(entry: dict[str, Any]) -> str:
    return json.dumps(entry, sort_keys=True, ensure_ascii=True)


def read_audit_file(config_dir: Path) -> list[dict[str, Any]]:
    """Return the entries of `.storage/home_mcp.audit` (raises OSError, ValueError)."""
    data = json.loads((config_dir / ".storage" / "home_mcp.audit").read_bytes())
    return [e for e in data.get("data", {}).get("entries", []) if isinstance(e, dict)]


async def watched_states(demo: Demo) -> dict[str, str]:
    """Return the state of every lock, cover, valve and alarm panel (REST `/api/states`)."""
    async with (
        aiohttp.ClientSession(headers={"Authorization": f"Bearer {demo.token}"}) as session,
        session.get(demo.url + "/api/states") as response,
    ):
        states = await response.json()
    return {
        s["entity_id"]: s["state"]
        for s in states
        if s["entity_id"].split(".", 1)[0] in WATCHED_DOMAINS
    }


# -- the corpus -------------------------------------------------------------------


@dataclass
class CorpusResult:
    """What the corpus replay found."""

    cases: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    server_errors: list[str] = field(default_factory=list)
    core_errors: list[str] = field(default_factory=list)
    failures: dict[str, list[str]] = field(default_factory=dict)
    seconds: float = 0.0


async def replay_corpus(
    demo: Demo, probe: Probe, only: list[str] | None, verbose: bool
) -> CorpusResult:
    """Send every case (of the categories in `only`) and check each answer."""
    result = CorpusResult()
    started = time.perf_counter()
    for case in build_cases(demo.token):
        if only and case.category not in only and case.name not in only:
            continue
        probe.label = f"corpus {case.name}"
        response = await send_case(demo.host, demo.port, case, CALL_TIMEOUT)
        result.cases += 1
        status = "refused early" if response is None else str(response.status)
        result.statuses[status] += 1
        if response is not None and response.status >= 500:
            (result.core_errors if case.core_5xx else result.server_errors).append(case.name)
        if problems := check(case, response):
            result.failures[case.name] = problems
        if verbose:
            log(f"  {case.name}: {status} {'; '.join(problems) if problems else 'ok'}")
    result.seconds = time.perf_counter() - started
    return result


# -- the fuzzer -------------------------------------------------------------------


@dataclass
class FuzzResult:
    """What the fuzzer's calls answered, per tool and kind."""

    kinds: Counter[str] = field(default_factory=Counter)
    by_tool: dict[str, Counter[str]] = field(default_factory=dict)
    protocol_errors: list[str] = field(default_factory=list)
    invalid_accepted: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, tool: str, kind: str) -> None:
        """Count one call."""
        self.kinds[kind] += 1
        self.by_tool.setdefault(tool, Counter())[kind] += 1


def schema_strategy(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Return values valid by `schema` (hypothesis-jsonschema)."""
    return from_schema(schema)


def draw(strategy: st.SearchStrategy[Any], count: int, random_seed: int) -> list[Any]:
    """Return `count` examples of `strategy`, the same ones on every run for `random_seed`."""
    found: list[Any] = []

    @seed(random_seed)
    @settings(
        max_examples=count,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(strategy)
    def collect(value: Any) -> None:
        if len(found) < count:
            found.append(value)

    collect()
    return found


def _json_types(schema: dict[str, Any]) -> set[str]:
    kind = schema.get("type")
    if isinstance(kind, list):
        return {str(k) for k in kind}
    if isinstance(kind, str):
        return {kind}
    if "enum" in schema:
        return {type_name(v) for v in schema["enum"]}
    return set()


def type_name(value: Any) -> str:
    """Return the JSON type of a value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


WRONG_TYPES: Final[dict[str, Any]] = {
    "string": "wrong-type",
    "integer": 7,
    "number": 2.5,
    "boolean": True,
    "array": ["x"],
    "object": {"x": 1},
    "null": None,
}


def invalid_variants(
    schema: dict[str, Any], base: dict[str, Any]
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield (label, arguments) that the tool must refuse as invalid arguments.

    Each changes one thing in the valid `base`: a property of the wrong type,
    a string over any limit, an unknown key, loose booleans, numbers as
    strings, an integer that is not whole.
    """
    properties: dict[str, Any] = schema.get("properties", {})
    yield "unknown key", {**base, "hostile_extra_key": 1}
    for name, prop in properties.items():
        if not isinstance(prop, dict):
            continue
        allowed = _json_types(prop)
        for kind, value in WRONG_TYPES.items():
            if allowed and kind not in allowed and not (kind == "integer" and "number" in allowed):
                yield f"{name}: {kind}", {**base, name: value}
                break
        if "string" in allowed and "enum" not in prop and "array" not in allowed:
            yield f"{name}: {LONG} chars", {**base, name: "a" * LONG}
        if "boolean" in allowed:
            for loose in ("false", 0, "yes"):
                yield f"{name}: {loose!r}", {**base, name: loose}
        if allowed == {"integer"}:
            yield f"{name}: '1' (a string)", {**base, name: "1"}
            yield f"{name}: 1.5", {**base, name: 1.5}


def odd_strings(
    schema: dict[str, Any], base: dict[str, Any]
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Yield (label, arguments) with lone surrogates, NUL and control characters in strings.

    These may be refused or answered (the text is made safe where it
    enters); either way a tool result, never a protocol error.
    """
    for name, prop in schema.get("properties", {}).items():
        if not isinstance(prop, dict) or "string" not in _json_types(prop) or "enum" in prop:
            continue
        for label, text in (
            ("lone surrogate", "\ud800x\udfff"),
            ("NUL", "lock.front_door\u0000"),
            ("controls", "\u001b[2J\u0007\r\n"),
        ):
            yield f"{name}: {label}", {**base, name: text}


def _sendable(arguments: dict[str, Any]) -> bool:
    try:
        json.dumps(arguments, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _kind(result: types.CallToolResult) -> str:
    return "tool error" if result.is_error else "ok"


def _raw_kind(response: RawResponse | None) -> str:
    if response is None:
        return "transport error"
    try:
        message = response.json()
    except ValueError:
        return f"HTTP {response.status} (not JSON)"
    if response.status >= 500:
        return f"HTTP {response.status}"
    if isinstance(message, dict) and "error" in message:
        return "protocol error"
    result = message.get("result") if isinstance(message, dict) else None
    if isinstance(result, dict):
        return "tool error" if result.get("isError") else "ok"
    return f"HTTP {response.status}"


async def fuzz(demo: Demo, probe: Probe, args: argparse.Namespace) -> FuzzResult:
    """Call every tool with schema-drawn arguments and invalid variants of them."""
    result = FuzzResult()
    started = time.perf_counter()
    async with AsyncExitStack() as stack:
        http = await stack.enter_async_context(
            httpx2.AsyncClient(
                headers={"Authorization": f"Bearer {demo.token}"}, timeout=CALL_TIMEOUT
            )
        )
        client = await stack.enter_async_context(
            Client(
                streamable_http_client(demo.url + "/api/mcp", http_client=http),
                mode="legacy",
                cache=None,
                client_info=types.Implementation(name="bench-hostile-fuzz", version="1"),
            )
        )
        tools = (await client.list_tools()).tools
        log(f"fuzzing {len(tools)} tools: {args.examples} drawn arguments each, plus variants")
        for index, tool in enumerate(tools):
            if args.tool and tool.name not in args.tool:
                continue
            schema = tool.input_schema
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", NonInteractiveExampleWarning)
                drawn = draw(schema_strategy(schema), args.examples, args.seed + index)
            valid = [a for a in drawn if isinstance(a, dict)]
            if tool.name == "run_macro" and not args.live_macros:
                valid = [{**a, "dry_run": True} for a in valid]
            base = valid[0] if valid else {}
            calls: list[tuple[str, dict[str, Any], bool | None]] = [
                ("drawn", a, None) for a in valid
            ]
            calls += [(label, a, True) for label, a in invalid_variants(schema, base)]
            calls += [(label, a, None) for label, a in odd_strings(schema, base)]
            for label, arguments, must_refuse in calls:
                probe.label = f"fuzz {tool.name} {label}"
                kind = await _fuzz_call(demo, client, tool.name, arguments)
                result.add(tool.name, kind)
                where = f"{tool.name} ({label}): {json.dumps(arguments, ensure_ascii=True)[:160]}"
                if kind == "protocol error" or kind.startswith(("HTTP", "transport", "client")):
                    result.protocol_errors.append(f"{kind}: {where}")
                elif must_refuse and kind == "ok":
                    result.invalid_accepted.append(where)
                if args.verbose:
                    log(f"  {kind}: {where}")
    result.seconds = time.perf_counter() - started
    return result


async def _fuzz_call(demo: Demo, client: Client, tool: str, arguments: dict[str, Any]) -> str:
    """Call `tool`; return the kind of answer."""
    if not _sendable(arguments):
        # Lone surrogates: no UTF-8 encoder sends them; JSON escapes do.
        case = Case(
            name="fuzz",
            category="fuzz",
            statuses=frozenset({200}),
            headers=headers(demo.token),
            body=call(tool, arguments),
        )
        return _raw_kind(await send_case(demo.host, demo.port, case, CALL_TIMEOUT))
    try:
        return _kind(await client.call_tool(tool, arguments, read_timeout_seconds=CALL_TIMEOUT))
    except MCPError:
        return "protocol error"
    except Exception as err:  # noqa: BLE001  # Counted and listed, never fatal.
        return f"client error ({type(err).__name__})"


# -- the run ----------------------------------------------------------------------


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
        before = {_key(e) for e in await read_audit(demo)}
    except (RuntimeError, aiohttp.ClientError, ValueError) as err:
        log(f"warning: the audit could not be read before the run: {err}")
        before = set()

    probe = Probe(demo, interval=args.probe_interval)
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
        recorded = [e for e in await read_audit(demo) if _key(e) not in before]
    except (RuntimeError, aiohttp.ClientError, ValueError) as err:
        audit_error = f"the panel's home_mcp/audit failed after the run: {err}"
    lost: int | None = None
    if demo.config_dir is not None:
        try:
            stored = {_key(e) for e in read_audit_file(demo.config_dir)}
        except (OSError, ValueError) as err:
            audit_error = audit_error or f".storage/home_mcp.audit unreadable: {err}"
        else:
            lost = sum(1 for e in recorded if _key(e) not in stored)
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
        text = json.dumps(report, indent=2, ensure_ascii=False)
        if str(args.json) == "-":
            print(text)
        else:
            args.json.write_text(text + "\n", encoding="utf-8")
    return 0 if all(musts.values()) else 1


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
        "| tool | " + " | ".join(kinds) + " |",
        "|---|" + "---|" * len(kinds),
    ]
    for tool, counts in fuzzed["by_tool"].items():
        lines.append(f"| {tool} | " + " | ".join(str(counts.get(k, 0)) for k in kinds) + " |")
    lines.append("| **all** | " + " | ".join(str(fuzzed["kinds"][k]) for k in kinds) + " |")
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
        default=Path(os.environ.get("HOME_MCP_DEMO_DIR", ROOT / ".demo")),
        help="script/demo's directory: console.log, credentials.json, config/ "
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
