"""`get_trace`: the recent runs of an automation or script, and one run step by step.

"Why didn't my automation run?" For an administrator's own credential or a
`config` client key (`Tool.config_scope`), like `get_config`, which shows
what the runs ran. It reads Home Assistant's `trace` integration through
the functions its own `trace/list` and `trace/get` commands call
(`async_list_traces`, `async_get_trace`), in-process, and changes nothing.

Home Assistant keeps the last runs of each automation and script that has
an id (5 by default, `stored_traces`), across restarts, and, apart from
them, the last times a trigger saw a change and did not fire
(`not_triggered`). The fields read from what those functions return are
`RUN_FIELDS` and `STEP_FIELDS`; `tests/test_trace_tool.py` fails first when
a Home Assistant upgrade renames one, and meanwhile a missing field is left
out of the answer, never guessed.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Final

from pydantic import Field

from homeassistant.components.trace.const import DATA_TRACE
from homeassistant.components.trace.util import async_get_trace, async_list_traces
from homeassistant.core import HomeAssistant, State
from homeassistant.helpers import entity_registry as er
from homeassistant.util import dt as dt_util

from ..const import DOMAIN, MESSAGE_MAX_CHARS
from ..exposure import Sight, async_own_entities
from ..shaping import clean_text, envelope, local_iso
from . import UNTRUSTED_NOTE, PageOutput, Tool, ToolContext, ToolError, ToolInput
from .arguments import Identifier
from .get_config import find_macro
from .query import json_safe

TRACED_DOMAINS: Final = ("automation", "script")
"""What Home Assistant traces (its `trace` integration's `TRACE_DOMAINS`)."""

RUN_FIELDS: Final = (
    "run_id",
    "timestamp",
    "state",
    "last_step",
    "script_execution",
    "trigger",
    "error",
    "not_triggered",
    "trace",
    "config",
)
"""What a run is read by, in `async_list_traces`'s rows and `async_get_trace`'s run.

`timestamp` is `{start, finish}`; `trigger` is an automation's only (the
trigger's description); `error`, `not_triggered` only when there is one;
`trace` (each step's path to its records) and `config` (the configuration
the run ran) only in `async_get_trace`'s.
"""
STEP_FIELDS: Final = ("path", "timestamp", "changed_variables", "result", "error", "child_id")
"""What a step is read by: one record of `trace`. `child_id` is the script run it started."""

FAILED_EXECUTIONS: Final = frozenset(
    {"error", "failed_single", "failed_max_runs", "disallowed_recursion_detected"}
)
"""Home Assistant's `script_execution` of a run that failed: it raised, or could
not start because a run was already going (`single`, `max` reached) or it
called itself. A run its conditions stopped (`failed_conditions`, or
`aborted` by a condition among the actions), or `stop` ended, did what it
was written to: not a failure."""

STOPPED_BY_CONDITION: Final = frozenset({"failed_conditions", "aborted"})
"""`script_execution` of a run a condition may have stopped (then its last step failed)."""

STATE_FIELDS: Final = ("entity_id", "state", "attributes", "last_changed")
"""What a state in a step's variables (a trigger's `to_state`, `this`) is shown by."""

_ORIGIN: Final = datetime.min.replace(tzinfo=dt_util.UTC)
"""Before every run: where a run or step without a time sorts."""

DEFAULT_LIMIT: Final = 50
MAX_LIMIT: Final = 200


class GetTraceInput(ToolInput):
    """The automation or script; with `run_id`, one of its runs step by step."""

    entity_id: Identifier = Field(description="automation.x, script.x or a name")
    run_id: Identifier | None = Field(None, description="One run's steps; omit: recent runs")
    offset: int = Field(0, ge=0)
    limit: int = Field(DEFAULT_LIMIT, ge=1, le=MAX_LIMIT)


class TraceOutput(PageOutput):
    """Runs, newest first, or one run's steps in order, in the standard envelope."""

    entity_id: str
    name: str | None = None
    run: dict[str, Any] | None = None
    note: str | None = None


def trace_key(domain: str, item_id: str) -> str:
    """Return the key Home Assistant keeps the traces of an automation or script under."""
    return f"{domain}.{item_id}"


def traces_kept(hass: HomeAssistant) -> bool:
    """Return True if Home Assistant's `trace` integration keeps runs here."""
    return DATA_TRACE in hass.data


def run_failed(run: Mapping[str, Any]) -> bool:
    """Return True if a run failed (`FAILED_EXECUTIONS`, or an error); `list_macros` asks too."""
    return bool(run.get("error")) or run.get("script_execution") in FAILED_EXECUTIONS


def started(run: Mapping[str, Any]) -> datetime | None:
    """Return when a run started (a restored run keeps it as text)."""
    timestamp = run.get("timestamp")
    return _datetime(timestamp.get("start")) if isinstance(timestamp, Mapping) else None


async def async_last_runs(hass: HomeAssistant, domain: str) -> dict[str, Mapping[str, Any]]:
    """Return the newest run (not a trigger that did not fire) of each traced `domain` item, by id.

    One call to `async_list_traces` for the whole domain: what it returns is
    kept by Home Assistant once a run is over, so this stays cheap.
    """
    if not traces_kept(hass):
        return {}
    newest: dict[str, Mapping[str, Any]] = {}
    for run in await async_list_traces(hass, domain, None):
        item_id = run.get("item_id")
        if not isinstance(item_id, str) or run.get("not_triggered"):
            continue
        kept = newest.get(item_id)
        if kept is None or (started(kept) or _ORIGIN) <= (started(run) or _ORIGIN):
            newest[item_id] = run
    return newest


def _datetime(value: Any) -> datetime | None:
    if isinstance(value, str):
        value = dt_util.parse_datetime(value)
    return value if isinstance(value, datetime) else None


def _iso(value: Any) -> str | None:
    when = _datetime(value)
    return local_iso(when) if when is not None else None


def _entity_of(hass: HomeAssistant, domain: str, item_id: str) -> str:
    """Return the entity id of a traced item (a started script's run names it by id)."""
    return er.async_get(hass).async_get_entity_id(domain, domain, item_id) or trace_key(
        domain, item_id
    )


def _compact(value: Any, sight: Sight, depth: int = 0) -> Any:
    """Return a step's variable with each state in it cut to `STATE_FIELDS`.

    The state of an entity the caller may not see is `UNSEEN` whole: its
    name and state are in its attributes, not only in its id.
    """
    if isinstance(value, State):
        value = value.as_dict()
    if isinstance(value, Mapping):
        if {"entity_id", "state", "last_changed"} <= value.keys():
            entity_id = value["entity_id"]
            if isinstance(entity_id, str) and not sight.sees(entity_id):
                return sight.entity(entity_id)
            return {key: value[key] for key in STATE_FIELDS if key in value}
        if depth < 3:
            return {key: _compact(item, sight, depth + 1) for key, item in value.items()}
    if isinstance(value, list | tuple) and depth < 3:
        return [_compact(item, sight, depth + 1) for item in value]
    return value


def _config_at(config: Any, path: str) -> Any:
    """Return the condition at a step's `path` in the run's configuration, if it says.

    A path names configuration keys in the singular (`condition/0`,
    `action/2`), as Home Assistant's trace does, where the configuration may
    write them in the plural (`conditions`, `actions`). What is returned is
    the innermost condition on the path (a template shorthand is its text).
    """
    found: Any = None
    node = config
    for segment in path.split("/"):
        if isinstance(node, Mapping):
            node = next((node[k] for k in (segment, f"{segment}s") if k in node), None)
        elif isinstance(node, list) and segment.isdigit() and int(segment) < len(node):
            node = node[int(segment)]
        else:
            return found
        if isinstance(node, Mapping) and "condition" in node:
            found = node
        elif isinstance(node, str) and segment.isdigit():
            found = node if "{{" in node else found
    return found


def _stopped_by(run: Mapping[str, Any]) -> dict[str, Any] | None:
    """Return the condition that stopped a run: its last step, a condition found false."""
    path = run.get("last_step")
    if run.get("script_execution") not in STOPPED_BY_CONDITION or not isinstance(path, str):
        return None
    trace = run.get("trace")
    records = trace.get(path) if isinstance(trace, Mapping) else None
    result = records[-1].get("result") if isinstance(records, list) and records else None
    if not isinstance(result, Mapping) or result.get("result") is not False:
        return None
    failed: dict[str, Any] = {"path": path, "result": json_safe(result)}
    if (condition := _config_at(run.get("config"), path)) is not None:
        failed["condition"] = json_safe(condition)
    return failed


def _why_not(run: Mapping[str, Any]) -> Any:
    """Return what a trigger that saw a change and did not fire said (its first step's result)."""
    trace = run.get("trace")
    for path, records in trace.items() if isinstance(trace, Mapping) else ():
        if str(path).startswith("trigger") and isinstance(records, list) and records:
            return json_safe(records[-1].get("result"))
    return None


def _run_row(run: Mapping[str, Any]) -> dict[str, Any]:
    """Return a run as a row: when, what set it off, where and how it stopped."""
    row: dict[str, Any] = _when(run)
    if isinstance(trigger := run.get("trigger"), str):
        row["trigger"] = clean_text(trigger, MESSAGE_MAX_CHARS)
    if run.get("not_triggered"):
        row["not_triggered"] = True
        if (why := _why_not(run)) is not None:
            row["why"] = why
    if run.get("state") == "running":
        row["running"] = True
    row["last_step"] = run.get("last_step")
    row["script_execution"] = run.get("script_execution")
    if (failed := _stopped_by(run)) is not None:
        row["failed_condition"] = failed
    if isinstance(error := run.get("error"), str):
        row["error"] = clean_text(error, MESSAGE_MAX_CHARS)
    if run_failed(run):
        row["failed"] = True
    return {key: value for key, value in row.items() if value is not None}


def _answers_home_mcp(run: Mapping[str, Any], own: frozenset[str]) -> bool:
    """Return True if a run was set off by Home MCP's own entities or events.

    What it did with them (an announcement of a request: its effect, who
    asked) is never an MCP caller's to read, as the audit and those
    entities are not (red team 40).
    """
    trace = run.get("trace")
    for path, records in trace.items() if isinstance(trace, Mapping) else ():
        if not str(path).startswith("trigger") or not isinstance(records, list):
            continue
        for record in records:
            changed = record.get("changed_variables") if isinstance(record, Mapping) else None
            trigger = changed.get("trigger") if isinstance(changed, Mapping) else None
            if not isinstance(trigger, Mapping):
                continue
            if trigger.get("entity_id") in own:
                return True
            event = trigger.get("event")
            kind = event.get("event_type") if isinstance(event, Mapping) else None
            kind = kind if kind is not None else getattr(event, "event_type", None)
            if isinstance(kind, str) and kind.startswith(f"{DOMAIN}_"):
                return True
    described = run.get("trigger")
    return isinstance(described, str) and (
        any(entity_id in described for entity_id in own) or f"{DOMAIN}_" in described
    )


def _hidden_row(run: Mapping[str, Any]) -> dict[str, Any]:
    """Return a run Home MCP's own entities set off: when it ran, nothing of what it did."""
    row = {**_when(run), "hidden": "set off by Home MCP's own entities or events"}
    return {key: value for key, value in row.items() if value is not None}


def _when(run: Mapping[str, Any]) -> dict[str, Any]:
    """Return a run's id and when it started and finished."""
    timestamp = run.get("timestamp")
    times = timestamp if isinstance(timestamp, Mapping) else {}
    return {
        "run_id": run.get("run_id"),
        "started": _iso(times.get("start")),
        "finished": _iso(times.get("finish")),
    }


def _steps(hass: HomeAssistant, run: Mapping[str, Any], sight: Sight) -> list[dict[str, Any]]:
    """Return a run's steps in the order they ran, each with only what it changed."""
    trace = run.get("trace")
    records: list[Mapping[str, Any]] = [
        record
        for path_records in (trace.values() if isinstance(trace, Mapping) else ())
        if isinstance(path_records, list)
        for record in path_records
        if isinstance(record, Mapping)
    ]
    records.sort(key=lambda record: _datetime(record.get("timestamp")) or _ORIGIN)
    return [_step_row(hass, record, sight) for record in records]


def _step_row(hass: HomeAssistant, record: Mapping[str, Any], sight: Sight) -> dict[str, Any]:
    row: dict[str, Any] = {"path": record.get("path"), "at": _iso(record.get("timestamp"))}
    if (result := record.get("result")) is not None:
        row["result"] = json_safe(_compact(result, sight))
    if isinstance(error := record.get("error"), str):
        row["error"] = clean_text(error, MESSAGE_MAX_CHARS)
    if errors := record.get("template_errors"):
        row["template_errors"] = json_safe(errors)
    if isinstance(changed := record.get("changed_variables"), Mapping) and changed:
        row["changed_variables"] = json_safe({k: _compact(v, sight) for k, v in changed.items()})
    child = record.get("child_id")
    if isinstance(child, Mapping) and isinstance(item_id := child.get("item_id"), str):
        domain = str(child.get("domain"))
        row["child"] = {
            "entity_id": _entity_of(hass, domain, item_id),
            "run_id": child.get("run_id"),
        }
    return {key: value for key, value in row.items() if value is not None}


async def _runs(hass: HomeAssistant, key: str) -> list[Mapping[str, Any]]:
    """Return the runs Home Assistant keeps of `key`, newest first, each in full."""
    domain = key.partition(".")[0]
    listed = await async_list_traces(hass, domain, key)
    runs: list[Mapping[str, Any]] = []
    for summary in listed:
        try:
            runs.append(await _run(hass, key, str(summary.get("run_id"))))
        except KeyError:  # Gone since it was listed: a newer run took its place.
            continue
    runs.sort(key=lambda run: started(run) or _ORIGIN, reverse=True)
    return runs


async def _run(hass: HomeAssistant, key: str, run_id: str) -> Mapping[str, Any]:
    """Return one run in full (`trace/get`'s answer); raises KeyError when it is not kept."""
    run: Any = await async_get_trace(hass, key, run_id)
    if not isinstance(run, Mapping):
        raise KeyError(run_id)
    return run


def _find(ctx: ToolContext, wanted: str) -> Any:
    """Return the automation or script entity `wanted` names (`find_macro`).

    An entity id of another domain is `invalid_arguments`; a name (or id)
    is looked for among the automations, then the scripts.
    """
    value = wanted.strip()
    domain, dot, _ = value.partition(".")
    if dot and " " not in value:
        if domain.lower() not in TRACED_DOMAINS:
            raise ToolError(
                "invalid_arguments",
                f"{clean_text(value)!r} is not an automation or a script",
                "Pass automation.<id>, script.<id> or a name; list_macros lists them",
            )
        return find_macro(ctx, domain.lower(), value)
    missed: list[ToolError] = []
    for kind in TRACED_DOMAINS:
        try:
            return find_macro(ctx, kind, value)
        except ToolError as err:
            missed.append(err)
    suggestions = [s for err in missed for s in err.details.get("suggestions", ())]
    raise ToolError(
        "not_found",
        f"No automation or script is called {clean_text(value)!r}",
        "Pass an entity id from suggestions, or list_macros",
        suggestions=suggestions[:5],
    )


async def get_trace(ctx: ToolContext, args: GetTraceInput) -> TraceOutput:
    """Return the recent runs of an automation or script, or one run's steps.

    Raises `ToolError`: `invalid_arguments` for another domain, `not_found`
    (with suggestions) for an unknown entity or run, `not_traced` for an
    automation without an id, `trace_not_loaded` without Home Assistant's
    `trace` integration.
    """
    entity = _find(ctx, args.entity_id)
    domain = entity.entity_id.partition(".")[0]
    if not traces_kept(ctx.hass):
        raise ToolError(
            "trace_not_loaded",
            "Home Assistant's trace integration is not loaded, so no run of an automation "
            "or script is kept",
            "Add trace: (or default_config:) to configuration.yaml and restart",
        )
    if not entity.unique_id:
        raise ToolError(
            "not_traced",
            f"{entity.entity_id} has no id, and Home Assistant keeps the runs of "
            "automations with an id only",
            "Give it an id (the automation editor does), then its runs are kept",
        )
    key = trace_key(domain, entity.unique_id)
    head = {
        "entity_id": entity.entity_id,
        "name": clean_text(str(entity.name or entity.entity_id)),
    }
    sight = ctx.sight
    if args.run_id is None:
        own = async_own_entities(ctx.hass)
        rows = [
            _hidden_row(run) if _answers_home_mcp(run, own) else _run_row(run)
            for run in await _runs(ctx.hass, key)
        ]
        note = None
        if not rows:
            note = (
                "Home Assistant keeps no run of it: it has not run (nor, for an automation, "
                "has a trigger seen a change) since its runs were last kept"
            )
        return TraceOutput(
            **head,
            note=note,
            **sight.tree(envelope(rows, offset=args.offset, limit=args.limit)),
        )
    try:
        run = await _run(ctx.hass, key, args.run_id.strip())
    except KeyError:
        raise ToolError(
            "not_found",
            f"Home Assistant keeps no run {clean_text(args.run_id)!r} of {entity.entity_id}",
            "Call get_trace with the entity_id alone for the runs it keeps (the last 5 by default)",
        ) from None
    if _answers_home_mcp(run, async_own_entities(ctx.hass)):
        raise ToolError(
            "not_available",
            "This run answered Home MCP's own entities or events (a request, a decision): "
            "what it did with them is the owner's to read, in Home Assistant",
            "Read the automation's traces in Settings → Automations",
        )
    steps = _steps(ctx.hass, run, ctx.sight)
    return TraceOutput(
        **head,
        run=sight.tree(_run_row(run)),
        **sight.tree(envelope(steps, offset=args.offset, limit=args.limit)),
    )


TOOLS = [
    Tool(
        name="get_trace",
        title="Automation and script runs",
        description=(
            "Why an automation or script ran or not: recent runs (trigger, where it stopped, "
            "failed condition, error); with run_id, its steps and the variables each "
            f"changed. {UNTRUSTED_NOTE}"
        ),
        input_model=GetTraceInput,
        output_model=TraceOutput,
        handler=get_trace,
        config_scope=True,
        narrow_hint="Page with offset/limit; pass run_id for one run's steps.",
    ),
]
