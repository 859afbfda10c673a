"""Schema-driven argument fuzzing of every tool (issue 10, item 6).

Every tool is called, as an administrator through the real MCP SDK client,
with arguments generated from the input schema `tools/list` shows a client:
valid-by-schema ones (`hypothesis-jsonschema`) and invalid ones (wrong JSON
types for each property, strings far over any limit, unknown keys, loose
booleans, control characters and lone surrogates in strings, nested junk in
objects). Examples are drawn up front by a seeded, derandomized Hypothesis
run, then replayed one by one against the real Home Assistant demo house.

Each call must answer a tool result, never a protocol error: `isError`
results carry `{ok: false, error, message}`; invalid arguments are
`invalid_arguments` (too-long strings name the field and a limit); entity
ids with control characters never reach the entity; no lock, cover, valve,
alarm panel, light or switch changes state; the audit records the call; the
event loop is not held for long. `call_service` and `run_macro` are fuzzed
only with actions that may not legitimately run (opening actions the gate
refuses, or dry runs), so any change to the house is a fault. Failures are
collected per tool and reported together, each naming the kind of case and
the arguments.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AsyncExitStack, asynccontextmanager, suppress
from dataclasses import dataclass
import json
import re
import time
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings, strategies as st
from hypothesis_jsonschema import from_schema
import jsonschema
import mcp_types as types
import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry
from pytest_homeassistant_custom_component.typing import RecorderInstanceGenerator

from homeassistant.components.recorder import Recorder
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

TOOLS = [
    "home_overview",
    "list_entities",
    "get_entity",
    "list_areas",
    "list_floors",
    "list_labels",
    "list_devices",
    "get_history",
    "get_statistics",
    "get_logbook",
    "list_macros",
    "preview_macro",
    "run_macro",
    "list_services",
    "call_service",
    "get_confirmation",
    "render_template",
    "get_error_log",
    "get_config",
    "get_trace",
    "save_config",
    "delete_config",
]
RECORDER_TOOLS = ["get_history", "get_statistics", "get_logbook"]
HOUSE_DOMAINS = ("lock", "cover", "valve", "alarm_control_panel", "light", "switch")
FRONT_DOOR = "lock.front_door"

VALID_EXAMPLES = 20
"""Valid-by-schema examples drawn per tool."""
CASES_PER_KIND = 24
"""At most this many cases of one invalid kind per tool (spread over its properties)."""
LONG = 300_000
"""A string far over every limit (the body stays under the 1 MiB request limit)."""
OVER = 5_000
"""A string over the limit of every id, name, area, floor, label, phrase and query."""
LARGE_FIELDS = {"template": 20_001}
"""Fields whose limit is larger than `OVER` (templates: 20,000): the length to send instead."""
ENTITY_ID_FIELDS = {"entity_id", "entity_ids", "statistic_ids"}
"""Arguments that must look like entity ids: with a control character, never the entity."""
STALL_LIMIT = 0.2
"""Seconds one call may hold the event loop here (the contract: ~50 ms; generous for CI)."""
CALL_TIMEOUT = 30

BASES: dict[str, dict[str, Any]] = {
    "get_history": {"entity_ids": ["light.bed_light"]},
    "get_statistics": {"statistic_ids": ["sensor.outside_temperature"]},
    "get_logbook": {"entity_ids": ["light.bed_light"]},
    "preview_macro": {"phrase": "good night"},
    # A securing macro that really runs when not a dry run: a coerced
    # `dry_run: "false"` would lock the kitchen door.
    "run_macro": {"phrase": "good night", "dry_run": True},
    "call_service": {
        "domain": "lock",
        "service": "unlock",
        "target": {"entity_id": [FRONT_DOOR]},
    },
    "get_confirmation": {"confirmation_id": "0123456789abcdef"},
    "render_template": {"template": "{{ 1 + 1 }}"},
    "get_config": {"kind": "automation", "id": "automation.night_lock"},
    "get_trace": {"entity_id": "automation.night_lock"},
    # Judged and validated, never written: a coerced `dry_run: "false"`
    # would write it.
    "save_config": {
        "kind": "automation",
        "config": {"alias": "Fuzzed", "triggers": [], "actions": []},
        "dry_run": True,
    },
    "delete_config": {"kind": "script", "id": "no_such_script"},
}
"""Valid arguments the invalid cases change one property of (required ones filled)."""

OPENING_SERVICES = [
    ("lock", "unlock"),
    ("lock", "open"),
    ("cover", "open_cover"),
    ("valve", "open_valve"),
    ("alarm_control_panel", "alarm_disarm"),
]
"""`call_service` actions the gate refuses: fuzzing them may never move the house."""
GUARDED_TARGETS = [
    {"entity_id": FRONT_DOOR},
    {"entity_id": "all"},
    {"entity_id": ["lock.front_door", "cover.garage_door", "valve.front_garden"]},
    {"area_id": "garage"},
    {"floor_id": "ground_floor"},
]
GUARDED_PHRASES = [
    "unlock the front door",
    "Open house",
    "welcome home",
    "Whatever the template says",
]
"""Macros that would open the house: the gate refuses them, dry run or not."""
SECURING_PHRASES = ["good night", "Lock up", "bedtime"]
"""Macros that legitimately run: fuzzed only as dry runs."""

WRONG_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    10**15,
    "",
    "x",
    "false",
    "yes",
    "7",
    [],
    ["x"],
    [1, None],
    {},
    {"a": {"b": [None, {"c": "\x00"}]}},
]
"""Candidates for a wrong JSON type: those the property's schema refuses are sent."""
LOOSE_BOOLEANS: list[Any] = ["false", "False", "true", "no", "yes", "0", "", 0, 1, None, [], {}]
CONTROL_STRINGS = [
    "\x00",
    "a\x00b",
    "\x1b[2J\x1b[31mred",
    "a\r\nb",
    "\u202eevil",
    "\ufeff",
    "\x7f\x08",
]
ENTITY_ID_TRICKS = [
    f"{FRONT_DOOR}\x00",
    f"{FRONT_DOOR}\n",
    f"{FRONT_DOOR}\x1b",
    f"\x00{FRONT_DOOR}",
    "lock.front\x00_door",
    f"{FRONT_DOOR}\u200b",
]
"""Entity ids with a control or invisible character: never the front door."""
SURROGATE_STRINGS = ["\ud800", "a\udfffb", f"{FRONT_DOOR}\ud800"]
EXTRA_KEYS: list[tuple[str, Any]] = [
    ("confirmed", True),
    ("force", True),
    ("", "x"),
    ("\x00", 1),
    ("k" * OVER, 1),
    ("__proto__", {"ok": True}),
    ("arguments", {}),
]


def _deep(levels: int) -> dict[str, Any]:
    node: dict[str, Any] = {"leaf": "\x00"}
    for _ in range(levels):
        node = {"a": node}
    return node


JUNK_OBJECTS: list[Any] = [
    {"a": {"b": {"c": [1, {"d": None}, [[[]]]]}}},
    _deep(40),
    {"entity_id": {"$ne": None}},
    {"entity_id": [FRONT_DOOR, {"x": 1}]},
    {"entity_id": "lock.poorly_installed_door"},
    {"__class__": "x", "constructor": {"prototype": {"ok": True}}},
    {"\x00": "\x00", "\u202e": ["\x1b"]},
    {"k": "a" * LONG},
    [{"a": 1}],
]
"""Nested junk for object properties (`target`, `data`, `variables`)."""


@dataclass(frozen=True, slots=True)
class Case:
    """One call to make and what its answer must be.

    kind: which family of case (valid, wrong_type, too_long, ...).
    field: the argument the case is about ("" for whole-argument cases).
    expect: "any" (a well-formed result), "invalid" (invalid_arguments),
        "too_long" (invalid_arguments naming `field` and a limit below
        `length`) or "not_entity" (never the entity a tricked id names).
    raw: send over raw HTTP (lone surrogates: the SDK cannot encode them).
    """

    kind: str
    arguments: dict[str, Any]
    field: str = ""
    expect: str = "any"
    length: int = 0
    raw: bool = False


# -- generating the cases --------------------------------------------------------


def _draw(strategy: st.SearchStrategy[Any], count: int) -> list[Any]:
    """Return up to `count` distinct examples of `strategy`, the same on every run."""
    drawn: dict[str, Any] = {}

    @settings(
        max_examples=count,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def collect(value: Any) -> None:
        drawn.setdefault(json.dumps(value, sort_keys=True, default=repr), value)

    collect()
    return list(drawn.values())


def _types(schema: dict[str, Any]) -> set[str]:
    kind = schema.get("type")
    if isinstance(kind, list):
        return set(kind)
    if isinstance(kind, str):
        return {kind}
    return set()


def _is_valid(value: Any, schema: dict[str, Any]) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(value)


def _schema_strategy(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Return values valid by `schema` (hypothesis-jsonschema)."""
    return from_schema(schema)


def _valid_strategy(name: str, schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Valid-by-schema arguments; for the two write tools, only ones that may not run."""
    if name == "call_service":
        props = schema["properties"]
        action = st.one_of(
            st.sampled_from(OPENING_SERVICES),
            st.tuples(_schema_strategy(props["domain"]), _schema_strategy(props["service"])),
        )
        target = st.one_of(
            st.none(), st.sampled_from(GUARDED_TARGETS), _schema_strategy(props["target"])
        )
        data = st.one_of(st.none(), _schema_strategy(props["data"]))

        def build(parts: tuple[tuple[str, str], Any, Any]) -> dict[str, Any]:
            (domain, service), target_, data_ = parts
            arguments: dict[str, Any] = {"domain": domain, "service": service}
            if target_ is not None:
                arguments["target"] = target_
            if data_ is not None:
                arguments["data"] = data_
            return arguments

        return st.tuples(action, target, data).map(build)
    if name == "run_macro":
        phrase = _schema_strategy(schema["properties"]["phrase"])
        return st.one_of(
            st.builds(lambda p: {"phrase": p, "dry_run": True}, phrase),
            st.builds(
                lambda p, d: {"phrase": p, "dry_run": d},
                st.sampled_from(GUARDED_PHRASES),
                st.booleans(),
            ),
            st.builds(lambda p: {"phrase": p, "dry_run": True}, st.sampled_from(SECURING_PHRASES)),
        )
    return _schema_strategy(schema)


def _fields(schema: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], list[str]]]:
    """Yield (dotted name, schema, path) of each property, and of an object property's own."""
    for prop, sub in schema.get("properties", {}).items():
        yield prop, sub, [prop]
        for inner, inner_sub in sub.get("properties", {}).items():
            yield f"{prop}.{inner}", inner_sub, [prop, inner]


def _with(base: dict[str, Any], path: list[str], value: Any) -> dict[str, Any]:
    """Return a copy of `base` with the argument at `path` set to `value`."""
    arguments = json.loads(json.dumps(base))
    node = arguments
    for part in path[:-1]:
        if not isinstance(node.get(part), dict):
            node[part] = {}
        node = node[part]
    node[path[-1]] = value
    return arguments


def _spread(per_field: list[list[Case]], limit: int = CASES_PER_KIND) -> list[Case]:
    """Take cases round-robin over the fields, at most `limit`."""
    cases: list[Case] = []
    for round_ in range(max((len(group) for group in per_field), default=0)):
        cases.extend(group[round_] for group in per_field if round_ < len(group))
    return cases[:limit]


def _string_slots(sub: dict[str, Any]) -> list[Callable[[str], Any]]:
    """Ways to put one string in a property: as the string, or as an array's item."""
    slots: list[Callable[[str], Any]] = []
    kinds = _types(sub)
    if "string" in kinds:
        slots.append(lambda text: text)
    if "array" in kinds and "string" in _types(sub.get("items", {})):
        slots.append(lambda text: [text])
    return slots


def _as_read(args: Any) -> Any:
    """Return arguments as the tools read them: one id given as a string is a list of one.

    `target: {entity_id: "lock.front_door"}` is documented shorthand
    (docs/tools.md) for the list the schema asks; no other field bends so.
    """
    if not isinstance(args, dict) or not isinstance(args.get("target"), dict):
        return args
    target = {
        key: [value] if isinstance(value, str) else value for key, value in args["target"].items()
    }
    return {**args, "target": target}


def _cases(name: str, schema: dict[str, Any]) -> list[Case]:
    """Every case for one tool: valid-by-schema examples first, then the invalid kinds."""
    base = BASES.get(name, {})
    assert _is_valid(base, schema), f"{name}: base arguments {base} do not fit the schema"
    cases = [Case("valid", value) for value in _draw(_valid_strategy(name, schema), VALID_EXAMPLES)]
    wrong: list[list[Case]] = []
    long_: list[list[Case]] = []
    control: list[list[Case]] = []
    surrogate: list[list[Case]] = []
    junk: list[list[Case]] = []
    loose: list[Case] = []
    for index, (field, sub, path) in enumerate(_fields(schema)):
        top = path[0]
        parent = schema if len(path) == 1 else schema["properties"][top]
        optional = path[-1] not in parent.get("required", ()) and "default" not in sub
        # Wrong JSON types (null stands for "left out" on optional arguments).
        candidates = (
            WRONG_VALUES[index % len(WRONG_VALUES) :] + WRONG_VALUES[: index % len(WRONG_VALUES)]
        )
        group = [
            Case("wrong_type", args, field, "invalid")
            for value in candidates
            if not (value is None and optional)
            and not _is_valid(value, sub)
            and not _is_valid(_as_read(args := _with(base, path, value)), schema)
        ]
        wrong.append(group)
        if "boolean" in _types(sub):
            loose.extend(
                Case("loose_bool", _with({**base, "phrase": phrase}, path, value), field, "invalid")
                for phrase in ("good night", "unlock the front door")
                if "phrase" in schema["properties"]
                for value in LOOSE_BOOLEANS
            )
        slots = _string_slots(sub)
        limit = sub.get("maxLength") or sub.get("items", {}).get("maxLength")
        lengths = [limit + 1 if limit else LARGE_FIELDS.get(path[-1], OVER), LONG]
        # An enum refuses any other string; its message need not name a length.
        enum = "enum" in sub or "enum" in sub.get("items", {})
        long_.append(
            [
                Case(
                    "too_long",
                    _with(base, path, slot("a" * length)),
                    field,
                    "invalid" if enum else "too_long",
                    length,
                )
                for length in lengths
                for slot in slots
            ]
        )
        entity_field = path[-1] in ENTITY_ID_FIELDS
        tricks = ENTITY_ID_TRICKS if entity_field else CONTROL_STRINGS
        control.append(
            [
                Case(
                    "control_chars",
                    _with(base, path, slot(text)),
                    field,
                    "not_entity" if entity_field else "any",
                )
                for text in tricks
                for slot in slots[:1]
            ]
        )
        surrogate.append(
            [
                Case(
                    "surrogate",
                    _with(base, path, slot(text)),
                    field,
                    "not_entity" if entity_field else "any",
                    raw=True,
                )
                for text in SURROGATE_STRINGS
                for slot in slots[:1]
            ]
        )
        if "object" in _types(sub):
            junk.append(
                [
                    Case(
                        "junk",
                        args := _with(base, path, value),
                        field,
                        "any" if _is_valid(_as_read(args), schema) else "invalid",
                    )
                    for value in JUNK_OBJECTS
                ]
            )
    cases.extend(_spread(wrong))
    cases.extend(_spread(long_))
    cases.extend(
        Case("extra_key", {**base, key: value}, key[:20], "invalid") for key, value in EXTRA_KEYS
    )
    if "target" in schema["properties"]:
        cases.append(
            Case(
                "extra_key",
                _with(base, ["target", "confirmed"], True),
                "target.confirmed",
                "invalid",
            )
        )
    cases.extend(loose)
    cases.extend(_spread(control))
    cases.extend(_spread(surrogate))
    cases.extend(_spread(junk))
    return cases


# -- calling and checking --------------------------------------------------------


@dataclass(slots=True)
class Answer:
    """A tool result, from the SDK client or from raw JSON-RPC."""

    is_error: bool
    structured: Any
    text: str | None


class StallWatch:
    """Measure the longest time the event loop's own work held it between two ticks.

    Counted in the loop thread's CPU time (`time.thread_time`), not wall time:
    on a machine busy with other jobs the process waits for a core between
    ticks without the loop being held, which a wall clock would count as a
    stall. Blocking I/O in the loop is Home Assistant's own test harness's to
    catch (it raises on it).
    """

    def __init__(self) -> None:
        """Create the watch; `start` it in the event loop."""
        self.longest = 0.0
        self.longest_wall = 0.0
        self._task: asyncio.Task[None] | None = None

    async def _tick(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            before, worked = loop.time(), time.thread_time()
            await asyncio.sleep(0.005)
            self.longest = max(self.longest, time.thread_time() - worked)
            self.longest_wall = max(self.longest_wall, loop.time() - before - 0.005)

    def start(self, hass: HomeAssistant) -> None:
        """Start ticking."""
        self._task = hass.async_create_background_task(self._tick(), "fuzz stall watch")

    async def stop(self) -> None:
        """Stop ticking."""
        if self._task is not None:
            self._task.cancel()
            with suppress(asyncio.CancelledError):
                await self._task


def _house(hass: HomeAssistant) -> dict[str, tuple[str, str]]:
    """Return the state and attributes of every lock, cover, valve, alarm, light and switch."""
    return {
        state.entity_id: (
            state.state,
            json.dumps(dict(state.attributes), sort_keys=True, default=str),
        )
        for domain in HOUSE_DOMAINS
        for state in hass.states.async_all(domain)
    }


def _changes(before: dict[str, tuple[str, str]], after: dict[str, tuple[str, str]]) -> str:
    """Return which entities changed and how ("" when none did)."""
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    return ", ".join(
        f"{k}: {before.get(k, ('-', ''))[0]} -> {after.get(k, ('-', ''))[0]}" for k in changed
    )


def _short(value: Any, depth: int = 0) -> Any:
    """Return `value` with long strings, long lists and deep nesting abbreviated."""
    if isinstance(value, str):
        return value if len(value) <= 40 else f"<{len(value)} chars {value[:12]!r}…>"
    if depth >= 4 and isinstance(value, (list, dict)):
        return f"<{type(value).__name__} nested {len(json.dumps(value, default=str))} chars>"
    if isinstance(value, list):
        return [_short(item, depth + 1) for item in value[:5]] + (["…"] if len(value) > 5 else [])
    if isinstance(value, dict):
        items = list(value.items())
        shown = {_short(key): _short(item, depth + 1) for key, item in items[:8]}
        if len(items) > 8:
            shown["…"] = f"{len(items) - 8} more keys"
        return shown
    return value


def _values(node: Any) -> Iterator[Any]:
    """Yield every key and value anywhere in a JSON document."""
    yield node
    if isinstance(node, dict):
        for key, value in node.items():
            yield key
            yield from _values(value)
    elif isinstance(node, list):
        for item in node:
            yield from _values(item)


class ProtocolFault(Exception):
    """An HTTP error status or a JSON-RPC error where a tool result was due."""


class ToolCaller:
    """Calls one tool through the SDK client (reopened if a call breaks it) or raw HTTP."""

    def __init__(self, mcp: McpHarness, http: Any) -> None:
        """Create the caller; use as `async with caller.open():`."""
        self._mcp = mcp
        self._http = http
        self._stack: AsyncExitStack | None = None
        self._client: Any = None

    async def _connect(self) -> None:
        self._stack = AsyncExitStack()
        self._client = await self._stack.enter_async_context(self._mcp.client())

    async def _close(self) -> None:
        if self._stack is not None:
            with suppress(BaseException):
                await self._stack.aclose()
        self._stack = None

    @asynccontextmanager
    async def open(self) -> AsyncIterator[ToolCaller]:
        """Keep one SDK client open for the calls."""
        await self._connect()
        try:
            yield self
        finally:
            await self._close()

    async def sdk(self, tool: str, arguments: dict[str, Any]) -> Answer:
        """Call through the SDK client; a protocol error or exception is raised as is."""
        try:
            result = await self._client.call_tool(tool, arguments)
        except BaseException:
            await self._close()
            await self._connect()
            raise
        assert isinstance(result, types.CallToolResult), f"not a CallToolResult: {result!r}"
        text = (
            result.content[0].text
            if result.content and isinstance(result.content[0], types.TextContent)
            else None
        )
        return Answer(bool(result.is_error), result.structured_content, text)

    async def raw(self, tool: str, arguments: dict[str, Any]) -> Answer:
        """POST `tools/call` as ASCII JSON (surrogates escaped); return the tool result."""
        body = json.dumps(
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "tools/call",
                "params": {"name": tool, "arguments": arguments},
            }
        )
        response = await self._http.post(
            "/api/mcp",
            data=body.encode("ascii"),
            headers={
                "Accept": "application/json, text/event-stream",
                "Content-Type": "application/json",
                "MCP-Protocol-Version": "2025-11-25",
            },
        )
        payload = await response.read()
        if response.status != 200:
            raise ProtocolFault(f"HTTP {response.status}: {payload[:300]!r}")
        text = payload.decode("utf-8")  # Strict: the answer itself must be valid UTF-8.
        if response.content_type == "text/event-stream":
            text = next(line[5:] for line in text.splitlines() if line.startswith("data:"))
        message = json.loads(text)
        if "error" in message:
            raise ProtocolFault(f"JSON-RPC error {message['error']}")
        json.dumps(message, ensure_ascii=False).encode("utf-8")  # No lone surrogate came back.
        result = types.CallToolResult.model_validate(message["result"])
        first = result.content[0] if result.content else None
        return Answer(
            bool(result.is_error),
            result.structured_content,
            first.text if isinstance(first, types.TextContent) else None,
        )


def _check_answer(case: Case, answer: Answer) -> list[str]:
    """Return what is wrong with one answer (nothing when it keeps the contract)."""
    problems: list[str] = []
    data = answer.structured
    if not isinstance(data, dict):
        return [f"no structuredContent object: {answer.text!r:.200}"]
    if answer.text is not None and json.loads(answer.text) != data:
        problems.append("text content differs from structuredContent")
    if answer.is_error != (data.get("ok") is False):
        problems.append(f"isError={answer.is_error} but ok={data.get('ok')!r}")
    if answer.is_error:
        if not isinstance(data.get("error"), str) or not data["error"]:
            problems.append(f"error is not a non-empty string: {data.get('error')!r}")
        if not isinstance(data.get("message"), str) or not data["message"].strip():
            problems.append(f"message is not a non-empty string: {data.get('message')!r}")
    error, message = data.get("error"), str(data.get("message", ""))
    summary = f"isError={answer.is_error} error={error!r} message={message[:240]!r}"
    if case.expect in ("invalid", "too_long") and not (
        answer.is_error and error == "invalid_arguments"
    ):
        problems.append(f"expected invalid_arguments, got {summary}")
    if case.expect == "too_long" and error == "invalid_arguments":
        leaf = case.field.rsplit(".", 1)[-1]
        limits = [int(n) for n in re.findall(r"\d+", message) if 1 <= int(n) < case.length]
        if leaf not in message or not limits:
            problems.append(f"message does not name {case.field!r} and a limit: {message[:240]!r}")
    # Refused or answered, whatever the reason: the tricked id never resolves
    # to the entity it imitates (no row, target or refusal names it).
    if case.expect == "not_entity" and any(value == FRONT_DOOR for value in _values(data)):
        problems.append(f"a tricked entity id reached {FRONT_DOOR}: {json.dumps(data)[:240]}")
    return problems


async def _fuzz(
    tool: str, mcp: McpHarness, entry: MockConfigEntry, http: Any, cases: list[Case]
) -> tuple[list[str], int]:
    """Replay the cases; return the problems found and the number of calls made."""
    hass = mcp.hass
    audit = entry.runtime_data.audit
    failures: list[str] = []
    house = _house(hass)
    watch = StallWatch()
    watch.start(hass)
    caller = ToolCaller(mcp, http)
    try:
        async with caller.open():
            for case in cases:
                where = f"{tool} [{case.kind}] {case.field or 'arguments'}={_short(case.arguments)}"
                before = _house(hass)
                recorded = len(audit.async_tail(10_000))
                watch.longest = watch.longest_wall = 0.0
                started = time.monotonic()
                try:
                    async with asyncio.timeout(CALL_TIMEOUT):
                        call = caller.raw if case.raw else caller.sdk
                        answer = await call(tool, case.arguments)
                except Exception as err:  # noqa: BLE001  # Any exception is the finding.
                    failures.append(f"{where}: raised {type(err).__name__}: {str(err)[:300]}")
                    answer = None
                elapsed = time.monotonic() - started
                if answer is not None:
                    failures.extend(
                        f"{where}: {problem}" for problem in _check_answer(case, answer)
                    )
                await hass.async_block_till_done()
                if changed := _changes(before, _house(hass)):
                    outcome = json.dumps(answer.structured if answer else None, default=str)
                    failures.append(
                        f"{where}: the house changed ({changed}); answer {outcome:.200}"
                    )
                if watch.longest > STALL_LIMIT:
                    failures.append(
                        f"{where}: held the event loop {watch.longest:.2f} s of its own work "
                        f"({watch.longest_wall:.2f} s between two ticks; call took {elapsed:.2f} s)"
                    )
                tail = audit.async_tail(10_000)
                new = tail[: max(len(tail) - recorded, 1)]
                if not any(e.get("kind") == "tool" and e.get("tool") == tool for e in new):
                    failures.append(
                        f"{where}: the audit did not record the call (newest: {_short(tail[:1])})"
                    )
    finally:
        await watch.stop()
    if changed := _changes(house, _house(hass)):
        failures.append(f"{tool}: the house changed over the whole run ({changed})")
    return failures, len(cases)


@pytest.fixture
def mock_recorder_before_hass(async_setup_recorder_instance: RecorderInstanceGenerator) -> None:
    """Prepare the recorder's database before `hass` exists (the recorder tools' tests)."""


@pytest.fixture
async def logbook(recorder_mock: Recorder, hass: HomeAssistant) -> None:
    """Run the recorder, then the logbook (its HTTP view before any test client)."""
    assert await async_setup_component(hass, "logbook", {})


async def _fuzz_tool(
    tool: str,
    mcp: McpHarness,
    entry: MockConfigEntry,
    http: Any,
    hass_storage: dict[str, Any],
) -> None:
    """Fuzz one tool, then check Home Assistant still answers and the audit is still written."""
    hass = mcp.hass
    async with mcp.client() as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
    assert tool in listed, f"{tool} is not listed for an administrator"
    schema = listed[tool].input_schema
    cases = await hass.async_add_executor_job(_cases, tool, schema)
    failures, calls = await _fuzz(tool, mcp, entry, http, cases)

    # Home Assistant still answers, and the audit records (and saves) the next good call.
    response = await http.get("/api/")
    assert response.status == 200
    data = await mcp.data("home_overview")
    assert data["ok"] is True
    audit = entry.runtime_data.audit
    newest = audit.async_tail(1)[0]
    assert newest["tool"] == "home_overview" and newest["outcome"] == "ok", newest
    try:
        await audit.async_flush()
    except Exception as err:  # noqa: BLE001  # A failed save is the finding.
        failures.append(f"{tool}: the audit could not be saved: {type(err).__name__}: {err}")
    else:
        saved = hass_storage.get("home_mcp.audit", {}).get("data", {}).get("entries") or [{}]
        if saved[-1].get("tool") != "home_overview":
            failures.append(f"{tool}: the saved audit lacks the last call: {_short(saved[-1])}")
    report = "\n".join(failures)
    assert not failures, f"{tool}: {len(failures)} of {calls} calls broke the contract:\n{report}"


@pytest.mark.parametrize("tool", [tool for tool in TOOLS if tool not in RECORDER_TOOLS])
async def test_fuzz_tool_arguments(
    mcp: McpHarness,
    home_mcp: MockConfigEntry,
    hass_client: Callable[..., Any],
    hass_storage: dict[str, Any],
    tool: str,
) -> None:
    """Valid and hostile arguments of one tool: a tool result every time, the house untouched.

    Valid-by-schema arguments answer a well-formed result or tool error;
    invalid ones answer `invalid_arguments` (too-long strings naming the field
    and a limit); tricked entity ids never reach the entity; nothing moves;
    the event loop is not held; the audit records every call; afterwards
    Home Assistant still answers and the audit is still saved.
    """
    await _fuzz_tool(tool, mcp, home_mcp, await hass_client(), hass_storage)


@pytest.mark.parametrize("tool", RECORDER_TOOLS)
async def test_fuzz_recorder_tool_arguments(
    logbook: None,
    mcp: McpHarness,
    home_mcp: MockConfigEntry,
    hass_client: Callable[..., Any],
    hass_storage: dict[str, Any],
    tool: str,
) -> None:
    """The same for the history, statistics and logbook tools, on a real recorder.

    Without a recorder they answer `recorder_unavailable` before reading
    anything; with one, the fuzzed times, ids and domains reach its queries.
    """
    await _fuzz_tool(tool, mcp, home_mcp, await hass_client(), hass_storage)


async def test_every_tool_is_fuzzed(mcp: McpHarness) -> None:
    """Each tool an administrator sees is in the fuzzed list (a new tool gets fuzzed too)."""
    async with mcp.client() as client:
        listed = {t.name for t in (await client.list_tools()).tools}
    assert listed == set(TOOLS)


async def test_the_stall_watch_counts_the_loops_own_work_not_waiting(hass: HomeAssistant) -> None:
    """A call that holds the loop with work is a stall; the loop idle or waiting is not."""
    watch = StallWatch()
    watch.start(hass)
    try:
        await asyncio.sleep(0.05)
        until = time.thread_time() + STALL_LIMIT * 1.5
        while time.thread_time() < until:  # Work in the loop, as a slow handler would.
            pass
        await asyncio.sleep(0.05)
        assert watch.longest > STALL_LIMIT
        watch.longest = 0.0
        await asyncio.sleep(STALL_LIMIT * 1.5)  # Waiting is not holding the loop.
        assert watch.longest < STALL_LIMIT / 4
    finally:
        await watch.stop()
