"""The peers benchmark's calls: one operation on one server, timed with the official SDK client.

Every request goes through `mcp.Client` (handshake era) over Streamable
HTTP, opened by `lib.clients.sdk_client` as the other benchmarks open it, so
the four servers meet the same client. A call is timed from the request to
the parsed (and, where the tool has an output schema, validated) result.

Every answer is checked: a protocol error or an exception, `isError`, or an
answer that says it failed (`ok: false`, `success: false`, a top-level
`error`, an intent's `response_type: "error"`, in the structured result or in
the JSON of its text) counts as an error. Errors are counted per row, the
first is kept, and failed calls are left out of the timings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import json
import time
from typing import TYPE_CHECKING, Any

from lib.peers.servers import TOOLS_LIST, Call, Step
from lib.stats import encoded_size

if TYPE_CHECKING:
    from mcp import Client
    from mcp_types import CallToolResult

ERROR_CHARS = 240


@dataclass(slots=True)
class Samples:
    """What one server measured for one operation."""

    tools: list[str] = field(default_factory=list)
    """The tools called (as the server lists them)."""
    ms: list[float] = field(default_factory=list)
    """Wall-clock times of the timed calls that succeeded."""
    calls: int = 0
    errors: int = 0
    first_error: str | None = None
    response_bytes: int | None = None
    """The last successful result as compact UTF-8 JSON (content and structuredContent)."""
    last: dict[str, Any] | None = None
    """The last answer (successful or not), as JSON-ready data (`--dump`)."""


def describe(err: BaseException) -> str:
    """Return an exception as one line: the first leaf of an exception group."""
    leaf = err
    while isinstance(leaf, BaseExceptionGroup) and leaf.exceptions:
        leaf = leaf.exceptions[0]
    return f"{type(leaf).__name__}: {leaf}"


def _failure(payload: Any) -> str | None:
    """Return why an answer says it failed, or None."""
    if not isinstance(payload, dict):
        if isinstance(payload, list) and payload and isinstance(payload[0], dict):
            return _failure(payload[0])
        return None
    if payload.get("ok") is False or payload.get("success") is False:
        detail = payload.get("error") or payload.get("message") or payload
        return f"ok/success false: {str(detail)[:ERROR_CHARS]}"
    if payload.get("error"):
        return f"error: {str(payload['error'])[:ERROR_CHARS]}"
    if payload.get("response_type") == "error":
        return f"intent error: {str(payload.get('data') or payload)[:ERROR_CHARS]}"
    # FastMCP wraps a tool's non-object answer as {"result": ...} (hass-mcp);
    # service calls and searches list their entities.
    for key in ("result", "affected_entities", "results"):
        if isinstance(payload.get(key), dict | list) and (reason := _failure(payload[key])):
            return f"{key}: {reason}"
    return None


def _text(result: CallToolResult) -> str:
    return "".join(getattr(block, "text", "") or "" for block in result.content)


def result_error(result: CallToolResult) -> str | None:
    """Return why a `tools/call` result is a failure, or None for a success."""
    text = _text(result)
    if result.is_error:
        return f"isError: {text[:ERROR_CHARS]}"
    if result.structured_content is not None:
        return _failure(result.structured_content)
    try:
        payload = json.loads(text)
    except ValueError:
        return None
    return _failure(payload)


def _data(result: Any) -> dict[str, Any]:
    data: dict[str, Any] = result.model_dump(mode="json", by_alias=True, exclude_none=True)
    return data


async def call_once(client: Client, step: Step) -> tuple[float, str | None, dict[str, Any] | None]:
    """Make one request; return (seconds, the error or None, the answer as JSON-ready data)."""
    start = time.perf_counter()
    try:
        if step.tool == TOOLS_LIST:
            listed = await client.list_tools()
            elapsed = time.perf_counter() - start
            return elapsed, None, _data(listed)
        result = await client.call_tool(step.tool, step.arguments)
        elapsed = time.perf_counter() - start
    except Exception as err:  # noqa: BLE001  # Any failure is the row's error, never a crash.
        return time.perf_counter() - start, describe(err)[:ERROR_CHARS], None
    return elapsed, result_error(result), _data(result)


async def time_operation(client: Client, wanted: Call, calls: int, warmup: int) -> Samples:
    """Make `warmup` untimed then `calls` timed requests of `wanted`, one at a time."""
    samples = Samples(tools=wanted.tools)
    steps = wanted.steps
    for index in range(warmup):
        await call_once(client, steps[index % len(steps)])
    for index in range(calls):
        seconds, error, answer = await call_once(client, steps[(warmup + index) % len(steps)])
        samples.calls += 1
        samples.last = answer if answer is not None else {"error": error}
        if error is not None:
            samples.errors += 1
            samples.first_error = samples.first_error or error
            continue
        samples.ms.append(seconds * 1000)
        samples.response_bytes = encoded_size(answer)
    return samples
