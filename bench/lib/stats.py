"""Statistics of the benchmarks' samples, and sizes as Home MCP counts them."""

from __future__ import annotations

import json
import math
import statistics
from typing import Any


def median(values: list[float]) -> float | None:
    """Return the median, or None for no values."""
    return statistics.median(values) if values else None


def p95(values: list[float]) -> float | None:
    """Return the 95th percentile (nearest rank), or None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def encoded_size(payload: Any) -> int:
    """Return the size of `payload` as compact UTF-8 JSON (as Home MCP counts it)."""
    return len(json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode())
