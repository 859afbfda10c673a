"""History series shaped to fit: repeats dropped, long numeric series downsampled.

A `Series` keeps at most `MAX_POINTS` rows of one entity's history; a longer
numeric series keeps the first, last, minimum and maximum of each time
bucket (`downsample`), a longer non-numeric one its most recent changes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
import math
from typing import Any, Final

MAX_POINTS: Final = 250
"""Rows one entity's history may return (§6); longer series are reduced."""
_GAPS: Final = frozenset({"unknown", "unavailable", ""})


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


def compact(number: float) -> float | int:
    """Return `number` without float noise (10 significant digits), whole as int."""
    number = float(f"{number:.10g}")
    return int(number) if number.is_integer() and abs(number) < 1e15 else number


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
