"""The tools benchmark's rows and how it calls them: cases, callers (SDK and raw), timings.

Each row (`Case`) is a tool and its arguments; `run_case` times it in one
client mode and reads what `bench_house` measured inside Home Assistant
(the handler, `finalize`, the garbage collector); `profile_tool` runs
cProfile inside Home Assistant around more calls of a row.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
import json
import time
from typing import TYPE_CHECKING, Any, Final

import httpx2

from lib.report import write_text
from lib.stats import encoded_size

if TYPE_CHECKING:
    from pathlib import Path

    from mcp import Client

PROTOCOL_VERSION: Final = "2025-11-25"
PROFILE_CALLS: Final = 20
TOOLS_LIST: Final = "tools/list"
"""A `Case.tool` that is not a tool: the `tools/list` request, the round trip's floor."""


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
    index: dict[str, Any] | None = None
    """What Home MCP's entities' index holds and costs (`bench_house/index.py`)."""


def cases(ready: dict[str, Any]) -> list[Case]:
    """Return the benchmark's rows for the house described by `ready`."""
    light = ready["call_light"]
    sensor = ready["history"]["entity_ids"][0] if ready["history"]["entity_ids"] else None
    start = (datetime.now(UTC) - timedelta(hours=24)).isoformat(timespec="seconds")
    return [
        Case("tools/list", TOOLS_LIST, [{}]),
        Case("home_overview", "home_overview", [{}]),
        Case("list_entities (no filter)", "list_entities", [{}]),
        Case(
            f"list_entities (light, {ready['filter_area']})",
            "list_entities",
            [{"domain": "light", "area": ready["filter_area"]}],
        ),
        Case(
            f'list_entities (query "{ready["query"]}")',
            "list_entities",
            [{"query": ready["query"]}],
        ),
        Case(
            f'list_entities (query "{ready["misspelled"]}")',
            "list_entities",
            [{"query": ready["misspelled"]}],
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
        if tool == TOOLS_LIST:
            listed = await self.client.list_tools()
            return time.perf_counter() - start, {"tools": len(listed.tools)}, None
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
        if tool == TOOLS_LIST:
            elapsed, result, size = await self._post(TOOLS_LIST, {})
            return elapsed, {"tools": len(result["tools"])}, size
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
