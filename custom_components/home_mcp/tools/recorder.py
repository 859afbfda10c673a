"""`get_history`, `get_statistics`, `get_logbook`: what the house did (§3, §6).

All three read Home Assistant's recorder in-process, through its own Python
APIs, on the recorder's database executor
(`get_instance(hass).async_add_executor_job`), never on the event loop and
never through REST or WebSocket:

- history: `recorder.history.get_significant_states`;
- statistics: `recorder.statistics.get_metadata` and
  `statistics_during_period`;
- logbook: the logbook's own `EventProcessor.get_events`.

Windows are bounded (§6) and parsed by one function, `parse_window`: ISO 8601
with or without an offset (without one: Home Assistant's configured time
zone, which every response names) or spans such as `30m`, `48h`, `7d`, `2w`.
Every timestamp returned is ISO 8601 with the offset of that time zone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta, tzinfo
from functools import partial
import math
import re
from typing import Annotated, Any, Final, Literal

from pydantic import BeforeValidator, Field
from sqlalchemy.exc import SQLAlchemyError

from homeassistant.components.logbook.helpers import (
    async_determine_event_types,
    async_filter_entities,
)
from homeassistant.components.logbook.processor import EventProcessor
from homeassistant.components.recorder import Recorder, get_instance, history, statistics
from homeassistant.components.recorder.models import StatisticMeanType, StatisticMetaData
from homeassistant.const import ATTR_UNIT_OF_MEASUREMENT
from homeassistant.core import HomeAssistant, State, split_entity_id, valid_entity_id
from homeassistant.helpers.recorder import DATA_INSTANCE
from homeassistant.util import dt as dt_util

from ..const import TEXT_MAX_CHARS
from ..matching import fold
from ..shaping import clean_text, envelope
from . import PageOutput, Tool, ToolContext, ToolError, ToolInput, ToolOutput
from .arguments import Identifier, Text
from .house import House, readable

RECORDER_DOMAIN: Final = "recorder"
LOGBOOK_DOMAIN: Final = "logbook"

MAX_POINTS: Final = 250
"""Rows one entity's history may return (§6); longer series are reduced."""
ROW_BYTES: Final = 50
"""About the JSON size of one history row (`{"when": ..., "state": ...}`)."""
MIN_POINTS: Final = 16
"""Time buckets of a downsampled numeric series; each keeps at most 4 rows."""
MAX_ENTITIES: Final = 20
"""Entities one `get_history` or `get_statistics` call may ask for."""
MAX_LOGBOOK_ENTITIES: Final = 200
"""Above this many entities a logbook domain filter reads all rows and filters."""
HISTORY_DEFAULT: Final = timedelta(hours=24)
HISTORY_MAX: Final = timedelta(days=7)

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

_GAPS: Final = frozenset({"unknown", "unavailable", ""})
_SPAN = re.compile(r"^-?\s*(\d+(?:\.\d+)?)\s*(m|min|mins|minutes?|h|hours?|d|days?|w|weeks?)$")
_SPAN_UNITS: Final = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}

_TIME_HELP: Final = (
    "Use ISO 8601 such as 2026-11-01T10:00 (Home Assistant's time zone) or "
    "2026-11-01T10:00+01:00, or a span before now (end) or before end (start) "
    "such as 30m, 48h, 7d, 2w"
)
_START_DOC: Final = "ISO 8601, or e.g. 48h before end"
_END_DOC: Final = "ISO 8601; default now"


# ---------------------------------------------------------------------------
# Time windows


@dataclass(frozen=True, slots=True)
class Window:
    """A bounded time window, read in Home Assistant's time zone.

    start, end: aware datetimes in UTC, start before end, end not after now.
    zone: Home Assistant's configured time zone; `time_zone` is its name.
    """

    start: datetime
    end: datetime
    zone: tzinfo
    time_zone: str

    def iso(self, when: datetime | float) -> str:
        """Return `when` (datetime or POSIX timestamp) as ISO 8601 with the zone's offset."""
        if not isinstance(when, datetime):
            when = dt_util.utc_from_timestamp(when)
        return when.astimezone(self.zone).isoformat(timespec="seconds")

    def as_dict(self) -> dict[str, Any]:
        """Return `{start, end, time_zone}` for a response."""
        return {
            "start": self.iso(self.start),
            "end": self.iso(self.end),
            "time_zone": self.time_zone,
        }


def _span(value: str) -> timedelta | None:
    """Return the duration `value` names (`30m`, `48h`, `7d`, `2w`, `PT48H`), or None."""
    text = value.strip().lower()
    if text.lstrip("-").startswith("p"):
        duration = dt_util.parse_duration(text.lstrip("-").upper())
        return abs(duration) if duration is not None else None
    if (match := _SPAN.match(text)) is None:
        return None
    unit = _SPAN_UNITS[match.group(2)[0]]
    # Beyond ten years every tool refuses the window anyway; avoid overflow.
    return min(timedelta(days=3650), timedelta(**{unit: min(float(match.group(1)), 1e6)}))


def _describe(span: timedelta) -> str:
    """Return a short human reading of a duration: `36 hours`, `8 days`."""
    hours = span.total_seconds() / 3600
    if hours < 48:
        return f"{hours:.3g} hours"
    return f"{hours / 24:.3g} days"


def parse_time(hass: HomeAssistant, value: str, *, before: datetime, name: str) -> datetime:
    """Return the instant `value` names, as an aware UTC datetime.

    `value` is ISO 8601 with an offset (`2026-11-01T10:00+01:00`, `...Z`),
    without one (read in Home Assistant's configured time zone; a bare date
    is its midnight), `now`, or a span (`30m`, `48h`, `7d`, `2w`, ISO `PT48H`)
    meaning that long before `before`. Raises `ToolError`
    (`invalid_arguments`) naming the argument `name` when unreadable.
    """
    text = value.strip()
    if text.lower() == "now":
        return dt_util.utcnow()
    if (span := _span(text)) is not None:
        return before - span
    parsed = dt_util.parse_datetime(text)
    if parsed is None:
        raise ToolError(
            "invalid_arguments", f"Cannot read {name}={clean_text(value)!r} as a time", _TIME_HELP
        )
    if parsed.tzinfo is None:
        zone = dt_util.get_time_zone(hass.config.time_zone) or dt_util.UTC
        parsed = parsed.replace(tzinfo=zone)
    return dt_util.as_utc(parsed)


def parse_window(
    hass: HomeAssistant,
    start: str | None,
    end: str | None,
    *,
    default: timedelta,
    maximum: timedelta,
    tool: str,
    hint: str,
) -> Window:
    """Return the window `start`..`end` for `tool`, bounded as §6 asks.

    end: parsed by `parse_time` relative to now; default now; a later end is
        cut to now. start: relative to end; default `end - default`.
    Raises `ToolError` (`invalid_arguments`) when a time is unreadable,
    start is not before end or in the future, or the window is longer than
    `maximum` (the message names the maximum; `hint` says what to do).
    """
    now = dt_util.utcnow()
    end_at = parse_time(hass, end, before=now, name="end") if end else now
    end_at = min(end_at, now)
    start_at = parse_time(hass, start, before=end_at, name="start") if start else end_at - default
    zone = dt_util.get_time_zone(hass.config.time_zone) or dt_util.UTC
    window = Window(start_at, end_at, zone, str(hass.config.time_zone))
    if start_at >= now:
        raise ToolError(
            "invalid_arguments",
            f"start ({window.iso(start_at)}) is in the future; nothing is recorded yet",
            _TIME_HELP,
        )
    if start_at >= end_at:
        raise ToolError(
            "invalid_arguments",
            f"start ({window.iso(start_at)}) is not before end ({window.iso(end_at)})",
            _TIME_HELP,
        )
    if end_at - start_at > maximum:
        raise ToolError(
            "invalid_arguments",
            f"The window from {window.iso(start_at)} to {window.iso(end_at)} is "
            f"{_describe(end_at - start_at)}; {tool} allows at most {_describe(maximum)}",
            hint,
            maximum=_describe(maximum),
        )
    return window


# ---------------------------------------------------------------------------
# Shared helpers


def recorder_instance(hass: HomeAssistant) -> Recorder:
    """Return the running recorder, or raise `ToolError` (`recorder_unavailable`).

    The message names the cause: the recorder integration is not loaded, its
    database is still starting or migrating, or it failed to start.
    """
    if RECORDER_DOMAIN not in hass.config.components or DATA_INSTANCE not in hass.data:
        raise ToolError(
            "recorder_unavailable",
            "The recorder integration is not loaded in this Home Assistant, so it keeps "
            "no history, statistics or logbook",
            "Enable the recorder (part of default_config) and restart Home Assistant",
        )
    instance = get_instance(hass)
    ready = instance.async_db_ready
    if not ready.done():
        raise ToolError(
            "recorder_unavailable",
            "The recorder is still starting: its database is connecting or being migrated",
            "Try again in a minute",
        )
    if ready.cancelled() or not ready.result():
        raise ToolError(
            "recorder_unavailable",
            "The recorder failed to start its database; Home Assistant's log says why",
            "Ask the person to check Settings > System > Logs",
        )
    return instance


async def _run[T](instance: Recorder, job: Callable[[], T]) -> T:
    """Run `job` on the recorder's database executor; database errors become ToolError."""
    try:
        return await instance.async_add_executor_job(job)
    except SQLAlchemyError as err:
        raise ToolError(
            "recorder_unavailable",
            f"The recorder's database failed to answer ({type(err).__name__})",
            "Try again later; Home Assistant's log has the details",
        ) from err


def _as_list(value: Any) -> Any:
    """Accept one id, or ids separated by commas, where a list is expected."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


IdList = Annotated[list[Identifier], BeforeValidator(_as_list)]


def _entity_ids(values: Iterable[str]) -> list[str]:
    """Return the entity ids normalised and de-duplicated; refuse malformed ones."""
    result: list[str] = []
    for value in values:
        entity_id = value.strip().lower()
        if not valid_entity_id(entity_id):
            raise ToolError(
                "invalid_arguments",
                f"{clean_text(value)!r} is not an entity id",
                "Entity ids look like sensor.outdoor_temperature; list_entities finds them",
            )
        if entity_id not in result:
            result.append(entity_id)
    return result


def _domain(value: str | None) -> str | None:
    return fold(value).replace(" ", "_") if value else None


def _area_entities(house: House, area: str) -> list[str]:
    """Return the visible entities of `area` (an area id, name or alias)."""
    area_ids = set(house.resolve_area(area))
    if len(area_ids) > 1 and area not in area_ids:
        raise ToolError(
            "ambiguous_area",
            f"{clean_text(area)!r} names several areas",
            "Pass one of these area ids as area",
            candidates=[{"area_id": a, "name": house.area_name(a)} for a in sorted(area_ids)],
        )
    return [view.entity_id for view in house.all() if not view.hidden and view.area_id in area_ids]


def select_entities(
    house: House,
    entity_ids: list[str] | None,
    area: str | None,
    domain: str | None,
    *,
    expand_domain_up_to: int | None = None,
) -> list[str] | None:
    """Return the entity ids every given filter selects (AND), or None for no filter.

    entity_ids: kept in the given order (validated, lower-cased).
    area: its visible entities (own area, else the device's); with
        entity_ids, only those of them in the area.
    domain: only entities of that domain; alone, every visible entity of the
        domain with a state, or None (no entity filter: the caller filters
        rows by domain) when there are more than `expand_domain_up_to`.
    Raises `ToolError` for malformed ids (`invalid_arguments`), unknown
    (`not_found`) or ambiguous (`ambiguous_area`) areas.
    """
    selected = _entity_ids(entity_ids) if entity_ids else None
    if area:
        in_area = _area_entities(house, area)
        selected = in_area if selected is None else [e for e in selected if e in set(in_area)]
    wanted = _domain(domain)
    if wanted:
        if selected is None:
            selected = [
                view.entity_id for view in house.all() if not view.hidden and view.domain == wanted
            ]
            if expand_domain_up_to is not None and len(selected) > expand_domain_up_to:
                return None
        else:
            selected = [e for e in selected if split_entity_id(e)[0] == wanted]
    return selected


def _filters(area: str | None, domain: str | None) -> str:
    parts = [
        f"area {clean_text(area)!r}" if area else "",
        f"domain {clean_text(domain)!r}" if domain else "",
    ]
    return ", ".join(part for part in parts if part) or "entity_ids"


def _name(house: House, entity_id: str) -> str:
    view = house.get(entity_id)
    return view.name if view is not None else clean_text(entity_id)


def _number(value: Any) -> float | None:
    """Return `value` as a finite float, or None if it is not a number."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            return None
    else:
        return None
    return number if math.isfinite(number) else None


def _as_number_or_gap(value: Any) -> Any:
    number = _number(value)
    return value if number is None else number


def _compact(number: float) -> float | int:
    """Return `number` without float noise (10 significant digits), whole as int."""
    number = float(f"{number:.10g}")
    return int(number) if number.is_integer() and abs(number) < 1e15 else number


# ---------------------------------------------------------------------------
# get_history


@dataclass(slots=True)
class Series:
    """One entity's history in a window, reduced to at most `MAX_POINTS` rows.

    points: (POSIX timestamp, value) pairs in time order, consecutive
        repeats of a value removed; the first is the state at the window
        start when it began before the window.
    total: points in the window before reduction.
    changes: changes inside the window (the start state not counted).
    numeric: every value is a number (or unknown/unavailable).
    downsampled: numeric points were reduced to first/last/min/max per bucket.
    omitted_older: non-numeric changes left out (the oldest).
    """

    points: list[tuple[float, Any]] = field(default_factory=list)
    total: int = 0
    changes: int = 0
    numeric: bool = False
    minimum: float | None = None
    maximum: float | None = None
    downsampled: bool = False
    omitted_older: int = 0


def downsample(points: list[tuple[float, Any]], buckets: int) -> list[tuple[float, Any]]:
    """Return `points` reduced to the first, last, min and max of each time bucket.

    `points` are (timestamp, value) in time order. The span from the first to
    the last timestamp is cut into `buckets` equal buckets; each non-empty
    bucket keeps at most four points (first, last, smallest and largest
    number), so the result has at most `4 * buckets` points and always keeps
    the overall first, last, minimum and maximum, with their own timestamps.
    """
    if len(points) <= 2:
        return list(points)
    first, last = points[0][0], points[-1][0]
    span = last - first
    grouped: dict[int, list[int]] = {}
    for index, (when, _value) in enumerate(points):
        if span > 0:
            bucket = min(buckets - 1, int((when - first) / span * buckets))
        else:
            bucket = index * buckets // len(points)
        grouped.setdefault(bucket, []).append(index)
    keep: set[int] = set()
    for indexes in grouped.values():
        keep.update((indexes[0], indexes[-1]))
        numbers = [(number, i) for i in indexes if (number := _number(points[i][1])) is not None]
        if numbers:
            keep.add(min(numbers)[1])
            keep.add(max(numbers)[1])
    return [points[i] for i in sorted(keep)]


def reduce_series(
    values: Iterable[tuple[float, Any]], start_ts: float, limit: int = MAX_POINTS
) -> Series:
    """Return the `Series` of recorded `(timestamp, value)` pairs, in time order.

    Consecutive repeats are dropped. Numeric series longer than `limit` are
    `downsample`d into `limit // 4` buckets; others keep the `limit` most
    recent points.
    """
    points: list[tuple[float, Any]] = []
    for when, value in values:
        if points and points[-1][1] == value:
            continue
        points.append((when, value))
    series = Series(total=len(points))
    if not points:
        return series
    series.changes = len(points) - (1 if points[0][0] <= start_ts else 0)
    numbers = [n for _, value in points if (n := _number(value)) is not None]
    series.numeric = bool(numbers) and all(
        value is None or (isinstance(value, str) and value in _GAPS) or _number(value) is not None
        for _, value in points
    )
    if series.numeric:
        series.minimum, series.maximum = min(numbers), max(numbers)
        points = [(when, _as_number_or_gap(value)) for when, value in points]
        if len(points) > limit:
            points = downsample(points, max(1, limit // 4))
            series.downsampled = True
    elif len(points) > limit:
        series.omitted_older = len(points) - limit
        points = points[-limit:]
    series.points = points
    return series


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
    start: Text | None = Field(None, description=_START_DOC)
    end: Text | None = Field(None, description=_END_DOC)


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
    may_read = readable(ctx.caller.user)
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
        await _run(instance, partial(_read_history, ctx.hass, window, wanted, attribute, limit))
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
    entry: dict[str, Any] = {"entity_id": entity_id, "name": _name(house, entity_id)}
    if attribute is not None:
        entry["attribute"] = clean_text(attribute)
    elif current is not None and (unit := current.attributes.get(ATTR_UNIT_OF_MEASUREMENT)):
        entry["unit"] = clean_text(str(unit))
    entry["changes"] = series.changes
    if series.numeric and series.minimum is not None and series.maximum is not None:
        entry["min"] = _compact(series.minimum)
        entry["max"] = _compact(series.maximum)
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
        return _compact(value)
    if isinstance(value, str):
        return clean_text(value)
    return value


# ---------------------------------------------------------------------------
# get_statistics


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
    start: Text | None = Field(None, description=_START_DOC)
    end: Text | None = Field(None, description=_END_DOC)


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
    may_read = readable(ctx.caller.user)
    skipped = [
        {"statistic_id": sid, "reason": "not permitted"}
        for sid in ids
        if valid_entity_id(sid) and not may_read(sid)
    ]
    ids = [sid for sid in ids if not valid_entity_id(sid) or may_read(sid)]
    metadata = (
        await _run(instance, partial(statistics.get_metadata, ctx.hass, statistic_ids=set(ids)))
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
        await _run(
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
            name = _name(house, sid) if valid_entity_id(sid) else clean_text(sid)
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
                    item[stat_type] = _compact(float(value))
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


# ---------------------------------------------------------------------------
# get_logbook


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
    start: Text | None = Field(None, description=_START_DOC)
    end: Text | None = Field(None, description=_END_DOC)
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
    domain = _domain(args.domain)
    entity_ids = select_entities(
        house,
        args.entity_ids,
        args.area,
        args.domain,
        expand_domain_up_to=MAX_LOGBOOK_ENTITIES,
    )
    may_read = readable(ctx.caller.user)
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
    events = await _run(instance, partial(processor.get_events, window.start, window.end))
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


# ---------------------------------------------------------------------------

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
