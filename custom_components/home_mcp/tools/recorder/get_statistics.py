"""`get_statistics`: long-term statistics, the recorder's aggregates, per period.

Reads `recorder.statistics.get_metadata` and `statistics_during_period`
in-process, on the recorder's database executor, never through REST or
WebSocket. Every timestamp returned is ISO 8601 with the offset of Home
Assistant's time zone.
"""

from __future__ import annotations

from datetime import timedelta
from functools import partial
from typing import Any, Final, Literal

from pydantic import Field

from homeassistant.components.recorder import statistics
from homeassistant.components.recorder.models import StatisticMeanType, StatisticMetaData
from homeassistant.core import valid_entity_id

from ...exposure import readable
from ...shaping import clean_text
from .. import Tool, ToolContext, ToolError, ToolInput, ToolOutput
from ..arguments import Text
from ..house import House
from .database import async_run_job, recorder_instance
from .selection import MAX_ENTITIES, IdList, entity_name
from .series import compact
from .window import END_DOC, START_DOC, parse_window

StatisticPeriod = Literal["5minute", "hour", "day", "week", "month"]
StatisticType = Literal["mean", "min", "max", "change", "sum", "state"]

STATISTICS_WINDOWS: Final[dict[str, tuple[timedelta, timedelta]]] = {
    "5minute": (timedelta(hours=6), timedelta(days=1)),
    "hour": (timedelta(hours=24), timedelta(days=7)),
    "day": (timedelta(days=7), timedelta(days=92)),
    "week": (timedelta(weeks=8), timedelta(days=366)),
    "month": (timedelta(days=365), timedelta(days=731)),
}
"""(default, maximum) window of `get_statistics` per period: at most ~300 rows a series."""


def _available_types(meta: StatisticMetaData) -> list[StatisticType]:
    """Return the statistic types a statistic has, from its metadata."""
    types: list[StatisticType] = []
    if meta["mean_type"] == StatisticMeanType.ARITHMETIC:
        types += ["mean", "min", "max"]
    elif meta["mean_type"] == StatisticMeanType.CIRCULAR:
        types.append("mean")
    if meta["has_sum"]:
        types += ["change", "sum", "state"]
    return types


def _default_types(meta: StatisticMetaData) -> list[StatisticType]:
    """Return what a statistic is usually read for: mean/min/max, or change per period."""
    return [kind for kind in _available_types(meta) if kind not in ("sum", "state")]


class GetStatisticsInput(ToolInput):
    """Which statistics, at which period, over which window."""

    statistic_ids: IdList = Field(
        min_length=1, max_length=MAX_ENTITIES, description="Entity ids or e.g. tibber:energy"
    )
    period: StatisticPeriod = "hour"
    types: list[StatisticType] | None = Field(
        None, description="Default: mean/min/max, or change for meters"
    )
    start: Text | None = Field(None, description=START_DOC)
    end: Text | None = Field(None, description=END_DOC)


class GetStatisticsOutput(ToolOutput):
    """The window, the period and, per statistic, its rows and unit."""

    window: dict[str, Any]
    period: str
    statistics: list[dict[str, Any]]
    skipped: list[dict[str, str]] | None = None
    hint: str | None = None


async def get_statistics(ctx: ToolContext, args: GetStatisticsInput) -> GetStatisticsOutput:
    """Return long-term statistics (the recorder's hourly/5-minute aggregates).

    Reads `recorder.statistics.get_metadata` and `statistics_during_period`
    (day/week/month rows are aggregated by the recorder, aligned to local
    midnight, Monday and the 1st, so the first row may begin before start).
    Windows per period (default, maximum): 5minute (6 h, 1 day), hour (24 h,
    7 days), day (7 days, 92 days), week (8 weeks, 366 days), month (365
    days, 731 days). Shape: `{window, period, statistics: [{statistic_id,
    name, unit, types, mean_type?, rows: [{start, mean?, min?, max?,
    change?, sum?, state?}], note?}], skipped?, hint?}`; values are in
    `unit` (the display unit Home Assistant shows). Errors:
    `recorder_unavailable`, `invalid_arguments`, `not_found` (no
    statistics for any id).
    """
    instance = recorder_instance(ctx.hass)
    ids: list[str] = []
    for given in args.statistic_ids:
        statistic_id = given.strip().lower()
        if not (valid_entity_id(statistic_id) or statistics.valid_statistic_id(statistic_id)):
            raise ToolError(
                "invalid_arguments",
                f"{clean_text(given)!r} is neither an entity id nor a statistic id",
                "Use ids like sensor.energy_meter or tibber:energy_consumption",
            )
        if statistic_id not in ids:
            ids.append(statistic_id)
    default, maximum = STATISTICS_WINDOWS[args.period]
    window = parse_window(
        ctx.hass,
        args.start,
        args.end,
        default=default,
        maximum=maximum,
        tool=f"get_statistics with period {args.period}",
        hint="Narrow start/end, or use a longer period (day, week, month)",
    )
    may_read = readable(ctx.caller.user, ctx.hass)
    skipped = [
        {"statistic_id": sid, "reason": "not permitted"}
        for sid in ids
        if valid_entity_id(sid) and not may_read(sid)
    ]
    ids = [sid for sid in ids if not valid_entity_id(sid) or may_read(sid)]
    metadata = (
        await async_run_job(
            instance, partial(statistics.get_metadata, ctx.hass, statistic_ids=set(ids))
        )
        if ids
        else {}
    )
    skipped += [
        {"statistic_id": sid, "reason": "no long-term statistics"}
        for sid in ids
        if sid not in metadata
    ]
    if not metadata:
        raise ToolError(
            "not_found",
            "No long-term statistics for " + ", ".join(item["statistic_id"] for item in skipped),
            "Only sensors with a state_class (measurement, total, total_increasing) and "
            "imported statistics have them; use get_history for other entities",
        )
    per_id: dict[str, list[StatisticType]] = {}
    for sid, (_meta_id, meta) in metadata.items():
        available = _available_types(meta)
        per_id[sid] = (
            [t for t in args.types if t in available] if args.types else _default_types(meta)
        )
    wanted: set[Literal["change", "last_reset", "max", "mean", "min", "state", "sum"]] = set()
    for types in per_id.values():
        wanted.update(types)
    rows_by_id = (
        await async_run_job(
            instance,
            partial(
                statistics.statistics_during_period,
                ctx.hass,
                window.start,
                window.end,
                {sid for sid, types in per_id.items() if types},
                args.period,
                None,
                wanted,
            ),
        )
        if wanted
        else {}
    )

    house = House(ctx.hass, ctx.caller.user)
    result: list[dict[str, Any]] = []
    for sid in ids:
        if sid not in metadata:
            continue
        meta = metadata[sid][1]
        types = per_id[sid]
        unit = statistics.get_display_unit(
            ctx.hass, sid, meta["unit_class"], meta["unit_of_measurement"]
        )
        if meta["name"]:
            name = clean_text(meta["name"])
        else:
            name = entity_name(house, sid) if valid_entity_id(sid) else clean_text(sid)
        entry: dict[str, Any] = {
            "statistic_id": sid,
            "name": name,
            "unit": clean_text(unit) if unit else None,
            "types": types,
        }
        if meta["mean_type"] == StatisticMeanType.CIRCULAR:
            entry["mean_type"] = "circular"
        rows = []
        for row in rows_by_id.get(sid, []):
            item: dict[str, Any] = {"start": window.iso(row["start"])}
            for stat_type in types:
                value = row.get(stat_type)
                if isinstance(value, (int, float)):
                    item[stat_type] = compact(float(value))
            rows.append(item)
        entry["rows"] = rows
        if not types:
            entry["note"] = "It has none of the requested types; it has: " + ", ".join(
                _available_types(meta)
            )
        elif not rows:
            entry["note"] = "No statistics in this window"
        result.append(entry)
    return GetStatisticsOutput(
        window=window.as_dict(),
        period=args.period,
        statistics=result,
        skipped=skipped or None,
    )


TOOLS = [
    Tool(
        name="get_statistics",
        title="Long-term statistics",
        description=(
            "Long-term statistics (mean/min/max, or change/sum/state for meters) "
            "per period (5minute to month), with unit; kept for years."
        ),
        input_model=GetStatisticsInput,
        output_model=GetStatisticsOutput,
        handler=get_statistics,
        narrow_hint="Ask for fewer statistic_ids, a longer period or a shorter window.",
    ),
]
