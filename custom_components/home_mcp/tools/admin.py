"""Administrator tools: templates, the error log, automation and script configurations.

Every tool here is `admin_only`: only a Home Assistant administrator's own
credential lists and calls them (`server._may_use`); client keys and other
users are refused. They read Home Assistant in-process and change nothing.

- `render_template`: Home Assistant's own `Template`, rendered in a worker
  thread under a time limit (the mechanism of
  `Template.async_render_will_timeout`, which the websocket
  `render_template` command uses), so a runaway template is stopped
  instead of blocking the event loop. What the thread cannot stop (one
  huge `**`, `*` or padded text computed in C) is refused first
  (`template_limits`).
- `get_error_log`: the `system_log` integration's in-memory records
  (`hass.data["system_log"].records`, what `system_log/list` returns).
- `get_automation_config` / `get_script_config`: the stored configuration
  (`raw_config`) of the automation or script entity, as YAML and as JSON.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
import contextlib
from datetime import date, datetime, time
import logging
import re
import threading
from types import TracebackType
from typing import Any, Final, Literal

import jinja2
from pydantic import Field

from homeassistant.components.system_log import (
    DOMAIN as SYSTEM_LOG_DOMAIN,
    LogEntry,
    LogErrorHandler,
)
from homeassistant.core import HomeAssistant, split_entity_id
from homeassistant.exceptions import TemplateError
from homeassistant.helpers.entity_component import DATA_INSTANCES
from homeassistant.helpers.template import Template
from homeassistant.util import dt as dt_util
from homeassistant.util.hass_dict import HassKey
from homeassistant.util.thread import ThreadWithException
from homeassistant.util.yaml import Input, dump as yaml_dump

from ..const import DOMAIN
from ..matching import best_match
from ..shaping import clean_text, envelope, local_iso
from . import PageOutput, Tool, ToolContext, ToolError, ToolInput, ToolOutput
from .arguments import Data, Identifier
from .template_limits import LimitedTemplate

TEMPLATE_MAX_CHARS: Final = 10_000
DEFAULT_TEMPLATE_TIMEOUT: Final = 3.0
MAX_TEMPLATE_TIMEOUT: Final = 10.0
MESSAGE_MAX_CHARS: Final = 300
DEFAULT_LOG_LIMIT: Final = 20
MAX_LOG_LIMIT: Final = 100
_LEVELS: Final = {"warning": logging.WARNING, "error": logging.ERROR, "critical": logging.CRITICAL}
_JINJA_FILENAME: Final = "<template>"
RENDER_THREAD_NAME: Final = f"{DOMAIN}_render_template"
STOP_GRACE: Final = 1.0
"""Seconds to wait for a stopped render thread to end before answering."""
_RENDER_THREAD: HassKey[threading.Thread] = HassKey(f"{DOMAIN}_render_thread")
"""The last render thread: one renders at a time, as every spinning thread
slows the event loop down (they share the GIL)."""


# -- render_template ------------------------------------------------------------


class RenderTemplateInput(ToolInput):
    """A Jinja template and what it may use."""

    template: str = Field(
        min_length=1,
        max_length=TEMPLATE_MAX_CHARS,
        description="Jinja template, e.g. {{ states('sun.sun') }}",
    )
    variables: Data | None = Field(None, description="Template variables")
    timeout: float = Field(
        DEFAULT_TEMPLATE_TIMEOUT,
        gt=0,
        le=MAX_TEMPLATE_TIMEOUT,
        description="Seconds",
    )


class RenderTemplateOutput(ToolOutput):
    """The rendered result as Home Assistant parses it, and its type."""

    result: Any
    type: str
    warnings: list[str] | None = None


def _result_type(value: Any) -> str:
    """Return the JSON-ish name of a parsed template result's type."""
    for kind, name in (
        (bool, "boolean"),
        (int, "integer"),
        (float, "float"),
        (str, "string"),
        (dict, "dict"),
        (list, "list"),
        (tuple, "tuple"),
        (set, "set"),
        (frozenset, "set"),
        (bytes, "bytes"),
    ):
        if isinstance(value, kind):
            return name
    return "null" if value is None else type(value).__name__


def _template_line(err: BaseException) -> int | None:
    """Return the template line an error points at, if it says."""
    cause: BaseException | None = err
    while cause is not None:
        if isinstance(cause, jinja2.TemplateSyntaxError) and cause.lineno:
            return cause.lineno
        tb: TracebackType | None = cause.__traceback__
        line = None
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == _JINJA_FILENAME:
                line = tb.tb_lineno
            tb = tb.tb_next
        if line is not None:
            return line
        cause = cause.__cause__
    return None


def _template_error(err: TemplateError, template: str) -> ToolError:
    """Return a rendering or syntax error with the template line it points at."""
    cause = err.__cause__
    syntax = isinstance(cause, jinja2.TemplateSyntaxError)
    line = _template_line(err)
    if isinstance(cause, jinja2.TemplateSyntaxError) and cause.message:
        what = f"{type(cause).__name__}: {cause.message}"
    else:
        what = str(err)
    details: dict[str, Any] = {}
    if line is not None:
        # Home Assistant strips the template: count the lines it dropped.
        line += template[: len(template) - len(template.lstrip())].count("\n")
        details["line"] = line
        lines = template.splitlines()
        if 0 < line <= len(lines):
            details["source_line"] = clean_text(lines[line - 1])
    where = f" on line {line}" if line is not None else ""
    return ToolError(
        "template_syntax_error" if syntax else "template_error",
        f"{'Syntax error' if syntax else 'Rendering failed'}{where}: {clean_text(what, MESSAGE_MAX_CHARS)}",
        "Fix the template and render it again",
        **details,
    )


async def _render_in_thread(
    hass: HomeAssistant,
    template: Template,
    variables: dict[str, Any] | None,
    limit: float,
    log_fn: Callable[[int, str], None],
) -> Any:
    """Render `template` in a worker thread; stop the thread after `limit` seconds.

    The mechanism of `Template.async_render_will_timeout` (Home Assistant's
    websocket `render_template`): a `ThreadWithException` renders while the
    event loop waits, and gets `TimeoutError` raised inside it when the time
    is up. Unlike that check, the result is kept (no second render in the
    event loop), the thread is also stopped when the call is cancelled, and
    the loop never joins it: a thread stuck in C code (one slow C call, say)
    is left to finish as a daemon. Raises `TemplateError` or `TimeoutError`.
    """
    finished = asyncio.Event()
    outcome: list[Any] = []
    failure: list[BaseException] = []

    def _run() -> None:
        try:
            outcome.append(template.async_render(variables, parse_result=True, log_fn=log_fn))
        except Exception as err:  # noqa: BLE001  # Raised again in the event loop.
            failure.append(err)
        finally:
            hass.loop.call_soon_threadsafe(finished.set)

    template.ensure_valid()  # Compile errors are raised here, in the loop.
    thread = ThreadWithException(target=_run, name=RENDER_THREAD_NAME, daemon=True)
    hass.data[_RENDER_THREAD] = thread
    thread.start()
    timed_out = False
    try:
        async with asyncio.timeout(limit):
            await finished.wait()
    except TimeoutError:
        timed_out = True
    finally:
        if not finished.is_set():  # Out of time, or the call was cancelled.
            with contextlib.suppress(ValueError):  # It ended meanwhile.
                thread.raise_exc(TimeoutError)
    if timed_out:
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(STOP_GRACE):
                await finished.wait()
        raise TimeoutError
    if failure:
        raise failure[0]
    return outcome[0]


async def render_template(ctx: ToolContext, args: RenderTemplateInput) -> RenderTemplateOutput:
    """Render a Jinja template the way Home Assistant renders it.

    Home Assistant's `Template` renders with `parse_result=True`: the result
    is what an automation's template would give (`"3"` becomes 3, `"[1, 2]"`
    a list), reported with its type. It renders in a worker thread stopped
    at `timeout` (`_render_in_thread`), one template at a time, and with
    size limits on what it computes (`LimitedTemplate`), which a thread
    could not stop. Undefined-variable warnings are returned, not logged.
    Raises `ToolError`: `template_syntax_error` / `template_error` with
    `line` and `source_line` when known (a refused operation is a
    `template_error` naming it and its limit), `timeout` naming the limit,
    `busy` while another template still renders.
    """
    running = ctx.hass.data.get(_RENDER_THREAD)
    if running is not None and running.is_alive():
        raise ToolError(
            "busy",
            "Another template is still rendering; Home MCP renders one at a time",
            "Wait until it is done (at most its timeout), then render again",
        )
    warnings: list[str] = []

    def _collect(level: int, message: str) -> None:
        # Called from the render thread: list.append is atomic.
        warnings.append(f"{logging.getLevelName(level).lower()}: {message}")

    template = LimitedTemplate(args.template, ctx.hass)
    try:
        result = await _render_in_thread(ctx.hass, template, args.variables, args.timeout, _collect)
    except TimeoutError as err:
        raise ToolError(
            "timeout",
            f"Rendering took longer than the limit of {args.timeout:g} s and was stopped",
            "Make the template do less (smaller loops, no deep recursion)",
            limit_seconds=args.timeout,
        ) from err
    except TemplateError as err:
        raise _template_error(err, args.template) from err
    return RenderTemplateOutput(
        result=_jsonable(result),
        type=_result_type(result),
        warnings=[clean_text(w) for w in dict.fromkeys(warnings)] or None,
    )


# -- get_error_log --------------------------------------------------------------


class GetErrorLogInput(ToolInput):
    """Filters on the recorded warnings and errors; all optional."""

    level: Literal["warning", "error", "critical"] | None = Field(
        None, description="Lowest level shown"
    )
    logger: str | None = Field(
        None, description="Logger prefix or integration, e.g. zha", max_length=200
    )
    text: str | None = Field(None, description="Text contained", max_length=200)
    offset: int = Field(0, ge=0)
    limit: int = Field(DEFAULT_LOG_LIMIT, ge=1, le=MAX_LOG_LIMIT)


class GetErrorLogOutput(PageOutput):
    """Records, most recent first, in the standard envelope."""

    by_level: dict[str, int]


def _iso(timestamp: float) -> str | None:
    return local_iso(dt_util.utc_from_timestamp(timestamp))


def _integration(logger: str) -> str | None:
    """Return the integration a logger belongs to, if its name says."""
    parts = logger.split(".")
    if len(parts) >= 3 and parts[:2] == ["homeassistant", "components"]:
        return parts[2]
    if len(parts) >= 2 and parts[0] == "custom_components":
        return parts[1]
    return None


def _entries(handler: LogErrorHandler) -> list[LogEntry]:
    """Return a copy of the records; the logging thread may add one meanwhile."""
    for _ in range(5):
        try:
            return list(handler.records.values())
        except RuntimeError:  # Changed size during iteration.
            continue
    return []


def _log_row(entry: LogEntry) -> dict[str, Any]:
    messages = [str(message) for message in entry.message]
    latest = messages[-1] if messages else ""
    lines = [line for line in latest.splitlines() if line.strip()]
    row: dict[str, Any] = {
        "level": entry.level.lower(),
        "logger": clean_text(entry.name),
        "message": clean_text(" ".join(lines[:2]), MESSAGE_MAX_CHARS),
        "count": entry.count,
        "first_occurred": _iso(entry.first_occurred),
        "last_occurred": _iso(entry.timestamp),
        "source": clean_text(f"{entry.source[0]}:{entry.source[1]}"),
    }
    if len(messages) > 1:
        row["other_messages"] = len(messages) - 1
    if entry.exception and (summary := _exception_summary(entry.exception)):
        row["exception"] = clean_text(summary, MESSAGE_MAX_CHARS)
    return row


_EXCEPTION_LINE: Final = re.compile(r"^[A-Za-z_][\w.]*(?::\s|$)")


def _exception_summary(text: str) -> str | None:
    """Return the `Type: message` line of a formatted traceback (the last one)."""
    lines = [line for line in text.splitlines() if line.strip()]
    for line in reversed(lines):
        if _EXCEPTION_LINE.match(line) and not line.startswith("Traceback"):
            return line
    return lines[-1] if lines else None


async def get_error_log(ctx: ToolContext, args: GetErrorLogInput) -> GetErrorLogOutput:
    """Return Home Assistant's recorded warnings and errors.

    Reads the `system_log` integration's in-memory records (deduplicated:
    one row per logger, source and root cause, with `count`; at most
    `max_entries`, 50 by default). Rows: `{level, logger, message (first
    lines of the latest), count, first_occurred, last_occurred (ISO 8601
    with offset), source (file:line), exception (its last line),
    other_messages}`, most recent first. Raises `ToolError`
    `system_log_not_loaded` when there is nothing to read.
    """
    handler = ctx.hass.data.get(SYSTEM_LOG_DOMAIN)
    if not isinstance(handler, LogErrorHandler):
        raise ToolError(
            "system_log_not_loaded",
            "Home Assistant's system_log integration is not loaded, so no warnings "
            "or errors are kept in memory",
            "Add system_log: (or default_config:) to configuration.yaml and restart, "
            "or read home-assistant.log on the host",
        )
    entries = sorted(_entries(handler), key=lambda entry: entry.timestamp, reverse=True)
    by_level: dict[str, int] = {}
    for entry in entries:
        by_level[entry.level.lower()] = by_level.get(entry.level.lower(), 0) + 1
    lowest = _LEVELS[args.level] if args.level else logging.WARNING
    wanted_logger = args.logger.strip().lower() if args.logger else None
    wanted_text = args.text.casefold() if args.text else None
    rows = []
    for entry in entries:
        if logging.getLevelNamesMapping().get(entry.level, logging.ERROR) < lowest:
            continue
        name = entry.name.lower()
        if wanted_logger is not None and not (
            name == wanted_logger
            or name.startswith(f"{wanted_logger}.")
            or _integration(name) == wanted_logger
        ):
            continue
        if wanted_text is not None and not any(
            wanted_text in str(text).casefold()
            for text in (*entry.message, entry.exception, entry.name)
        ):
            continue
        rows.append(_log_row(entry))
    return GetErrorLogOutput(
        by_level=by_level, **envelope(rows, offset=args.offset, limit=args.limit)
    )


# -- get_automation_config / get_script_config ------------------------------------


class GetAutomationConfigInput(ToolInput):
    """Which automation."""

    automation: Identifier = Field(description="Entity id or id", min_length=1)


class GetScriptConfigInput(ToolInput):
    """Which script."""

    script: Identifier = Field(description="Entity id or key", min_length=1)


class MacroConfigOutput(ToolOutput):
    """The stored configuration as YAML and JSON, with the entity's state."""

    entity_id: str
    id: str | None
    name: str
    state: str | None
    last_triggered: str | None
    yaml: str
    config: dict[str, Any]


def _jsonable(value: Any, *, for_yaml: bool = False) -> Any:
    """Return `value` as JSON-ready data (blueprint inputs and templates as text).

    With `for_yaml`, blueprint `!input`s, dates and datetimes are kept for
    Home Assistant's YAML dumper, which writes them as YAML does.
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if for_yaml and isinstance(value, (Input, datetime, date)):
        return value
    if isinstance(value, Mapping):
        return {str(key): _jsonable(item, for_yaml=for_yaml) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(item, for_yaml=for_yaml) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_jsonable(item, for_yaml=for_yaml) for item in value), key=str)
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, Template):
        return value.template
    if isinstance(value, bytes):
        return value.decode(errors="replace")
    if isinstance(value, Input):
        return f"!input {value.name}"
    return str(value)


def _find_macro(ctx: ToolContext, domain: str, wanted: str) -> Any:
    """Return the automation or script entity `wanted` names, or raise `not_found`.

    Accepts the entity id, the object id, the configuration's id (the
    automation's `id`, the script's key), or the exact name.
    """
    component = ctx.hass.data.get(DATA_INSTANCES, {}).get(domain)
    entities = list(component.entities) if component is not None else []
    if not entities:
        raise ToolError(
            "not_found",
            f"This Home Assistant has no {domain}s",
            f"The {domain} integration is not loaded or has none configured",
        )
    value = wanted.strip()
    entity_id = value.lower() if value.lower().startswith(f"{domain}.") else f"{domain}.{value}"
    for match in (
        lambda e: e.entity_id == entity_id,
        lambda e: e.unique_id is not None and e.unique_id == value,
        lambda e: isinstance(e.name, str) and e.name.casefold() == value.casefold(),
    ):
        found = [entity for entity in entities if match(entity)]
        if len(found) == 1:
            return found[0]
    ranked = []
    for entity in entities:
        fields = [
            ("name", entity.name if isinstance(entity.name, str) else None),
            ("entity_id", entity.entity_id),
            ("object_id", split_entity_id(entity.entity_id)[1].replace("_", " ")),
            ("id", entity.unique_id),
        ]
        if (found_match := best_match(value, fields)) is not None:
            ranked.append((found_match.score, entity))
    ranked.sort(key=lambda item: (-item[0], item[1].entity_id))
    raise ToolError(
        "not_found",
        f"No {domain} is called {clean_text(value)!r}",
        f"Pass an entity id or id from suggestions, or list_entities with domain {domain}",
        suggestions=[
            {
                "entity_id": entity.entity_id,
                "id": entity.unique_id,
                "name": clean_text(str(entity.name)),
            }
            for _, entity in ranked[:5]
        ],
    )


def _macro_config(ctx: ToolContext, domain: str, wanted: str) -> MacroConfigOutput:
    entity = _find_macro(ctx, domain, wanted)
    raw = getattr(entity, "raw_config", None)
    if not isinstance(raw, Mapping):
        raise ToolError(
            "not_available",
            f"{entity.entity_id} has no stored configuration Home MCP can read",
            "Open it in Home Assistant's editor",
        )
    config = _jsonable(raw)
    text = yaml_dump(_jsonable(raw, for_yaml=True))
    state = ctx.hass.states.get(entity.entity_id)
    last = state.attributes.get("last_triggered") if state is not None else None
    if isinstance(last, str):
        last = dt_util.parse_datetime(last)
    return MacroConfigOutput(
        entity_id=entity.entity_id,
        id=entity.unique_id,
        name=clean_text(str(entity.name or entity.entity_id)),
        state=state.state if state is not None else None,
        last_triggered=local_iso(last) if isinstance(last, datetime) else None,
        yaml=text,
        config=config,
    )


async def get_automation_config(
    ctx: ToolContext, args: GetAutomationConfigInput
) -> MacroConfigOutput:
    """Return an automation's stored configuration.

    Reads `raw_config` of the automation entity (as written in
    automations.yaml or the editor) and returns it as YAML text (Home
    Assistant's dumper) and as JSON, with `entity_id`, `id`, `name`, `state`
    (on/off/unavailable) and `last_triggered` (ISO 8601 with offset, or
    null). Raises `ToolError` `not_found` with `suggestions`.
    """
    return _macro_config(ctx, "automation", args.automation)


async def get_script_config(ctx: ToolContext, args: GetScriptConfigInput) -> MacroConfigOutput:
    """Return a script's stored configuration.

    Like `get_automation_config`, for the script entity (`id` is the
    script's key in scripts.yaml; `state` is on while it runs).
    """
    return _macro_config(ctx, "script", args.script)


TOOLS = [
    Tool(
        name="render_template",
        title="Render a template",
        description=(
            "Admin only. Render a Jinja template: result and type. Stopped after "
            "timeout seconds; errors give the line."
        ),
        input_model=RenderTemplateInput,
        output_model=RenderTemplateOutput,
        handler=render_template,
        admin_only=True,
        narrow_hint="Make the template return less.",
        text_fields=frozenset({"result"}),
    ),
    Tool(
        name="get_error_log",
        title="Error log",
        description=(
            "Admin only. Logged warnings and errors with counts, newest first; "
            "filter by level, logger or integration, text."
        ),
        input_model=GetErrorLogInput,
        output_model=GetErrorLogOutput,
        handler=get_error_log,
        admin_only=True,
        narrow_hint="Filter by level, logger or text, or page with offset/limit.",
    ),
    Tool(
        name="get_automation_config",
        title="Automation configuration",
        description=(
            "Admin only. An automation's stored configuration (YAML and JSON), "
            "state and last_triggered."
        ),
        input_model=GetAutomationConfigInput,
        output_model=MacroConfigOutput,
        handler=get_automation_config,
        admin_only=True,
        narrow_hint="The configuration is larger than the response budget: read it in Home Assistant.",
        text_fields=frozenset({"yaml"}),
    ),
    Tool(
        name="get_script_config",
        title="Script configuration",
        description=(
            "Admin only. A script's stored configuration (YAML and JSON), state and last_triggered."
        ),
        input_model=GetScriptConfigInput,
        output_model=MacroConfigOutput,
        handler=get_script_config,
        admin_only=True,
        narrow_hint="The configuration is larger than the response budget: read it in Home Assistant.",
        text_fields=frozenset({"yaml"}),
    ),
]
