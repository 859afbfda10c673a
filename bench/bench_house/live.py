"""What the sessions benchmark (`bench/bench_sessions.py`) needs inside Home Assistant.

Four authenticated views:

- `GET /api/bench_house/entities`: the planned entities as the benchmark
  chooses what to follow: domain, device class, area (the entity's own, else
  its device's, as Home MCP resolves it), hidden, available, whether
  `bench_change()` can change it, and whether such a change shows in its
  room (`room_visible`, see `room_visible`);
- `POST /api/bench_house/tokens` (`{"count": n}`, administrators only): n new
  long-lived access tokens of the calling user, one per benchmark client, as
  a person would create them on the profile page;
- `POST /api/bench_house/storm` (`{"entity_ids": [...], "rate": r}`): starts
  a storm of state changes: the k-th entity of the list changes at
  `start + k / r` through its entity object (`BenchEntity.bench_change`:
  entity machinery, state machine, `state_changed`, recorder), each change's
  time taken with `time.monotonic()` just before the state is written (the
  same clock as the benchmark's process on Linux); `GET` on the same URL says
  whether it is done and then returns every change, the lag behind the
  schedule, the `state_changed` events seen for those entities, and each
  entity's last `last_updated`;
- `GET /api/bench_house/sessions` (`?objects=1`): Home MCP's entry, its
  session status (as the panel shows it), each session's requests in flight
  (an open GET stream is one), what its resource hub follows; with
  `objects=1`, after a full garbage collection, how many objects of the
  session machinery's classes are alive, and the event loop's tasks.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from datetime import timedelta
import gc
import secrets
import time
import traceback
from typing import TYPE_CHECKING, Any, Final

from aiohttp import web

from homeassistant.auth.models import TOKEN_TYPE_LONG_LIVED_ACCESS_TOKEN
from homeassistant.components.http import HomeAssistantView
from homeassistant.components.http.const import KEY_HASS_USER
from homeassistant.config_entries import ConfigEntryState
from homeassistant.const import EVENT_STATE_CHANGED, STATE_UNAVAILABLE
from homeassistant.core import Event, EventStateChangedData, HomeAssistant, callback
from homeassistant.helpers import device_registry as dr, entity_registry as er
from homeassistant.helpers.http import KEY_HASS

from .const import DOMAIN

if TYPE_CHECKING:
    from . import BenchData
    from .entity import BenchEntity

HOME_MCP: Final = "home_mcp"
MAX_TOKENS: Final = 64
MAX_RATE: Final = 1000.0
OPENING_CLASSES: Final = frozenset({"door", "garage_door", "window", "opening"})
COUNTED_TYPES: Final = {
    # Home MCP's record of a session.
    "custom_components.home_mcp.transport.session_model.McpSession": "McpSession",
    # The MCP SDK's side of a session: its transport; a per-request proxy
    # (`ctx.session`) that the resource hub keeps for each subscription.
    "mcp.server.streamable_http.StreamableHTTPServerTransport": "SDK transport",
    "mcp.server.session.ServerSession": "ServerSession",
    # A request as the SDK sees it (the proxy above holds its request's).
    "starlette.requests.Request": "Starlette Request",
    # anyio streams (each session holds several).
    "anyio.streams.memory.MemoryObjectSendStream": "anyio send stream",
    # One per followed URI in Home MCP's resource hub (and a few of Home Assistant's).
    "homeassistant.helpers.debounce.Debouncer": "Debouncer",
}
"""Classes whose live objects `?objects=1` counts (qualified name: label)."""


def room_visible(domain: str, device_class: str | None) -> bool:
    """Return True when a `bench_change()` of such an entity shows in its room.

    What Home MCP's room resource (`ha://area/...`) shows of one entity, as
    `home_overview` describes a room: whether a light is on, whether a cover
    is open, a thermostat's mode and temperatures, and the security rows of
    locks and of doors and windows when open. A light flips on or off, a
    cover opens or closes, a lock locks or unlocks, a door opens or closes, a
    thermostat's target moves: the room changes. A sensor's new reading, a
    switch or a motion sensor flipping: the room looks the same.
    """
    if domain in ("light", "cover", "lock", "climate"):
        return True
    return domain == "binary_sensor" and device_class in OPENING_CLASSES


def _qualified_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _hass(request: web.Request) -> HomeAssistant:
    hass: HomeAssistant = request.app[KEY_HASS]
    return hass


def _data(hass: HomeAssistant) -> BenchData:
    data: BenchData = hass.data[DOMAIN]
    return data


class BenchEntitiesView(HomeAssistantView):
    """The planned entities, as the sessions benchmark chooses what to follow."""

    url = "/api/bench_house/entities"
    name = "api:bench_house:entities"

    async def get(self, request: web.Request) -> web.Response:
        """Return `{entities: [{entity_id, domain, device_class, area_id, ...}]}`."""
        hass = _hass(request)
        data = _data(hass)
        entities = er.async_get(hass)
        devices = dr.async_get(hass)
        rows = []
        for entity in data.entities:
            entity_id = entity.entity_id
            state = hass.states.get(entity_id)
            entry = entities.async_get(entity_id)
            device = (
                devices.async_get(entry.device_id)
                if entry is not None and entry.device_id
                else None
            )
            area_id = entry.area_id if entry is not None else None
            if area_id is None and device is not None:
                area_id = dr.async_get_effective_area_id(hass, device)
            device_class = state.attributes.get("device_class") if state is not None else None
            rows.append(
                {
                    "entity_id": entity_id,
                    "domain": entity_id.split(".", 1)[0],
                    "device_class": device_class,
                    "area_id": area_id,
                    "hidden": entry is not None and entry.hidden_by is not None,
                    "available": state is not None and state.state != STATE_UNAVAILABLE,
                    "changeable": entity.bench_changeable,
                    "room_visible": room_visible(entity_id.split(".", 1)[0], device_class),
                }
            )
        return self.json({"entities": rows})


class BenchTokensView(HomeAssistantView):
    """Long-lived access tokens of the calling administrator, one per benchmark client."""

    url = "/api/bench_house/tokens"
    name = "api:bench_house:tokens"

    async def post(self, request: web.Request) -> web.Response:
        """Create `count` tokens; return `{tokens: [access token, ...]}`."""
        hass = _hass(request)
        user = request[KEY_HASS_USER]
        if not user.is_admin:
            return self.json_message("administrators only", 403)
        body = await request.json()
        count = int(body.get("count", 1))
        if not 1 <= count <= MAX_TOKENS:
            return self.json_message(f"count: 1 to {MAX_TOKENS}", 400)
        batch = secrets.token_hex(3)
        tokens = []
        for index in range(count):
            refresh_token = await hass.auth.async_create_refresh_token(
                user,
                client_name=f"Home MCP bench client {index + 1} ({batch})",
                token_type=TOKEN_TYPE_LONG_LIVED_ACCESS_TOKEN,
                access_token_expiration=timedelta(days=1),
            )
            tokens.append(hass.auth.async_create_access_token(refresh_token))
        return self.json({"tokens": tokens})


@dataclass(slots=True)
class Storm:
    """A storm of state changes: a schedule, and what happened."""

    schedule: list[str]
    rate: float
    start: float
    """`time.monotonic()` at which the first change is due."""
    changes: list[tuple[float, str]] = field(default_factory=list)
    """(monotonic time just before the state was written, entity id), in order."""
    max_lag: float = 0.0
    """Seconds the driver was behind its schedule, at most."""
    events: int = 0
    """`state_changed` events of the storm's entities while it ran."""
    finished: float | None = None
    error: str | None = None
    task: asyncio.Task[None] | None = None

    @property
    def done(self) -> bool:
        """Return True once the storm ended (all changes made, or an error)."""
        return self.finished is not None or self.error is not None


async def _async_storm(hass: HomeAssistant, storm: Storm, entities: dict[str, BenchEntity]) -> None:
    """Make the storm's changes on schedule; catch up at once when late."""
    targets = set(storm.schedule)

    @callback
    def count(event: Event[EventStateChangedData]) -> None:
        if event.data["entity_id"] in targets:
            storm.events += 1

    unsubscribe = hass.bus.async_listen(EVENT_STATE_CHANGED, count)
    try:
        for index, entity_id in enumerate(storm.schedule):
            due = storm.start + index / storm.rate
            if (wait := due - time.monotonic()) > 0:
                await asyncio.sleep(wait)
            now = time.monotonic()
            storm.max_lag = max(storm.max_lag, now - due)
            entities[entity_id].bench_change()
            storm.changes.append((now, entity_id))
        # Let the last state_changed events be counted.
        await asyncio.sleep(0.2)
        storm.finished = time.monotonic()
    except Exception as err:  # noqa: BLE001 - reported to the benchmark.
        storm.error = f"{type(err).__name__}: {err}\n{traceback.format_exc()}"
    finally:
        unsubscribe()


class BenchStormView(HomeAssistantView):
    """Start a storm of state changes, and read what happened."""

    url = "/api/bench_house/storm"
    name = "api:bench_house:storm"

    async def post(self, request: web.Request) -> web.Response:
        """Start `{entity_ids: [...], rate, delay}`; return `{start, changes}`.

        The k-th entity changes at `start + k / rate`, `start` being `delay`
        seconds (default 0.5) from now, on `time.monotonic()`.
        """
        hass = _hass(request)
        data = _data(hass)
        if data.storm is not None and not data.storm.done:
            return self.json_message("a storm is still running", 409)
        body = await request.json()
        schedule = [str(entity_id) for entity_id in body.get("entity_ids", [])]
        rate = float(body.get("rate", 100))
        if not schedule or not 0 < rate <= MAX_RATE:
            return self.json_message(f"entity_ids: a list; rate: 0 to {MAX_RATE}", 400)
        entities = {entity.entity_id: entity for entity in data.entities}
        unusable = sorted(
            {
                entity_id
                for entity_id in schedule
                if entity_id not in entities or not entities[entity_id].bench_changeable
            }
        )
        if unusable:
            return self.json_message(f"cannot change: {', '.join(unusable[:20])}", 400)
        storm = Storm(schedule, rate, time.monotonic() + float(body.get("delay", 0.5)))
        storm.task = hass.async_create_background_task(
            _async_storm(hass, storm, entities), "bench_house storm"
        )
        data.storm = storm
        return self.json({"start": storm.start, "changes": len(schedule)})

    async def get(self, request: web.Request) -> web.Response:
        """Return `{done}`, and once done every change and each entity's last update."""
        hass = _hass(request)
        storm = _data(hass).storm
        if storm is None:
            return self.json_message("no storm", 404)
        body: dict[str, Any] = {
            "done": storm.done,
            "error": storm.error,
            "start": storm.start,
            "rate": storm.rate,
            "made": len(storm.changes),
        }
        if storm.done:
            last_updated = {}
            for entity_id in set(storm.schedule):
                if (state := hass.states.get(entity_id)) is not None:
                    last_updated[entity_id] = state.last_updated.timestamp()
            body |= {
                "finished": storm.finished,
                "changes": storm.changes,
                "max_lag": storm.max_lag,
                "state_changed_events": storm.events,
                "last_updated": last_updated,
            }
        return self.json(body)


class BenchSessionsView(HomeAssistantView):
    """Home MCP's sessions and what its resource hub follows; live objects on demand."""

    url = "/api/bench_house/sessions"
    name = "api:bench_house:sessions"

    async def get(self, request: web.Request) -> web.Response:
        """Return the entry's state, its sessions and, with `objects=1`, live objects."""
        hass = _hass(request)
        entries = hass.config_entries.async_entries(HOME_MCP)
        if not entries:
            return self.json_message("Home MCP is not set up", 404)
        entry = entries[0]
        body: dict[str, Any] = {
            "entry_id": entry.entry_id,
            "state": entry.state.value,
            "options": dict(entry.options),
        }
        if entry.state is ConfigEntryState.LOADED:
            runtime = entry.runtime_data
            body |= {
                "sessions": runtime.sessions.async_status(),
                "in_flight": [s.in_flight for s in runtime.sessions.async_sessions()],
                "followed": len(runtime.resources.followed),
                "tracking": runtime.resources.tracking,
                "updates_sent": runtime.resources.updates_sent,
            }
        if request.query.get("objects"):
            start = time.perf_counter()
            gc.collect()
            counts = Counter(
                label
                for obj in gc.get_objects()
                if (label := COUNTED_TYPES.get(_qualified_name(type(obj)))) is not None
            )
            body["objects"] = {label: counts.get(label, 0) for label in COUNTED_TYPES.values()}
            body["objects"]["asyncio tasks"] = len(asyncio.all_tasks())
            body["objects_ms"] = (time.perf_counter() - start) * 1000
        return self.json(body)


@callback
def register_views(hass: HomeAssistant) -> None:
    """Register the sessions benchmark's views."""
    for view in (BenchEntitiesView(), BenchTokensView(), BenchStormView(), BenchSessionsView()):
        hass.http.register_view(view)
