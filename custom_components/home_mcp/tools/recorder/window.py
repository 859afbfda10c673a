"""Time windows of the recorder tools: ISO 8601 instants and spans, bounded (§6).

Windows are parsed by one function, `parse_window`: ISO 8601 with or
without an offset (without one: Home Assistant's configured time zone,
which every response names) or spans such as `30m`, `48h`, `7d`, `2w`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo
import re
from typing import Any, Final

from homeassistant.core import HomeAssistant
from homeassistant.util import dt as dt_util

from ...shaping import clean_text
from .. import ToolError

HISTORY_DEFAULT: Final = timedelta(hours=24)
HISTORY_MAX: Final = timedelta(days=7)

_SPAN = re.compile(r"^-?\s*(\d+(?:\.\d+)?)\s*(m|min|mins|minutes?|h|hours?|d|days?|w|weeks?)$")
_SPAN_UNITS: Final = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}

_TIME_HELP: Final = (
    "Use ISO 8601 such as 2026-11-01T10:00 (Home Assistant's time zone) or "
    "2026-11-01T10:00+01:00, or a span before now (end) or before end (start) "
    "such as 30m, 48h, 7d, 2w"
)
START_DOC: Final = "ISO 8601, or e.g. 48h before end"
END_DOC: Final = "ISO 8601; default now"


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
