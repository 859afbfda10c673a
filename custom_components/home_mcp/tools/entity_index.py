"""Every entity with its room, floor and names, kept current from Home Assistant's events.

`EntityIndex` is what makes a tool call cost what its answer costs, not what
the house costs: each entity's registry facts (entry, device, effective
area, floor, aliases, labels) are read once and kept as an `EntityView`
(`entity_view.py`); the
names a query is matched against are in a `TextIndex`; the entity ids are
kept sorted. Started (`async_start`, by the config entry), it follows:

- `entity_registry_updated`: that entity (and its old id, after a rename);
- `device_registry_updated`: the entities of that device, and of its child
  devices (whose area may be the parent's);
- `area_registry_updated`: the entities in that area (its floor may change);
- `floor_registry_updated` and `label_registry_updated`: the entities on that
  floor or with that label (names are read live, removals update the
  entries);
- `state_changed`: an entity added or removed, or a friendly name changed.

What changed is re-read at the next call, never per call otherwise. A state
change costs nothing here: a view whose state is not the current one is
rebuilt from its registry facts. Not started (a `House` made where no entry
is loaded), it reads the house as it is, once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Any, Final

from homeassistant.const import ATTR_FRIENDLY_NAME, EVENT_HOMEASSISTANT_STARTED, EVENT_STATE_CHANGED
from homeassistant.core import (
    CALLBACK_TYPE,
    CoreState,
    Event,
    EventStateChangedData,
    HomeAssistant,
    State,
    callback,
)
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    label_registry as lr,
)
from homeassistant.util.hass_dict import HassKey

from ..const import DOMAIN
from ..language import language_words
from ..matching import Folded, Match
from ..search_index import TextIndex
from ..shaping import clean_text
from .entity_view import EntityView, device_search_fields

SECURITY_DOMAINS: Final = ("lock", "alarm_control_panel", "valve")
"""The domains a room's summary lists one by one, as what secures the house."""
SUMMARY_DOMAINS: Final = frozenset(
    {"light", "climate", "cover", "media_player", "binary_sensor", *SECURITY_DOMAINS}
)
"""The domains whose states a room's summary reads; it only counts the others."""

DATA_ENTITY_INDEX: HassKey[EntityIndex] = HassKey(f"{DOMAIN}_entity_index")
"""The entities' index the loaded entry keeps current; every `House` reads through it."""

_IDS: Final = frozenset({"entity_id", "object_id"})
FILL_BATCH: Final = 500
"""Entities named per step of the first filling of the text index (about 30 ms)."""


@dataclass(frozen=True, slots=True)
class Rooms:
    """Which visible (not hidden) entities with a state are in which area.

    members: every one, by area (None: in no area), in entity id order.
    watched: those of `domains` (the ones a room summary reads the state of;
        the others it only counts), by area.
    """

    domains: frozenset[str]
    members: dict[str | None, list[str]]
    watched: dict[str | None, list[str]]


class EntityIndex:
    """The house's entities as the read tools see them; see the module docstring."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Create the index of `hass` (empty until first used)."""
        self._hass = hass
        self._entities = er.async_get(hass)
        self._devices = dr.async_get(hass)
        self._areas = ar.async_get(hass)
        self._views: dict[str, EntityView] = {}
        self._text = TextIndex()
        """Entities' names by entity id, and devices' by device id (one store: most device
        names are entities' names too; a device id has no dot)."""
        self._text_stale: set[str] = set()
        """Entities whose names the text index may not hold as they are now."""
        self._text_complete = False
        self._devices_stale: set[str] = set()
        self._devices_complete = False
        self._sorted: list[str] | None = None
        self._rooms: Rooms | None = None

    # --- Reading -----------------------------------------------------------

    @callback
    def async_view(self, state: State) -> EntityView:
        """Return the view of `state`'s entity."""
        view = self._views.get(state.entity_id)
        if view is None:
            view = self._views[state.entity_id] = self._read(state)
        elif view.state is not state:
            view = self._views[state.entity_id] = view.with_state(state)
        return view

    @callback
    def async_entity_ids(self) -> list[str]:
        """Return the ids of every entity with a state, sorted."""
        if self._sorted is None:
            self._sorted = sorted(self._hass.states.async_entity_ids())
        return self._sorted

    @callback
    def async_rooms(self, domains: frozenset[str]) -> Rooms:
        """Return which visible entities are in which area, those of `domains` apart.

        Kept until an entity is added, removed or re-read (`async_forget`).
        """
        if self._rooms is None or self._rooms.domains != domains:
            members: dict[str | None, list[str]] = {}
            watched: dict[str | None, list[str]] = {}
            get_state = self._hass.states.get
            for entity_id in self.async_entity_ids():
                if (state := get_state(entity_id)) is None:
                    continue
                view = self.async_view(state)
                if view.hidden:
                    continue
                members.setdefault(view.area_id, []).append(entity_id)
                if view.domain in domains:
                    watched.setdefault(view.area_id, []).append(entity_id)
            self._rooms = Rooms(domains, members, watched)
        return self._rooms

    @callback
    def async_search(self, query: str) -> dict[str, Match]:
        """Return how `query` matches each entity it matches.

        The same matches as `best_match(query, view.search_fields())` over
        every entity with a state.
        """
        self._sync_text()
        return self._text.search(query, where=_is_entity_key)

    @callback
    def async_with_word(self, word: str, near: Callable[[str, str], bool]) -> set[str]:
        """Return the entities with a value (name, alias, id...) holding a word `near` `word`.

        See `TextIndex.keys_with_word`.
        """
        self._sync_text()
        return self._text.keys_with_word(word, near, where=_is_entity_key)

    @callback
    def async_folded_names(self, entity_id: str) -> list[Folded]:
        """Return an entity's names, folded as the text index holds them (after a search).

        Its id is left out: its words are the name's, or the domain's.
        """
        return self._text.folded(entity_id, _IDS)

    @callback
    def async_search_devices(self, query: str) -> dict[str, Match]:
        """Return how `query` matches each device it matches (`device_search_fields`)."""
        devices = self._devices
        if not self._devices_complete:
            self._devices_complete = True
            self._devices_stale.clear()
            every: list[dr.AnyDeviceEntry] = [*devices.devices, *devices.child_devices]
            for device in every:
                self._text.put(device.id, device_search_fields(devices, device))
        while self._devices_stale:
            device_id = self._devices_stale.pop()
            if (changed := devices.async_get(device_id)) is None:
                self._text.discard(device_id)
            else:
                self._text.put(device_id, device_search_fields(devices, changed))
        return self._text.search(query, where=_is_device_key)

    @property
    def memory_items(self) -> dict[str, int]:
        """Return how much the index holds (for the benchmark)."""
        return {
            "views": len(self._views),
            "names": len(self._text),
            "distinct_values": self._text.distinct_values,
        }

    def _read(self, state: State) -> EntityView:
        """Read `state`'s entity in the registries."""
        entry = self._entities.async_get(state.entity_id)
        device = (
            self._devices.async_get(entry.device_id)
            if entry is not None and entry.device_id
            else None
        )
        area_id = entry.area_id if entry is not None else None
        if area_id is None and device is not None:
            # A child device without an area of its own is in its parent's.
            area_id = dr.async_get_effective_area_id(self._hass, device)
        area = self._areas.async_get_area(area_id) if area_id else None
        return EntityView(
            entity_id=state.entity_id,
            domain=state.domain,
            name=clean_text(state.name),
            state=state,
            entry=entry,
            device=device,
            area_id=area_id,
            floor_id=area.floor_id if area is not None else None,
            aliases=tuple(clean_text(alias) for alias in entry.aliases if isinstance(alias, str))
            if entry is not None
            else (),
            labels=tuple(sorted(entry.labels)) if entry is not None else (),
        )

    def _sync_text(self) -> None:
        """Bring the text index up to the house: every entity at first, then what changed."""
        if not self._text_complete:
            for _ in self._fill_text():
                pass
        states = self._hass.states
        while self._text_stale:
            entity_id = self._text_stale.pop()
            if (state := states.get(entity_id)) is None:
                self._text.discard(entity_id)
            else:
                self._text.put(entity_id, self.async_view(state).search_fields())

    def _fill_text(self) -> Iterator[None]:
        """Put every entity's names in the text index, pausing every `FILL_BATCH`.

        Each entity is read as it is when its turn comes (its state now, not
        when the filling began); what changes after its turn is in
        `_text_stale`, read at the next search.
        """
        states = self._hass.states
        entity_ids = states.async_entity_ids()
        for count, entity_id in enumerate(entity_ids, 1):
            if (state := states.get(entity_id)) is not None:
                self._text.put(entity_id, self.async_view(state).search_fields())
            if not count % FILL_BATCH:
                yield
        present = set(entity_ids)
        for gone in [key for key in self._text if _is_entity_key(key) and key not in present]:
            self._text.discard(gone)
        self._text_complete = True

    async def _async_fill_text(self) -> None:
        """Fill the text index in batches, letting the event loop run between them."""
        for _ in self._fill_text():
            await asyncio.sleep(0)
            if self._text_complete:
                return  # A search finished the work meanwhile: stop, never read stale.

    # --- Following the house -------------------------------------------------

    @callback
    def async_forget(self, entity_ids: Collection[str]) -> None:
        """Read these entities again at the next use."""
        for entity_id in entity_ids:
            self._views.pop(entity_id, None)
            self._text_stale.add(entity_id)
        if entity_ids:
            self._rooms = None

    @callback
    def async_start(self) -> CALLBACK_TYPE:
        """Follow Home Assistant's registries and states; return the function that stops it."""
        bus = self._hass.bus
        stops = [
            bus.async_listen(er.EVENT_ENTITY_REGISTRY_UPDATED, self._entity_updated),
            bus.async_listen(dr.EVENT_DEVICE_REGISTRY_UPDATED, self._device_updated),
            bus.async_listen(ar.EVENT_AREA_REGISTRY_UPDATED, self._area_updated),
            bus.async_listen(fr.EVENT_FLOOR_REGISTRY_UPDATED, self._floor_updated),
            bus.async_listen(lr.EVENT_LABEL_REGISTRY_UPDATED, self._label_updated),
            bus.async_listen(EVENT_STATE_CHANGED, self._state_changed, event_filter=_renames),
        ]

        @callback
        def fill(_: Any = None) -> None:
            self._hass.async_create_background_task(
                self._async_fill_text(), f"{DOMAIN} entity names", eager_start=False
            )
            language_words(self._hass)  # Starts reading them (once), for the closest matches.

        if self._hass.state is CoreState.running:
            fill()
        else:
            stops.append(bus.async_listen_once(EVENT_HOMEASSISTANT_STARTED, fill))

        @callback
        def stop() -> None:
            for unsubscribe in stops:
                unsubscribe()

        return stop

    @callback
    def _entity_updated(self, event: Event[er.EventEntityRegistryUpdatedData]) -> None:
        ids = [event.data["entity_id"]]
        if event.data["action"] == "update" and "old_entity_id" in event.data:
            ids.append(event.data["old_entity_id"])
        self.async_forget(ids)

    @callback
    def _device_updated(self, event: Event[dr.EventDeviceRegistryUpdatedData]) -> None:
        device_id = event.data["device_id"]
        self._devices_stale.add(device_id)
        self._devices_stale.update(  # Child devices show their parent's model.
            child.id for child in self._devices.child_devices if child.parent_device_id == device_id
        )
        self.async_forget(
            [
                view.entity_id
                for view in self._views.values()
                if view.device is not None
                and (
                    view.device.id == device_id
                    or getattr(view.device, "parent_device_id", None) == device_id
                )
            ]
        )

    @callback
    def _area_updated(self, event: Event[ar.EventAreaRegistryUpdatedData]) -> None:
        if (area_id := event.data["area_id"]) is None:
            return  # Areas reordered.
        self.async_forget([v.entity_id for v in self._views.values() if v.area_id == area_id])

    @callback
    def _floor_updated(self, event: Event[fr.EventFloorRegistryUpdatedData]) -> None:
        if event.data["action"] == "reorder":
            return
        floor_id = event.data["floor_id"]
        self.async_forget([v.entity_id for v in self._views.values() if v.floor_id == floor_id])

    @callback
    def _label_updated(self, event: Event[lr.EventLabelRegistryUpdatedData]) -> None:
        label_id = event.data["label_id"]
        self.async_forget([v.entity_id for v in self._views.values() if label_id in v.labels])

    @callback
    def _state_changed(self, event: Event[EventStateChangedData]) -> None:
        if event.data["old_state"] is None or event.data["new_state"] is None:
            self._sorted = self._rooms = None
        self.async_forget([event.data["entity_id"]])


def _is_entity_key(key: str) -> bool:
    return "." in key  # Every entity id has one, no device id does.


def _is_device_key(key: str) -> bool:
    return "." not in key


@callback
def _renames(data: EventStateChangedData) -> bool:
    """Return True for an entity added or removed, or whose friendly name changed."""
    old, new = data["old_state"], data["new_state"]
    if old is None or new is None:
        return True
    if old.attributes is new.attributes:
        return False
    return bool(old.attributes.get(ATTR_FRIENDLY_NAME) != new.attributes.get(ATTR_FRIENDLY_NAME))


@callback
def async_entity_index(hass: HomeAssistant) -> EntityIndex:
    """Return the index the loaded entry keeps current, or a new one read once."""
    index = hass.data.get(DATA_ENTITY_INDEX)
    return index if index is not None else EntityIndex(hass)
