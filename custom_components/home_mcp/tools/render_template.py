"""`render_template`: a Jinja template rendered as Home Assistant renders it.

Administrator only (`admin_only`: only a Home Assistant administrator's own
credential lists and calls it, `server._may_use`); it reads Home Assistant
in-process and changes nothing. Home Assistant's own `Template`, rendered
in a worker thread under a time limit (the mechanism of
`Template.async_render_will_timeout`, which the websocket `render_template`
command uses), so a runaway template is stopped instead of blocking the
event loop. What the thread cannot stop (one huge `**`, `*` or padded text
computed in C) is refused first (`template_limits`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
import contextlib
import logging
import threading
from types import TracebackType
from typing import Any, Final

import jinja2
from pydantic import Field

from homeassistant.core import HomeAssistant
from homeassistant.exceptions import TemplateError
from homeassistant.helpers.template import Template
from homeassistant.util.hass_dict import HassKey
from homeassistant.util.thread import ThreadWithException

from ..const import DOMAIN, MESSAGE_MAX_CHARS
from ..exposure import async_exposed_test
from ..shaping import clean_text
from . import Tool, ToolContext, ToolError, ToolInput, ToolOutput
from .arguments import Data
from .query import jsonable
from .template_limits import LimitedTemplate

TEMPLATE_MAX_CHARS: Final = 10_000
DEFAULT_TEMPLATE_TIMEOUT: Final = 3.0
MAX_TEMPLATE_TIMEOUT: Final = 10.0
_JINJA_FILENAME: Final = "<template>"
RENDER_THREAD_NAME: Final = f"{DOMAIN}_render_template"
STOP_GRACE: Final = 1.0
"""Seconds to wait for a stopped render thread to end before answering."""
_RENDER_THREAD: HassKey[threading.Thread] = HassKey(f"{DOMAIN}_render_thread")
"""The last render thread: one renders at a time, as every spinning thread
slows the event loop down (they share the GIL)."""


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
    `busy` while another template still renders, `not_available` with only
    what is exposed to Assist (a template reads every entity).
    """
    if async_exposed_test(ctx.hass) is not None:
        raise ToolError(
            "not_available",
            "With the option Only what is exposed to Assist on, Home MCP renders no "
            "templates: a template reads every entity, exposed or not",
            "Read entities with get_entity or list_entities instead",
        )
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
        result=jsonable(result),
        type=_result_type(result),
        warnings=[clean_text(w) for w in dict.fromkeys(warnings)] or None,
    )


TOOLS = [
    Tool(
        name="render_template",
        title="Render a template",
        description=(
            "Render a Jinja template: result and type. Stopped after "
            "timeout seconds; errors give the line."
        ),
        input_model=RenderTemplateInput,
        output_model=RenderTemplateOutput,
        handler=render_template,
        admin_only=True,
        narrow_hint="Make the template return less.",
        text_fields=frozenset({"result"}),
    ),
]
