"""`get_history`: the recorded states of some entities in a bounded window.

Reads `recorder.history.get_significant_states` in-process, on the
recorder's database executor, never through REST or WebSocket. Every
timestamp returned is ISO 8601 with the offset of Home Assistant's time zone.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any, Final

from pydantic import Field

from homeassistant.components.recorder import history
from homeassistant.const import ATTR_UNIT_OF_MEASUREMENT
from homeassistant.core import HomeAssistant, State, split_entity_id

from ...exposure import readable
from ...shaping import clean_text
from .. import Tool, ToolContext, ToolError, ToolInput, ToolOutput
from ..arguments import Identifier, Text
from ..house import House
from .database import async_run_job, recorder_instance
from .selection import MAX_ENTITIES, IdList, entity_name, select_entities
from .series import MAX_POINTS, Series, compact, reduce_series
from .window import END_DOC, HISTORY_DEFAULT, HISTORY_MAX, START_DOC, Window, parse_window

ROW_BYTES: Final = 50
"""About the JSON size of one history row (`{"when": ..., "state": ...}`)."""
MIN_POINTS: Final = 16
"""Time buckets of a downsampled numeric series; each keeps at most 4 rows."""


def _filters(area: str | None, domain: str | None) -> str:
    parts = [
        f"area {clean_text(area)!r}" if area else "",
        f"domain {clean_text(domain)!r}" if domain else "",
    ]
    return ", ".join(part for part in parts if part) or "entity_ids"


def _read_history(
    hass: HomeAssistant,
    window: Window,
    entity_ids: list[str],
    attribute: str | None,
    limit: int,
) -> dict[str, Series]:
    """Query and reduce history to `limit` points per entity; runs on the recorder's executor."""
    found = history.get_significant_states(
        hass,
        window.start,
        window.end,
        entity_ids,
        None,
        include_start_time_state=True,
        # Attribute changes are only kept when an attribute is asked for.
        significant_changes_only=attribute is None,
        minimal_response=False,
        no_attributes=attribute is None,
    )
    start_ts = window.start.timestamp()
    return {
        entity_id: reduce_series(
            (
                (state.last_updated_timestamp, _value(state, attribute))
                for state in found.get(entity_id, [])
                if isinstance(state, State)
            ),
            start_ts,
            limit,
        )
        for entity_id in entity_ids
    }


def _value(state: State, attribute: str | None) -> Any:
    """Return what a history row shows: the state, or one attribute."""
    return state.state if attribute is None else state.attributes.get(attribute)


class GetHistoryInput(ToolInput):
    """Which entities and which window `get_history` reads."""

    entity_ids: IdList | None = Field(None, max_length=MAX_ENTITIES)
    area: Text | None = Field(None, description="Area id, name or alias")
    domain: Identifier | None = None
    attribute: Identifier | None = Field(None, description="Instead of the state")
    start: Text | None = Field(None, description=START_DOC)
    end: Text | None = Field(None, description=END_DOC)


class GetHistoryOutput(ToolOutput):
    """The window and, per entity, its rows."""

    window: dict[str, Any]
    entities: list[dict[str, Any]]
    skipped: list[dict[str, str]] | None = None
    hint: str | None = None


async def get_history(ctx: ToolContext, args: GetHistoryInput) -> GetHistoryOutput:
    """Return the recorded states of some entities in a bounded window.

    Reads `recorder.history.get_significant_states` (with the state at the
    window start) on the recorder's executor. Window: `parse_window`,
    default the last 24 h, at most 7 days. Shape: `{window: {start, end,
    time_zone}, entities: [{entity_id, name, unit?, attribute?, changes,
    min?, max?, downsampled?: {from_points, to_points, kept},
    omitted_older?, rows: [{when, state|value}]}], skipped?: [{entity_id,
    reason}], hint?}`; `when` is ISO 8601 with the offset of Home
    Assistant's time zone; numeric states are numbers, in `unit`.
    Errors: `recorder_unavailable`, `invalid_arguments` (no entity, more
    than 20, bad window), `not_found` (nothing known), `ambiguous_area`.
    """
    instance = recorder_instance(ctx.hass)
    house = House(ctx.hass, ctx.caller.user)
    selected = select_entities(house, args.entity_ids, args.area, args.domain)
    if selected is None:
        raise ToolError(
            "invalid_arguments",
            "Say which entities: entity_ids, area or domain",
            "list_entities finds entity ids",
        )
    if not selected:
        raise ToolError(
            "not_found",
            "No entity matches all of these filters: " + _filters(args.area, args.domain),
            "Check the area, domain and entity ids with list_entities",
        )
    if len(selected) > MAX_ENTITIES:
        by_domain = Counter(split_entity_id(entity_id)[0] for entity_id in selected)
        raise ToolError(
            "invalid_arguments",
            f"That is {len(selected)} entities; get_history reads at most {MAX_ENTITIES} at a time",
            "Add domain, or pass the entity_ids you need",
            by_domain=dict(by_domain.most_common()),
        )
    wanted = selected
    window = parse_window(
        ctx.hass,
        args.start,
        args.end,
        default=HISTORY_DEFAULT,
        maximum=HISTORY_MAX,
        tool="get_history",
        hint="Narrow start/end (e.g. start='7d'), or use get_statistics with period "
        "day for longer spans",
    )
    may_read = readable(ctx.caller.user, ctx.hass)
    skipped = [
        {"entity_id": entity_id, "reason": "not permitted"}
        for entity_id in wanted
        if not may_read(entity_id)
    ]
    wanted = [entity_id for entity_id in wanted if may_read(entity_id)]
    attribute = args.attribute.strip() if args.attribute else None
    # Summarise rather than be cut: with many entities, each series gets
    # its share of the response budget (downsampled, min and max kept).
    limit = max(MIN_POINTS, min(MAX_POINTS, ctx.budget // (ROW_BYTES * max(1, len(wanted)))))
    found = (
        await async_run_job(
            instance, partial(_read_history, ctx.hass, window, wanted, attribute, limit)
        )
        if wanted
        else {}
    )

    entities: list[dict[str, Any]] = []
    for entity_id in wanted:
        series = found.get(entity_id, Series())
        current = ctx.hass.states.get(entity_id)
        if not series.points and current is not None:
            # Nothing in the database (a young database, or an entity the
            # recorder excludes): an entity unchanged since before the window
            # had its present state all along.
            since = current.last_changed if attribute is None else current.last_updated
            if since <= window.start:
                start_ts = window.start.timestamp()
                series = reduce_series([(start_ts, _value(current, attribute))], start_ts)
        if not series.points and current is None:
            skipped.append({"entity_id": entity_id, "reason": "unknown entity, nothing recorded"})
            continue
        entities.append(_history_entry(house, window, entity_id, series, current, attribute))
    if not entities:
        raise ToolError(
            "not_found",
            "None of these entities exists or has recorded history: "
            + ", ".join(item["entity_id"] for item in skipped),
            "Check the entity ids with list_entities",
        )
    hints = []
    if any(entry.get("omitted_older") for entry in entities):
        hints.append("Older changes were left out: narrow start/end to see them.")
    if any(not entry["rows"] for entry in entities):
        hints.append(
            "Entities without rows have nothing recorded in this window "
            "(excluded from the recorder, or purged)."
        )
    return GetHistoryOutput(
        window=window.as_dict(),
        entities=entities,
        skipped=skipped or None,
        hint=" ".join(hints) or None,
    )


def _history_entry(
    house: House,
    window: Window,
    entity_id: str,
    series: Series,
    current: State | None,
    attribute: str | None,
) -> dict[str, Any]:
    """Return one entity's part of a `get_history` answer."""
    key = "state" if attribute is None else "value"
    entry: dict[str, Any] = {"entity_id": entity_id, "name": entity_name(house, entity_id)}
    if attribute is not None:
        entry["attribute"] = clean_text(attribute)
    elif current is not None and (unit := current.attributes.get(ATTR_UNIT_OF_MEASUREMENT)):
        entry["unit"] = clean_text(str(unit))
    entry["changes"] = series.changes
    if series.numeric and series.minimum is not None and series.maximum is not None:
        entry["min"] = compact(series.minimum)
        entry["max"] = compact(series.maximum)
    if series.downsampled:
        entry["downsampled"] = {
            "from_points": series.total,
            "to_points": len(series.points),
            "kept": "first, last, min and max of each time bucket",
        }
    if series.omitted_older:
        entry["omitted_older"] = series.omitted_older
    entry["rows"] = [
        {"when": window.iso(when), key: _row_value(value)} for when, value in series.points
    ]
    return entry


def _row_value(value: Any) -> Any:
    if isinstance(value, float):
        return compact(value)
    if isinstance(value, str):
        return clean_text(value)
    return value


TOOLS = [
    Tool(
        name="get_history",
        title="State history",
        description=(
            "State history of up to 20 entities (entity_ids, area, domain); default "
            "last 24 h, max 7 days. First row: the state at start. Long numeric "
            "series keep min/max."
        ),
        input_model=GetHistoryInput,
        output_model=GetHistoryOutput,
        handler=get_history,
        narrow_hint="Ask for fewer entities or a shorter start/end window.",
    ),
]
