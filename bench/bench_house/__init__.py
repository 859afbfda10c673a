"""The benchmark house: a custom integration that furnishes a real Home Assistant.

Loaded from YAML (`bench_house: {entities: N, ...}`, written by
`bench/lib/home_assistant.py`) into a Home Assistant started the production
way (`python -m homeassistant`). Once Home Assistant is RUNNING it:

1. creates 3 floors, 30 areas and 10 labels in the registries;
2. tops the state machine up to N entities with the plan of `plan.py`;
3. records a day of history for up to 200 sensors: `state_changed` events
   whose new `State` has `last_updated` in the past, fired on the bus and
   written by the recorder's own pipeline (no state machine change, no clock
   patching), committed before the entities exist so each sensor's current
   state follows its history;
4. adds its config entry, whose platforms create real entity objects (entity
   and device registries), then puts devices and entities in areas and gives
   entities aliases, labels and hidden flags through the registries;
5. creates an administrator and a long-lived access token (and, with
   `core_mcp_server: true`, adds core's `mcp_server` entry set to the Assist
   API and exposes every entity to it: `core_mcp.py`, for the peers
   benchmark);
6. wraps Home MCP's tool handlers and `finalize` with timers (one
   `perf_counter` pair each), then adds Home MCP's config entry;
7. waits `settle_seconds` (15) for the registries' delayed saves and the
   recorder's commits, then writes `bench_ready.json` into the config
   directory.

Two authenticated views let the benchmark read what the server measured:
`GET /api/bench_house/stats` (per-tool handler and finalize times, time in
the garbage collector from `gc.callbacks`, RSS) and
`POST /api/bench_house/profile` (cProfile of the event loop's thread between
`start` and `stop`). `GET /api/bench_house/gate` measures the gate (its
index, checks, the tripwire's cost per event, what it guards; `gate.py`).
The sessions benchmark's views (the house's entities,
more tokens, a storm of state changes, Home MCP's sessions and live objects)
are in `live.py`.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Awaitable, Callable
import contextvars
import cProfile
from dataclasses import dataclass, field, replace
from datetime import timedelta
import gc
import importlib
import importlib.metadata
import io
import json
import logging
import os
from pathlib import Path
import platform
import pstats
import random
import resource
import time
import traceback
from typing import TYPE_CHECKING, Any

from aiohttp import web
import voluptuous as vol

from homeassistant.auth.const import GROUP_ID_ADMIN
from homeassistant.auth.models import TOKEN_TYPE_LONG_LIVED_ACCESS_TOKEN
from homeassistant.components.http import HomeAssistantView
from homeassistant.components.recorder import get_instance
from homeassistant.config_entries import SOURCE_IMPORT, SOURCE_USER, ConfigEntry, ConfigEntryState
from homeassistant.const import EVENT_HOMEASSISTANT_STARTED, EVENT_STATE_CHANGED, __version__
from homeassistant.core import Event, EventStateChangedData, HomeAssistant, State
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    label_registry as lr,
)
from homeassistant.helpers.http import KEY_HASS
from homeassistant.helpers.typing import ConfigType
from homeassistant.loader import async_get_integration
import homeassistant.util.dt as dt_util

from .const import DOMAIN, PLATFORMS, READY_FILE
from .core_mcp import async_add_core_mcp_server
from .gate import BenchGateView
from .index import BenchIndexView
from .live import Storm, register_views as register_live_views
from .plan import AREAS, FLOORS, LABELS, SENSOR_UNITS, EntitySpec, HousePlan, build_plan

if TYPE_CHECKING:
    from .entity import BenchEntity

_LOGGER = logging.getLogger(__name__)

CONF_ENTITIES = "entities"
CONF_HISTORY_SENSORS = "history_sensors"
CONF_HISTORY_HOURS = "history_hours"
CONF_HISTORY_INTERVAL = "history_interval_minutes"
CONF_SEED = "seed"
CONF_SETTLE = "settle_seconds"
CONF_CORE_MCP_SERVER = "core_mcp_server"
HOME_MCP = "home_mcp"
HISTORY_CHUNK = 5000
"""Events fired between two waits for the recorder's commit."""

CONFIG_SCHEMA = vol.Schema(
    {
        DOMAIN: vol.Schema(
            {
                vol.Required(CONF_ENTITIES): vol.All(int, vol.Range(min=1)),
                vol.Optional(CONF_HISTORY_SENSORS, default=200): vol.All(int, vol.Range(min=0)),
                vol.Optional(CONF_HISTORY_HOURS, default=24): vol.All(int, vol.Range(min=1)),
                vol.Optional(CONF_HISTORY_INTERVAL, default=5): vol.All(int, vol.Range(min=1)),
                vol.Optional(CONF_SEED, default=2026): int,
                vol.Optional(CONF_SETTLE, default=15): vol.All(int, vol.Range(min=0)),
                vol.Optional(CONF_CORE_MCP_SERVER, default=False): bool,
            }
        )
    },
    extra=vol.ALLOW_EXTRA,
)

_CURRENT_TOOL: contextvars.ContextVar[str] = contextvars.ContextVar("bench_tool", default="?")


def rss_kb() -> int:
    """Return this process's resident set size now, in KiB (/proc/self/statm).

    Read with `os.read`: Home Assistant reports `open()` in the event loop.
    """
    fd = os.open("/proc/self/statm", os.O_RDONLY)
    try:
        resident_pages = int(os.read(fd, 200).split()[1])
    finally:
        os.close(fd)
    return resident_pages * os.sysconf("SC_PAGE_SIZE") // 1024


def max_rss_kb() -> int:
    """Return this process's peak resident set size, in KiB (getrusage ru_maxrss)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


@dataclass(slots=True)
class BenchData:
    """What the benchmark house keeps in `hass.data`."""

    config: dict[str, Any]
    plan: HousePlan | None = None
    handler_ms: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    finalize_ms: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    profiler: cProfile.Profile | None = None
    gc_ms: float = 0.0
    gc_collections: int = 0
    gc_started: float = 0.0
    entities: list[BenchEntity] = field(default_factory=list)
    """The planned entities' objects, once their platforms added them."""
    storm: Storm | None = None
    """The last storm of state changes (the sessions benchmark), if any."""

    def gc_callback(self, phase: str, info: dict[str, Any]) -> None:
        """Add up the time the garbage collector takes (`gc.callbacks`)."""
        if phase == "start":
            self.gc_started = time.perf_counter()
        else:
            self.gc_ms += (time.perf_counter() - self.gc_started) * 1000
            self.gc_collections += 1


async def async_setup(hass: HomeAssistant, config: ConfigType) -> bool:
    """Register the views; build the house once Home Assistant is running."""
    data = BenchData(dict(config[DOMAIN]))
    hass.data[DOMAIN] = data
    gc.callbacks.append(data.gc_callback)
    hass.http.register_view(BenchStatsView())
    hass.http.register_view(BenchProfileView())
    hass.http.register_view(BenchGateView())
    hass.http.register_view(BenchIndexView())
    register_live_views(hass)

    async def _started(event: Event) -> None:
        hass.async_create_background_task(_async_build(hass, data), "bench_house build")

    hass.bus.async_listen_once(EVENT_HOMEASSISTANT_STARTED, _started)
    return True


async def async_setup_entry(hass: HomeAssistant, entry: ConfigEntry) -> bool:
    """Set up the planned entities on their platforms."""
    await hass.config_entries.async_forward_entry_setups(entry, PLATFORMS)
    return True


async def async_unload_entry(hass: HomeAssistant, entry: ConfigEntry) -> bool:
    """Unload the platforms."""
    return await hass.config_entries.async_unload_platforms(entry, PLATFORMS)


def _write_ready(hass: HomeAssistant, payload: dict[str, Any]) -> None:
    path = Path(hass.config.path(READY_FILE))
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(payload, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.chmod(0o600)
    tmp.replace(path)


async def _async_build(hass: HomeAssistant, data: BenchData) -> None:
    """Build the house, set up Home MCP, and say so in the ready file."""
    try:
        payload = await _async_build_house(hass, data)
    except Exception as err:
        _LOGGER.exception("Building the benchmark house failed")
        payload = {
            "ok": False,
            "error": f"{type(err).__name__}: {err}",
            "traceback": traceback.format_exc(),
        }
    await hass.async_add_executor_job(_write_ready, hass, payload)


async def _async_build_house(hass: HomeAssistant, data: BenchData) -> dict[str, Any]:
    conf = data.config
    timings: dict[str, float] = {}
    memory: dict[str, int] = {"started_rss_kb": rss_kb()}
    started = time.perf_counter()

    # 1. Floors, areas, labels.
    mark = time.perf_counter()
    floor_ids = _create_floors(hass)
    area_ids = _create_areas(hass, floor_ids)
    label_ids = _create_labels(hass)
    timings["registries_s"] = time.perf_counter() - mark

    # 2. The plan: top the state machine up to N entities, once what Home
    # Assistant sets up at start (the backup integration's sensors) is there.
    await hass.async_block_till_done()
    await asyncio.sleep(1)
    await hass.async_block_till_done()
    existing = len(hass.states.async_all())
    plan = build_plan(max(0, conf[CONF_ENTITIES] - existing), conf[CONF_SEED])
    data.plan = plan

    # 3. A day of history for up to 200 sensors, before the entities exist.
    mark = time.perf_counter()
    history_sensors = plan.history_sensors(conf[CONF_HISTORY_SENSORS])
    points = await _async_record_history(
        hass,
        history_sensors,
        hours=conf[CONF_HISTORY_HOURS],
        interval=timedelta(minutes=conf[CONF_HISTORY_INTERVAL]),
        seed=conf[CONF_SEED],
    )
    timings["history_s"] = time.perf_counter() - mark

    # 4. The entities (real objects on real platforms), then their rooms and names.
    mark = time.perf_counter()
    result = await hass.config_entries.flow.async_init(
        DOMAIN, context={"source": SOURCE_IMPORT}, data={}
    )
    if result.get("type") != "create_entry":
        raise RuntimeError(f"Could not add the bench_house entry: {result}")
    await hass.async_block_till_done()
    timings["entities_s"] = time.perf_counter() - mark
    mark = time.perf_counter()
    mismatched = _furnish(hass, plan, area_ids, label_ids)
    await hass.async_block_till_done()
    await get_instance(hass).async_block_till_done()
    timings["furnish_s"] = time.perf_counter() - mark
    timings["house_s"] = time.perf_counter() - started
    memory["house_rss_kb"] = rss_kb()

    # 5. An administrator with a long-lived access token, as a person would make.
    user = await hass.auth.async_create_user("Bench", group_ids=[GROUP_ID_ADMIN])
    refresh_token = await hass.auth.async_create_refresh_token(
        user,
        client_name="Home MCP bench",
        token_type=TOKEN_TYPE_LONG_LIVED_ACCESS_TOKEN,
        access_token_expiration=timedelta(days=1),
    )
    token = hass.auth.async_create_access_token(refresh_token)

    # 5b. Optionally core's own MCP server, before Home MCP (which then leaves
    # /api/mcp to it), with every entity exposed to Assist.
    core_mcp: dict[str, Any] | None = None
    if conf[CONF_CORE_MCP_SERVER]:
        mark = time.perf_counter()
        core_mcp = await async_add_core_mcp_server(hass)
        timings["core_mcp_server_s"] = time.perf_counter() - mark

    # 6. Timers around Home MCP's tool handlers and `finalize`, then Home MCP.
    mark = time.perf_counter()
    mcp_version = await _async_install_timers(hass, data)
    result = await hass.config_entries.flow.async_init(HOME_MCP, context={"source": SOURCE_USER})
    if result.get("type") != "create_entry":
        raise RuntimeError(f"Could not add the Home MCP entry: {result}")
    await hass.async_block_till_done()
    entries = hass.config_entries.async_entries(HOME_MCP)
    if not entries or entries[0].state is not ConfigEntryState.LOADED:
        raise RuntimeError(f"Home MCP did not load: {entries[0].state if entries else 'no entry'}")
    timings["home_mcp_s"] = time.perf_counter() - mark

    # 7. Settle: let the registries' delayed saves (10 s after the last change)
    # and the recorder's commits finish, so the calls meet a house that runs
    # quietly, not one still writing out what was just built.
    mark = time.perf_counter()
    await asyncio.sleep(conf[CONF_SETTLE])
    await hass.async_block_till_done()
    await get_instance(hass).async_block_till_done()
    timings["settle_s"] = time.perf_counter() - mark
    memory["ready_rss_kb"] = rss_kb()
    memory["ready_max_rss_kb"] = max_rss_kb()

    states = hass.states.async_all()
    return {
        "ok": True,
        "token": token,
        "entities": len(states),
        "planned_entities": len(plan.entities),
        "entities_before_house": existing,
        "entity_ids_not_as_planned": mismatched,
        "domains": _count(s.domain for s in states),
        "floors": len(fr.async_get(hass).floors),
        "areas": len(ar.async_get(hass).areas),
        "labels": len(lr.async_get(hass).labels),
        "devices": len(dr.async_get(hass).devices),
        "registry_entities": len(er.async_get(hass).entities),
        "history": {
            "sensors": len(history_sensors),
            "points": points,
            "hours": conf[CONF_HISTORY_HOURS],
            "interval_minutes": conf[CONF_HISTORY_INTERVAL],
            "entity_ids": [spec.entity_id for spec in history_sensors],
        },
        "call_light": _call_light(plan),
        "call_light_name": _call_light_name(hass, plan),
        "core_mcp_server": core_mcp,
        "filter_area": "Living room",
        "query": "living room ceiling light",
        "misspelled": "livng rom celing lihgt",
        "timings": timings,
        "memory": memory,
        "versions": {
            "homeassistant": __version__,
            "mcp": mcp_version,
            "python": platform.python_version(),
        },
        "pid": os.getpid(),
    }


def _count(values: Any) -> dict[str, int]:
    counts: dict[str, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: -item[1]))


def _call_light(plan: HousePlan) -> str | None:
    lights = plan.by_domain("light")
    return lights[0].entity_id if lights else None


def _call_light_name(hass: HomeAssistant, plan: HousePlan) -> str | None:
    """Return the call light's name as Home Assistant shows it (intents match it)."""
    entity_id = _call_light(plan)
    state = hass.states.get(entity_id) if entity_id else None
    return state.name if state else None


def _create_floors(hass: HomeAssistant) -> dict[str, str]:
    floors = fr.async_get(hass)
    ids: dict[str, str] = {}
    for floor in FLOORS:
        existing = floors.async_get_floor_by_name(floor["name"])
        entry = existing or floors.async_create(
            floor["name"], aliases=set(floor["aliases"]), level=floor["level"]
        )
        ids[floor["name"]] = entry.floor_id
    return ids


def _create_areas(hass: HomeAssistant, floor_ids: dict[str, str]) -> dict[str, str]:
    areas = ar.async_get(hass)
    ids: dict[str, str] = {}
    for name, floor, aliases in AREAS:
        existing = areas.async_get_area_by_name(name)
        if existing is None:
            existing = areas.async_create(name, aliases=set(aliases), floor_id=floor_ids[floor])
        else:
            existing = areas.async_update(
                existing.id, aliases=set(aliases), floor_id=floor_ids[floor]
            )
        ids[name] = existing.id
    return ids


def _create_labels(hass: HomeAssistant) -> dict[str, str]:
    labels = lr.async_get(hass)
    ids: dict[str, str] = {}
    for name in LABELS:
        entry = labels.async_get_label_by_name(name) or labels.async_create(name)
        ids[name] = entry.label_id
    return ids


async def _async_record_history(
    hass: HomeAssistant,
    sensors: list[EntitySpec],
    *,
    hours: int,
    interval: timedelta,
    seed: int,
) -> int:
    """Record `hours` of history for `sensors`, one point per `interval`.

    Each point is a `state_changed` event whose new state has `last_updated`
    (and `last_changed`, `last_reported`) at the point's time in the past;
    the recorder writes states from exactly these fields. The state machine
    is not touched. Events are fired in time order, in chunks, each chunk
    committed before the next (the recorder's queue stays small).
    Returns the number of points recorded.
    """
    if not sensors:
        return 0
    rng = random.Random(seed)
    recorder = get_instance(hass)
    now = dt_util.utcnow()
    steps = int(timedelta(hours=hours) / interval)
    start = now - interval * steps
    walks: dict[str, float] = {}
    previous: dict[str, State | None] = {}
    attributes: dict[str, dict[str, Any]] = {}
    bounds: dict[str, tuple[float, float]] = {}
    for spec in sensors:
        unit, state_class, low, high = SENSOR_UNITS[spec.kind]
        walks[spec.entity_id] = rng.uniform(low, high)
        bounds[spec.entity_id] = (low, high)
        previous[spec.entity_id] = None
        attributes[spec.entity_id] = {
            "state_class": state_class,
            "unit_of_measurement": unit,
            "device_class": spec.kind,
            "friendly_name": spec.friendly_name,
        }
    fired = 0
    for step in range(steps):
        when = start + interval * step
        timestamp = when.timestamp()
        for spec in sensors:
            entity_id = spec.entity_id
            low, high = bounds[entity_id]
            value = walks[entity_id] + rng.gauss(0, (high - low) / 50)
            walks[entity_id] = value = round(min(high, max(low, value)), 1)
            new_state = State(
                entity_id,
                str(value),
                attributes[entity_id],
                last_changed=when,
                last_reported=when,
                last_updated=when,
            )
            event_data: EventStateChangedData = {
                "entity_id": entity_id,
                "old_state": previous[entity_id],
                "new_state": new_state,
            }
            hass.bus.async_fire(EVENT_STATE_CHANGED, event_data, time_fired=timestamp)
            previous[entity_id] = new_state
            fired += 1
            if fired % HISTORY_CHUNK == 0:
                await recorder.async_block_till_done()
    await recorder.async_block_till_done()
    # The current state continues the recorded series.
    for spec in sensors:
        spec.values = {**spec.values, "value": walks[spec.entity_id]}
    return fired


def _furnish(
    hass: HomeAssistant, plan: HousePlan, area_ids: dict[str, str], label_ids: dict[str, str]
) -> int:
    """Put devices and entities in areas; set aliases, labels and hidden flags.

    Returns how many entities did not get their planned entity id.
    """
    devices = dr.async_get(hass)
    entities = er.async_get(hass)
    done_devices: set[str] = set()
    mismatched = 0
    for spec in plan.entities:
        entity_id = entities.async_get_entity_id(spec.domain, DOMAIN, spec.unique_id)
        if entity_id is None:
            mismatched += 1
            continue
        if entity_id != spec.entity_id:
            mismatched += 1
        if spec.device_key not in done_devices and spec.area is not None:
            device = devices.async_get_device(identifiers={(DOMAIN, spec.device_key)})
            if device is not None:
                devices.async_update_device(device.id, area_id=area_ids[spec.area])
        done_devices.add(spec.device_key)
        changes: dict[str, Any] = {}
        if spec.own_area is not None:
            changes["area_id"] = area_ids[spec.own_area]
        if spec.aliases:
            changes["aliases"] = list(spec.aliases)
        if spec.labels:
            changes["labels"] = {label_ids[name] for name in spec.labels}
        if spec.hidden:
            changes["hidden_by"] = er.RegistryEntryHider.USER
        if changes:
            entities.async_update_entity(entity_id, **changes)
    return mismatched


async def _async_install_timers(hass: HomeAssistant, data: BenchData) -> str:
    """Time Home MCP's tool handlers and `finalize`; return the mcp SDK's version.

    Must run before Home MCP's entry is set up: `ToolRunner` reads the
    tool modules' `TOOLS` then. Each wrapper adds one `perf_counter` pair.
    """
    integration = await async_get_integration(hass, HOME_MCP)
    await integration.async_get_component()
    runner = await hass.async_add_executor_job(
        importlib.import_module, f"{integration.pkg_path}.runner"
    )
    for module in runner.TOOL_MODULES:
        module.TOOLS[:] = [
            replace(tool, handler=_timed_handler(data, tool.name, tool.handler))
            for tool in module.TOOLS
        ]
    finalize = runner.finalize

    def timed_finalize(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return finalize(*args, **kwargs)
        finally:
            data.finalize_ms[_CURRENT_TOOL.get()].append((time.perf_counter() - start) * 1000)

    setattr(runner, "finalize", timed_finalize)
    return await hass.async_add_executor_job(importlib.metadata.version, "mcp")


def _timed_handler(
    data: BenchData, name: str, handler: Callable[[Any, Any], Awaitable[Any]]
) -> Callable[[Any, Any], Awaitable[Any]]:
    async def timed(ctx: Any, args: Any) -> Any:
        _CURRENT_TOOL.set(name)
        start = time.perf_counter()
        try:
            return await handler(ctx, args)
        finally:
            data.handler_ms[name].append((time.perf_counter() - start) * 1000)

    return timed


class BenchStatsView(HomeAssistantView):
    """What the server measured: tool handler and finalize times, memory."""

    url = "/api/bench_house/stats"
    name = "api:bench_house:stats"

    async def get(self, request: web.Request) -> web.Response:
        """Return the measurements; `?reset=1` clears the timings afterwards."""
        hass: HomeAssistant = request.app[KEY_HASS]
        data: BenchData = hass.data[DOMAIN]
        body = {
            "handler_ms": dict(data.handler_ms),
            "finalize_ms": dict(data.finalize_ms),
            "gc_ms": data.gc_ms,
            "gc_collections": data.gc_collections,
            "rss_kb": rss_kb(),
            "max_rss_kb": max_rss_kb(),
        }
        if request.query.get("reset"):
            data.handler_ms.clear()
            data.finalize_ms.clear()
            data.gc_ms = 0.0
            data.gc_collections = 0
        return self.json(body)


class BenchProfileView(HomeAssistantView):
    """cProfile of the event loop's thread between `start` and `stop`."""

    url = "/api/bench_house/profile"
    name = "api:bench_house:profile"

    async def post(self, request: web.Request) -> web.Response:
        """Start (`{"action": "start"}`) or stop (`{"action": "stop", "path", "top"}`) profiling."""
        hass: HomeAssistant = request.app[KEY_HASS]
        data: BenchData = hass.data[DOMAIN]
        body = await request.json()
        if body.get("action") == "start":
            data.profiler = cProfile.Profile()
            data.profiler.enable()
            return self.json({"profiling": True})
        profiler, data.profiler = data.profiler, None
        if profiler is None:
            return self.json_message("not profiling", 400)
        profiler.disable()
        if path := body.get("path"):
            await hass.async_add_executor_job(profiler.dump_stats, path)
        top = int(body.get("top", 30))
        reports = {}
        for sort in ("cumulative", "tottime"):
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats(sort).print_stats(top)
            reports[sort] = out.getvalue()
        return self.json(reports)
