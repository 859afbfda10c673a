"""The hostile-input benchmark's fuzzer: every tool's arguments drawn from its `inputSchema`.

For each tool, arguments drawn with `hypothesis_jsonschema.from_schema`
(seeded, derandomized), and invalid variants of one valid example; each
goes through the SDK client, except arguments holding lone surrogates,
which go as a raw `tools/call` with the surrogates as JSON escapes.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
import json
import time
from typing import TYPE_CHECKING, Any, Final
import warnings

from hypothesis import HealthCheck, Phase, given, seed, settings, strategies as st
from hypothesis.errors import NonInteractiveExampleWarning
from hypothesis_jsonschema import from_schema
from mcp.shared.exceptions import MCPError
import mcp_types as types

from lib.clients import authorized_client, sdk_client
from lib.hostile.demo import CALL_TIMEOUT
from lib.report import log
from tests.hostile.corpus import Case, RawResponse, call, headers, send_case

if TYPE_CHECKING:
    from mcp import Client

    from lib.hostile.demo import Demo
    from lib.hostile.probe import Probe

LONG: Final = 900_000
"""Far over any string limit Home MCP sets."""


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
    async with (
        authorized_client(demo.token, timeout=CALL_TIMEOUT) as http,
        sdk_client(demo.url + "/api/mcp", http, name="bench-hostile-fuzz", version="1") as client,
    ):
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
