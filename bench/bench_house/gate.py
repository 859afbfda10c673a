"""What the gate costs and what it guards, measured inside Home Assistant.

`GET /api/bench_house/gate` (an administrator's token) answers, for the house
as it is:

- `index_ms`: how long one rebuild of the perimeter index takes (median and
  maximum of `rounds`), and its size (perimeter keys, opening macros);
- `index_bytes`: what one rebuild allocates and still holds (tracemalloc,
  started just before and stopped just after: the new snapshot's own
  objects, not the registries and configurations it reads);
- `check_us`: `Gate.async_check` of a light action, of `light.turn_off` on
  every light, and of an `input_boolean.turn_on` the perimeter guards;
- `per_event_us`: what one `state_changed` costs Home Assistant with one
  more tripwire (or one more index) listening than it already has: the same
  `hass.states.async_set` loop timed with and without the extra listeners,
  so Home Assistant's own dispatch is counted, not only Home MCP's callbacks;
- `callbacks_us`: Home MCP's listeners alone per `state_changed`, called
  directly (steady on a busy machine);
- `guarded`: every entity `get_entity` would call guarded, by why: its own
  class (locks, entrance covers, valves, alarm panels, the person's extra
  entities), a device sibling (opener), the perimeter, automations that open
  or secure, scripts and scenes whose run is guarded, template entities,
  groups; `inferred` lists the ones guarded for any reason but their class,
  the ones to review for false positives.
"""

from __future__ import annotations

import gc
import statistics
import time
import tracemalloc
from typing import Any, Final

from aiohttp import web

from homeassistant.components.http import KEY_HASS, HomeAssistantView
from homeassistant.core import HomeAssistant, callback

HOME_MCP: Final = "home_mcp"
EVENTS: Final = 10_000


def _median_max(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 3), "max": round(max(values), 3)}


def _timed_us(function: Any, rounds: int) -> dict[str, float]:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        function()
        samples.append((time.perf_counter() - start) * 1e6)
    return _median_max(samples)


def _state_changes_us(hass: HomeAssistant) -> float:
    """Return the mean cost of one `state_changed` (set, fire, every listener)."""
    start = time.perf_counter()
    for value in range(EVENTS):
        hass.states.async_set("sensor.bench_gate_probe", str(value % 100))
    return (time.perf_counter() - start) * 1e6 / EVENTS


def _callbacks_us(hass: HomeAssistant, tripwire: Any) -> dict[str, float]:
    """Return what Home MCP's own listeners cost per `state_changed`, called directly.

    The callbacks Home Assistant's bus runs for every state change: the
    tripwire's context follower (every event) and its filter, and the
    index's filter; for an ordinary change (no parent context), one caused
    by an automation (a parent the tripwire does not follow) and one it
    follows. Deterministic enough to compare runs on a busy machine.
    """
    from custom_components.home_mcp.gate import index, tripwire as tripwire_module  # noqa: PLC0415
    from homeassistant.const import EVENT_STATE_CHANGED  # noqa: PLC0415
    from homeassistant.core import Context, Event, EventStateChangedData, State  # noqa: PLC0415

    old = State("sensor.bench_gate_probe", "1")
    results: dict[str, float] = {}
    followed = Context()
    tripwire._remember(followed.id, tripwire_module._Origin("light.turn_on", {}, frozenset(), ()))  # noqa: SLF001
    for label, parent in (("plain", None), ("automation", Context().id), ("followed", followed.id)):
        new = State("sensor.bench_gate_probe", "2", context=Context(parent_id=parent))
        data: EventStateChangedData = {
            "entity_id": new.entity_id,
            "old_state": old,
            "new_state": new,
        }
        event = Event(EVENT_STATE_CHANGED, data, context=new.context)
        rounds = 50_000
        start = time.perf_counter()
        for _ in range(rounds):
            tripwire._async_follow(event)  # noqa: SLF001
            tripwire_module._is_watched(data)  # noqa: SLF001
            index._structural_change(data)  # noqa: SLF001
            tripwire._origins.pop(new.context.id, None)  # noqa: SLF001
        results[label] = round((time.perf_counter() - start) * 1e6 / rounds, 3)
    return results


def _per_event_us(hass: HomeAssistant, extras: dict[str, Any]) -> dict[str, float]:
    """Return one `state_changed`'s cost, and what one more of each listener adds.

    Runs alternate (without, with one extra, without, ...), five of each, and
    the fastest of each are compared, so the recorder's queue, the garbage
    collector and other processes weigh on both sides alike. On a busy
    machine this moves by microseconds; `_callbacks_us` does not.
    """
    hass.states.async_set("sensor.bench_gate_probe", "start")
    without: list[float] = []
    added: dict[str, list[float]] = {name: [] for name in extras}
    for _ in range(5):
        for name, extra in extras.items():
            without.append(_state_changes_us(hass))
            stop = extra.async_start()
            added[name].append(_state_changes_us(hass))
            stop()
    hass.states.async_remove("sensor.bench_gate_probe")
    base = min(without)
    return {
        "home_assistant": round(base, 2),
        **{name: round(min(values) - base, 2) for name, values in added.items()},
    }


@callback
def _census(gate: Any, hass: HomeAssistant) -> dict[str, Any]:
    """Return how many entities are guarded, by why, and the inferred ones."""
    from custom_components.home_mcp.gate.rules import EntityClass  # noqa: PLC0415

    snapshot = gate.index.async_current()
    house = snapshot.house
    by_reason: dict[str, int] = {}
    inferred: list[dict[str, str]] = []
    for entity_id in sorted(hass.states.async_entity_ids()):
        if not gate.async_is_guarded_entity(entity_id):
            continue
        entity_class = house.sensitive_class(entity_id)
        domain = entity_id.partition(".")[0]
        if entity_class in (
            EntityClass.LOCK,
            EntityClass.ENTRANCE,
            EntityClass.VALVE,
            EntityClass.ALARM,
            EntityClass.GUARDED,
        ):
            reason = "own class"
        elif entity_class is EntityClass.OPENER:
            reason = "device sibling"
        elif snapshot.in_perimeter(entity_id):
            reason = "perimeter"
        elif domain == "automation":
            reason = "automation that opens or secures"
        elif domain in ("script", "scene"):
            reason = f"{domain} whose run is guarded"
        elif entity_id in house.scripts:
            reason = "template entity's scripts"
        else:
            reason = "group"
        by_reason[reason] = by_reason.get(reason, 0) + 1
        if reason != "own class":
            inferred.append({"entity_id": entity_id, "why": reason})
    return {"total": sum(by_reason.values()), "by_reason": by_reason, "inferred": inferred}


class BenchGateView(HomeAssistantView):
    """The gate's costs and what it guards in this house."""

    url = "/api/bench_house/gate"
    name = "api:bench_house:gate"

    async def get(self, request: web.Request) -> web.Response:
        """Measure (`?rounds=N` index rebuilds and checks, 20 by default)."""
        from custom_components.home_mcp.gate import Action, HouseIndex, Tripwire  # noqa: PLC0415

        hass: HomeAssistant = request.app[KEY_HASS]
        rounds = int(request.query.get("rounds", "20"))
        [entry] = hass.config_entries.async_loaded_entries(HOME_MCP)
        gate = entry.runtime_data.gate
        index = gate.index

        def rebuild() -> None:
            index.async_mark_dirty()
            index.async_current()

        index_us = _timed_us(rebuild, rounds)
        gc.collect()
        tracemalloc.start()
        rebuild()
        gc.collect()
        index_bytes, _ = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        snapshot = index.async_current()
        lights = hass.states.async_entity_ids("light")
        helper = next(
            (e for e in hass.states.async_entity_ids("input_boolean") if snapshot.in_perimeter(e)),
            None,
        )
        checks = {
            "one light": Action("light", "turn_on", {"entity_id": lights[:1]}),
            f"every light ({len(lights)})": Action("light", "turn_off", {"entity_id": "all"}),
        }
        if helper is not None:
            checks["a helper in the perimeter"] = Action(
                "input_boolean", "turn_on", {"entity_id": [helper]}
            )
        check_us = {
            label: _timed_us(lambda action=action: gate.async_check(action), rounds)
            for label, action in checks.items()
        }
        per_event = _per_event_us(hass, {"tripwire": Tripwire(hass), "index": HouseIndex(hass)})
        body = {
            "entities": len(hass.states.async_entity_ids()),
            "automations": len(hass.states.async_entity_ids("automation")),
            "index_ms": {k: round(v / 1000, 2) for k, v in index_us.items()},
            "index_bytes": index_bytes,
            "perimeter_keys": len(snapshot.perimeter),
            "opening_macros": len(snapshot.opening),
            "check_us": check_us,
            "per_event_us": per_event,
            "callbacks_us": _callbacks_us(hass, Tripwire(hass)),
            "guarded": _census(gate, hass),
        }
        return self.json(body)
