"""Benchmark the gate on the real houses (`script/bench --houses`); prints Markdown.

Not part of the test suite (its name is not `test_*`): run on its own, each
house in `../shared/houses` is loaded into a real Home Assistant
(`loader.py`) with Home MCP, and the gate measured there: one index build,
one check of each harmless action (`test_real_houses.HARMLESS`), what it
guards, `list_macros` through a real MCP client, and the longest the event
loop was held while the index was read again in slices (as after a
reload, a client's call waiting for it). Numbers, never assertions:
`test_real_houses.py` holds the bars.
"""

from __future__ import annotations

import asyncio
from collections import Counter
import json
import statistics
import time

import pytest
from pytest_homeassistant_custom_component.common import MockConfigEntry

from custom_components.home_mcp.gate import Gate
from custom_components.home_mcp.gate.perimeter import build_snapshot
from tests.conftest import McpHarness

from .justified import JUSTIFIED
from .loader import House, house_names
from .test_real_houses import try_harmless

ROUNDS = 3
"""Index builds per house (the median is shown)."""
CALLS = 20
"""`list_macros` calls per house."""
ROW = "home-mcp-house-row "
"""What starts each printed row (`script/bench --houses` keeps those lines)."""


@pytest.mark.timeout(1800)
@pytest.mark.parametrize("house_name", house_names() or ["-"])
async def test_bench(house: House, home_mcp: MockConfigEntry, house_mcp: McpHarness) -> None:
    """Measure one house and print its row."""
    gate = home_mcp.runtime_data.gate
    assert isinstance(gate, Gate)
    builds = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        snapshot = build_snapshot(house.hass, gate.index.guarded, gate.index.opening_actions)
        builds.append((time.perf_counter() - start) * 1000)
    held = await _longest_hold(gate)
    start = time.perf_counter()
    tried = try_harmless(house, gate)
    check_ms = (time.perf_counter() - start) * 1000 / max(len(tried), 1)
    macros_ms = []
    size = 0
    for _ in range(CALLS):
        start = time.perf_counter()
        answer = await house_mcp.data("list_macros", {"limit": 200})
        macros_ms.append((time.perf_counter() - start) * 1000)
        size = max(size, len(json.dumps(answer)))
    justified = JUSTIFIED.get(house.name, {})
    guarded = [t for t in tried if t.guarded]
    wrong = [t for t in guarded if f"{t.service} {t.entity_id}" not in justified]
    causes = Counter(t.path.split(" (")[0] for t in wrong)
    summary = house.summary()
    row = (
        f"| {house.name} | {summary.get('automations', 0)} | {summary.get('scripts', 0)} "
        f"| {summary.get('entities', 0)} | {statistics.median(builds):,.0f} | {check_ms:.2f} "
        f"| {held:.0f} | {statistics.median(macros_ms):.1f} | {size / 1024:.1f} "
        f"| {len(snapshot.unreadable_items)} | {len(tried)} | {len(guarded) - len(wrong)} "
        f"| {len(wrong)} ({100 * len(wrong) / max(len(tried), 1):.1f} %) "
        f"| {'; '.join(f'{n}× {cause}' for cause, n in causes.most_common(2)) or '—'} |"
    )
    print(ROW + row)  # noqa: T201  # A benchmark's output.


async def _longest_hold(gate: Gate) -> float:
    """Return the longest the event loop waited (ms) while the index was read again in slices."""
    gate.index.async_mark_dirty()
    reading = asyncio.ensure_future(gate.async_ready())
    longest = 0.0
    last = time.perf_counter()
    while not reading.done():
        await asyncio.sleep(0)
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
    await reading
    return longest * 1000
