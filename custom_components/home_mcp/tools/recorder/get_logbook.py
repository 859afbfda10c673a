"""`get_logbook`: what happened in the house, and who or what caused it.

Reads the logbook's own `EventProcessor.get_events` in-process, on the
recorder's database executor, never through REST or WebSocket. Every
timestamp returned is ISO 8601 with the offset of Home Assistant's time zone.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Final

from pydantic import Field

from homeassistant.components.logbook.helpers import (
    async_determine_event_types,
    async_filter_entities,
)
from homeassistant.components.logbook.processor import EventProcessor
from homeassistant.core import HomeAssistant, split_entity_id

from ...const import TEXT_MAX_CHARS
from ...exposure import readable
from ...shaping import clean_text, envelope
from .. import PageOutput, Tool, ToolContext, ToolError, ToolInput
from ..arguments import Identifier, Text
from ..house import House
from .database import async_run_job, recorder_instance
from .selection import IdList, domain_filter, select_entities
from .window import END_DOC, HISTORY_DEFAULT, HISTORY_MAX, START_DOC, Window, parse_window

LOGBOOK_DOMAIN: Final = "logbook"
MAX_LOGBOOK_ENTITIES: Final = 200
"""Above this many entities a logbook domain filter reads all rows and filters."""


def logbook_loaded(hass: HomeAssistant) -> None:
    """Raise `ToolError` (`logbook_unavailable`) unless the logbook integration runs."""
    if LOGBOOK_DOMAIN not in hass.config.components or LOGBOOK_DOMAIN not in hass.data:
        raise ToolError(
            "logbook_unavailable",
            "The logbook (Activity) integration is not loaded in this Home Assistant",
            "Enable the logbook (part of default_config); get_history still works",
        )


_CONTEXT_KEYS: Final = (
    ("context_entity_id", "entity_id"),
    ("context_entity_id_name", "entity_name"),
    ("context_state", "state"),
    ("context_event_type", "event_type"),
    ("context_name", "name"),
    ("context_message", "message"),
    ("context_source", "source"),
)


class GetLogbookInput(ToolInput):
    """Filters, window and page of `get_logbook`."""

    entity_ids: IdList | None = Field(None, max_length=50)
    area: Text | None = Field(None, description="Area id, name or alias")
    domain: Identifier | None = None
    start: Text | None = Field(None, description=START_DOC)
    end: Text | None = Field(None, description=END_DOC)
    offset: int = Field(0, ge=0)
    limit: int = Field(50, ge=1, le=200)


class GetLogbookOutput(PageOutput):
    """The window and one page of logbook rows, newest first."""

    window: dict[str, Any]
    hint: str | None = None


async def get_logbook(ctx: ToolContext, args: GetLogbookInput) -> GetLogbookOutput:
    """Return one page of the logbook: what happened, and who or what caused it.

    Reads the logbook's `EventProcessor.get_events` (state changes,
    automation and script runs, logbook entries; continuous sensors are not
    in it) on the recorder's executor. Window: `parse_window`, default 24 h,
    at most 7 days. Filters (AND): entity_ids; area (its entities); domain
    (rows of that domain). Shape: the §6 envelope `{total, offset, limit,
    has_more, next_offset, items}` plus `window`; each item `{when,
    entity_id?, name?, state?, message?, domain?, source?, context?: {user?,
    entity_id?, entity_name?, state?, service?, event_type?, name?,
    message?, source?}}`, newest first; `context.user` is the Home Assistant
    user's name. Errors: `recorder_unavailable`, `logbook_unavailable`,
    `invalid_arguments`, `not_found`, `ambiguous_area`.
    """
    instance = recorder_instance(ctx.hass)
    logbook_loaded(ctx.hass)
    window = parse_window(
        ctx.hass,
        args.start,
        args.end,
        default=HISTORY_DEFAULT,
        maximum=HISTORY_MAX,
        tool="get_logbook",
        hint="Narrow start/end (e.g. start='7d'), and page with offset/limit",
    )
    house = House(ctx.hass, ctx.caller.user)
    domain = domain_filter(args.domain)
    entity_ids = select_entities(
        house,
        args.entity_ids,
        args.area,
        args.domain,
        expand_domain_up_to=MAX_LOGBOOK_ENTITIES,
    )
    may_read = readable(ctx.caller.user, ctx.hass)
    hint = None
    if entity_ids is not None:
        entity_ids = [e for e in entity_ids if may_read(e)]
        logged = async_filter_entities(ctx.hass, entity_ids)
        if len(logged) < len(entity_ids):
            hint = (
                "Sensors with a unit are continuous and not in the logbook: "
                "use get_history for them."
            )
        entity_ids = logged
    if entity_ids is not None and not entity_ids:
        page = envelope([], offset=args.offset, limit=args.limit)
        return GetLogbookOutput(
            window=window.as_dict(),
            **page,
            hint=hint or "No entity matched these filters: check them with list_entities.",
        )

    processor = EventProcessor(
        ctx.hass,
        async_determine_event_types(ctx.hass, entity_ids, None),
        entity_ids,
        None,
        None,
        timestamp=True,
        include_entity_name=True,
    )
    events = await async_run_job(instance, partial(processor.get_events, window.start, window.end))
    rows = [
        data
        for data in reversed(events)
        if (not (entity_id := data.get("entity_id")) or may_read(str(entity_id)))
        and (domain is None or _row_domain(data) == domain)
    ]
    page = envelope(rows, offset=args.offset, limit=args.limit)
    users = await _user_names(ctx.hass, page["items"])
    page["items"] = [_logbook_row(window, data, users) for data in page["items"]]
    if not rows and hint is None:
        hint = "Nothing was logged in this window for these filters."
    return GetLogbookOutput(window=window.as_dict(), **page, hint=hint)


def _row_domain(data: dict[str, Any]) -> str | None:
    if entity_id := data.get("entity_id"):
        return split_entity_id(str(entity_id))[0]
    domain = data.get("domain")
    return str(domain) if domain else None


async def _user_names(hass: HomeAssistant, rows: list[dict[str, Any]]) -> dict[str, str]:
    """Return the name of every user that caused one of `rows` (`hass.auth`)."""
    names: dict[str, str] = {}
    for user_id in {str(row["context_user_id"]) for row in rows if row.get("context_user_id")}:
        user = await hass.auth.async_get_user(user_id)
        if user is None:
            names[user_id] = "a user that no longer exists"
        else:
            names[user_id] = clean_text(user.name or "a user without a name")
    return names


def _logbook_row(window: Window, data: dict[str, Any], users: dict[str, str]) -> dict[str, Any]:
    """Return the compact row of one logbook entry from `EventProcessor`."""
    row: dict[str, Any] = {"when": window.iso(float(data["when"]))}
    for key in ("entity_id", "name", "state"):
        if (value := data.get(key)) is not None:
            row[key] = clean_text(str(value))
    if message := data.get("message"):
        row["message"] = clean_text(str(message), TEXT_MAX_CHARS)
    if "entity_id" not in row and (domain := data.get("domain")):
        row["domain"] = clean_text(str(domain))
    if source := data.get("source"):
        row["source"] = clean_text(str(source))
    context: dict[str, Any] = {}
    if user_id := data.get("context_user_id"):
        context["user"] = users.get(str(user_id), "unknown user")
    for key, name in _CONTEXT_KEYS:
        if value := data.get(key):
            context[name] = clean_text(str(value), TEXT_MAX_CHARS)
    if service := data.get("context_service"):
        service_domain = data.get("context_domain")
        context["service"] = clean_text(
            f"{service_domain}.{service}" if service_domain else str(service)
        )
    if context:
        row["context"] = context
    return row


TOOLS = [
    Tool(
        name="get_logbook",
        title="Logbook",
        description=(
            "What happened and who or what caused it, newest first; filter "
            "entity_ids, area, domain. Default 24 h, max 7 days. Sensors with a "
            "unit: use get_history."
        ),
        input_model=GetLogbookInput,
        output_model=GetLogbookOutput,
        handler=get_logbook,
        narrow_hint="Page with offset/limit, or add entity_ids, area, domain or a shorter window.",
    ),
]
