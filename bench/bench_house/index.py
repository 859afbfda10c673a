"""What Home MCP's entities' index costs, measured inside Home Assistant.

`GET /api/bench_house/index` (an administrator's token) builds a fresh
`EntityIndex` of the house as it is, the way the loaded entry's is filled
(a view of every entity with a state, every entity's names in the text
index), and answers:

- `memory_bytes`: what the build allocated and still holds (tracemalloc,
  started just before and stopped just after: the index's own objects, not
  the states and registry entries it points to);
- `build_ms`: the same build again without tracemalloc (best of 3);
- `views`, `names` (entities and devices), `distinct_values`: how much it holds;
- `filter_us`: what the index's `state_changed` filter costs per event
  (the only work it does while nobody calls a tool), for an ordinary state
  change and for one that renames.
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from typing import Any, Final

from aiohttp import web

from homeassistant.components.http import KEY_HASS, HomeAssistantView
from homeassistant.core import HomeAssistant, State

FILTER_CALLS: Final = 100_000


def _build(hass: HomeAssistant) -> Any:
    from custom_components.home_mcp.tools.entity_index import EntityIndex  # noqa: PLC0415

    index = EntityIndex(hass)
    index.async_search("bench")  # Fills the views and the text index,
    index.async_search_devices("bench")  # and the devices' names.
    return index


def _filter_us(old: State, new: State) -> float:
    from custom_components.home_mcp.tools import entity_index  # noqa: PLC0415

    data: Any = {"entity_id": old.entity_id, "old_state": old, "new_state": new}
    start = time.perf_counter()
    for _ in range(FILTER_CALLS):
        entity_index._renames(data)  # noqa: SLF001
    return round((time.perf_counter() - start) * 1e6 / FILTER_CALLS, 3)


def measure(hass: HomeAssistant) -> dict[str, Any]:
    """Return the index's memory, build time and idle cost for the house as it is."""
    gc.collect()
    tracemalloc.start()
    index = _build(hass)
    gc.collect()
    held, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    counts = index.memory_items
    del index
    times = []
    for _ in range(3):
        start = time.perf_counter()
        _build(hass)
        times.append((time.perf_counter() - start) * 1000)
    probe = next(iter(hass.states.async_all("light")), None) or hass.states.async_all()[0]
    changed = State(probe.entity_id, "on" if probe.state != "on" else "off", probe.attributes)
    renamed = State(probe.entity_id, probe.state, {**probe.attributes, "friendly_name": "x"})
    return {
        "memory_bytes": held,
        "build_ms": round(min(times), 1),
        **counts,
        "filter_us": {
            "state_change": _filter_us(probe, changed),
            "same_attributes": _filter_us(probe, probe),
            "rename": _filter_us(probe, renamed),
        },
    }


class BenchIndexView(HomeAssistantView):
    """The entities' index: memory, build time, idle cost."""

    url = "/api/bench_house/index"
    name = "api:bench_house:index"

    async def get(self, request: web.Request) -> web.Response:
        """Measure a fresh index of the house."""
        hass: HomeAssistant = request.app[KEY_HASS]
        return self.json(measure(hass))
