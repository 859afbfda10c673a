"""The house index: the perimeter snapshot, kept current from Home Assistant's events.

Built at first use and rebuilt at the first use after the house changes:
automation, scene and template reloads, entity, device, area, floor and
label registry updates, an entity exposed to Assist or hidden from it (one
with no registry entry too), config entries changed, entities added or removed,
a group's members or an entity's device class changed (alerts, which Home
Assistant never reloads, are read as their entities are added), and scene actions
(`scene.create` redefines a scene in place), an automation or script
replaced in place by a reload (checked when one changes state), the
owner's `custom_templates/` reloaded (checked at each use: one identity),
`intent_script` reloaded (checked at each use: its handlers), and an MQTT
entity announced again by discovery (checked at each use: its configuration).
Never per call otherwise.

A build of a large house takes seconds; it never holds the event loop that
long. `async_ready` builds a slice at a time (`_SLICE`), handing the loop
back between slices, and every MCP request awaits it before the gate reads
the index; the first build starts once Home Assistant has started. What
reads the index without awaiting it (`async_current`) gets it current all
the same: it finishes the build in progress at once. A build the house
changes under is started again, so no snapshot mixes two houses.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Generator, Iterable, Mapping
import contextvars
import logging
import time
from typing import Any, Final

from homeassistant.components.conversation import DOMAIN as CONVERSATION_DOMAIN
from homeassistant.components.homeassistant.const import DATA_EXPOSED_ENTITIES
from homeassistant.components.homeassistant.exposed_entities import async_listen_entity_updates
from homeassistant.config_entries import SIGNAL_CONFIG_ENTRY_CHANGED
from homeassistant.const import (
    ATTR_ENTITY_ID,
    EVENT_CALL_SERVICE,
    EVENT_COMPONENT_LOADED,
    EVENT_HOMEASSISTANT_STARTED,
    EVENT_SERVICE_REGISTERED,
    EVENT_SERVICE_REMOVED,
    EVENT_STATE_CHANGED,
)
from homeassistant.core import CALLBACK_TYPE, Event, EventStateChangedData, HomeAssistant, callback
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    intent,
    label_registry as lr,
)
from homeassistant.helpers.dispatcher import async_dispatcher_connect
from homeassistant.helpers.entity_component import DATA_INSTANCES
from homeassistant.helpers.entity_platform import async_get_platforms
from homeassistant.util.event_type import EventType

from .internals import MQTT_CONFIG, custom_templates, private_or
from .perimeter import Snapshot, snapshot_steps

_LOGGER = logging.getLogger(__name__)

_SLICE: Final = 0.015
"""Seconds of building between two hand-backs of the event loop (`async_ready`)."""
_PATIENCE: Final = 60.0
"""Seconds `async_ready` builds in slices, again and again, a house that keeps
changing (a client's calls each changing it, while others wait), before it
reads it at once: each call waits for a current house, never holding the loop
while the house settles within a minute."""

_RELOAD_EVENTS: Final = ("automation_reloaded", "scene_reloaded", "event_template_reloaded")
_REGISTRY_EVENTS: Final[tuple[EventType[Any] | str, ...]] = (
    dr.EVENT_DEVICE_REGISTRY_UPDATED,
    ar.EVENT_AREA_REGISTRY_UPDATED,
    fr.EVENT_FLOOR_REGISTRY_UPDATED,
    lr.EVENT_LABEL_REGISTRY_UPDATED,
    EVENT_COMPONENT_LOADED,
    EVENT_HOMEASSISTANT_STARTED,
    EVENT_SERVICE_REGISTERED,  # `notify.{{ to }}` is each `notify` action there is.
    EVENT_SERVICE_REMOVED,
)


class HouseIndex:
    """The house's perimeter and wiring, rebuilt after the house changes.

    Started (`async_start`), it follows Home Assistant's reloads, registry
    updates, entities added and removed and group membership changes, and
    rebuilds at the next use after one. Not started, it is built once (a
    snapshot for an options form).
    """

    def __init__(
        self,
        hass: HomeAssistant,
        guarded: Iterable[str] = (),
        opening_actions: Iterable[str] = (),
    ) -> None:
        """Create the index for `hass` with the person's extra guarded entities and actions."""
        self._hass = hass
        self._guarded = tuple(guarded)
        self._opening_actions = tuple(opening_actions)
        self._listeners: list[Callable[[Snapshot], None]] = []
        self._logged: set[str] = set()
        self._snapshot: Snapshot | None = None
        self._dirty = True
        self._started = False
        self._recheck = False
        self._reading = False  # True while a step of the build runs.
        self._macros: tuple[tuple[str, int, int], ...] = ()
        self._intents: tuple[Any, ...] = ()  # The intent handlers read (`_intents`).
        self._mqtt: tuple[Any, ...] = ()  # The MQTT entities' configurations read (`_mqtt`).
        self._templates: Mapping[str, str] | None = None
        self._steps: Generator[None, None, Snapshot] | None = None  # The build in progress.
        self._task: asyncio.Task[None] | None = None  # What drives it (`async_ready`).
        # The builds run in the context the index was made in, never in a
        # caller's (a proposal being judged, `proposals.proposing`).
        self._context = contextvars.copy_context()
        self.builds = 0

    @property
    def guarded(self) -> tuple[str, ...]:
        """Return the person's extra guarded entities the index is built with."""
        return self._guarded

    @property
    def follows(self) -> bool:
        """Return True while the index follows the house's changes (`async_start`)."""
        return self._started

    @property
    def opening_actions(self) -> tuple[str, ...]:
        """Return the actions leaving Home Assistant the person marked as opening."""
        return self._opening_actions

    @callback
    def async_on_build(self, listener: Callable[[Snapshot], None]) -> CALLBACK_TYPE:
        """Call `listener` with each snapshot built from now on; return what stops it."""
        self._listeners.append(listener)

        @callback
        def stop() -> None:
            self._listeners.remove(listener)

        return stop

    @callback
    def async_current(self) -> Snapshot:
        """Return the snapshot, brought up to date first (at once) if the house changed."""
        if self._stale():
            self._advance(None)
        assert self._snapshot is not None
        return self._snapshot

    async def async_ready(self) -> None:
        """Bring the snapshot up to date, handing the event loop back while it builds.

        A house still changing after `_PATIENCE` seconds of builds is read
        at once, as `async_current` would.
        """
        deadline = time.monotonic() + _PATIENCE
        while self._stale():
            if time.monotonic() >= deadline:
                self.async_current()
                return
            await asyncio.shield(self.async_build())

    @callback
    def async_build(self) -> asyncio.Task[None]:
        """Start one build in slices if the snapshot is not current; return what builds."""
        if self._task is None or self._task.done():
            self._task = self._hass.async_create_background_task(
                self._async_build(), "Home MCP reads the house", eager_start=True
            )
        return self._task

    async def _async_build(self) -> None:
        """Build once, in slices: until it ends, or a reader finished it at once."""
        builds = self.builds
        while self.builds == builds and self._stale():
            if self._advance(_SLICE):
                return
            await asyncio.sleep(0)  # The loop's turn: what else waits runs now.

    def _stale(self) -> bool:
        """Return True if the snapshot must be built (again) before it is used."""
        if self._snapshot is None or self._steps is not None:
            return True
        if not self._started:
            return False  # Built once, for an options form.
        if self._recheck and not self._dirty:
            # An automation or script changed state: a run, or its
            # configuration replaced in place by a reload.
            self._recheck = False
            self._dirty = _macros(self._hass) != self._macros
        if custom_templates(self._hass) is not self._templates:
            self._dirty = True  # `custom_templates/` reloaded: its macros read anew.
        if not _same(_intents(self._hass), self._intents):
            self._dirty = True  # `intent_script` reloaded: text for Assist runs other actions.
        if not _same(_mqtt(self._hass), self._mqtt):
            self._dirty = True  # An MQTT entity announced again: other command topics.
        return self._dirty

    def _advance(self, budget: float | None) -> bool:
        """Build for `budget` seconds (None: to its end); return True once it ended.

        A build the house changed under starts again at once, in slices as
        at once: what it read of the house before is not read to its end
        (on a large house, the rest of a reading nobody can use).
        """
        deadline = None if budget is None else time.monotonic() + budget
        start = self._steps is None or self._dirty
        while True:
            try:
                if start:
                    start = False
                    self._start()
                assert self._steps is not None
                self._reading = True
                try:
                    self._context.run(next, self._steps)
                finally:
                    self._reading = False
            except StopIteration as done:
                self._steps = None
                self._publish(done.value)
                return True
            except Exception:  # The gate must fail closed: nothing is judged harmless.
                self._steps = None
                if self._dirty:
                    return True  # Read while it changed: read again where it is used.
                _LOGGER.exception("Home MCP could not read the house's configuration")
                self._publish(Snapshot.unreadable(self._hass))
                return True
            if deadline is not None and time.monotonic() >= deadline:
                return False

    def _start(self) -> None:
        if self._steps is not None:
            self._steps.close()
            self._steps = None
        self._dirty = self._recheck = False
        self._macros = _macros(self._hass)
        self._templates = custom_templates(self._hass)
        self._intents = _intents(self._hass)
        self._mqtt = _mqtt(self._hass)
        self._steps = snapshot_steps(self._hass, self._guarded, self._opening_actions)

    def _publish(self, snapshot: Snapshot) -> None:
        self._snapshot = snapshot
        self.builds += 1
        self._built(snapshot)

    def _built(self, snapshot: Snapshot) -> None:
        """Log each item the gate could not read, once; tell the listeners."""
        for entity_id, reason in sorted(snapshot.unreadable_items.items()):
            if entity_id not in self._logged:
                self._logged.add(entity_id)
                _LOGGER.warning(
                    "Home MCP cannot read %s (%s): running or changing it waits for a person",
                    entity_id,
                    reason,
                )
        for listener in list(self._listeners):
            try:
                listener(snapshot)
            except Exception:  # A listener never keeps the gate from reading the house.
                _LOGGER.exception("A listener of Home MCP's house index failed")

    @callback
    def async_mark_dirty(self, *_: Any) -> None:
        """Rebuild at the next use."""
        self._dirty = True

    @callback
    def _async_entity_registry_updated(
        self, event: Event[er.EventEntityRegistryUpdatedData]
    ) -> None:
        """Rebuild at the next use, unless the reading itself stored what it read.

        Asked whether an entity is exposed to Assist for the first time,
        Home Assistant stores the answer it gives in the entity's options
        (`async_should_expose`): the reading of a large house stores
        hundreds, and what it read is what was stored. Only that, an
        update of options alone while a step of the reading runs (the
        event is dispatched within it), is not a change of the house.
        """
        data = event.data
        if self._reading and data["action"] == "update" and set(data["changes"]) == {"options"}:
            return
        self._dirty = True

    @callback
    def _async_macro_changed(self, _event: Any) -> None:
        self._recheck = True

    @callback
    def async_start(self) -> CALLBACK_TYPE:
        """Follow the house's changes; return the function that stops it."""
        self._started = True
        bus = self._hass.bus
        stops: list[CALLBACK_TYPE] = [
            bus.async_listen(event, self.async_mark_dirty)
            for event in (*_RELOAD_EVENTS, *_REGISTRY_EVENTS)
        ]
        stops.append(
            bus.async_listen(er.EVENT_ENTITY_REGISTRY_UPDATED, self._async_entity_registry_updated)
        )
        stops.append(
            bus.async_listen(
                EVENT_STATE_CHANGED, self.async_mark_dirty, event_filter=_structural_change
            )
        )
        stops.append(
            bus.async_listen(
                EVENT_STATE_CHANGED, self._async_macro_changed, event_filter=_macro_changed
            )
        )
        stops.append(
            bus.async_listen(
                EVENT_CALL_SERVICE,
                self.async_mark_dirty,
                event_filter=_scene_call,
            )
        )
        stops.append(
            async_dispatcher_connect(self._hass, SIGNAL_CONFIG_ENTRY_CHANGED, self.async_mark_dirty)
        )
        if DATA_EXPOSED_ENTITIES in self._hass.data:
            # A person exposing an entity to Assist, or hiding it: one with no
            # registry entry is stored apart from the registry, with no event.
            stops.append(
                async_listen_entity_updates(self._hass, CONVERSATION_DOMAIN, self.async_mark_dirty)
            )

        @callback
        def stop() -> None:
            for unsubscribe in stops:
                unsubscribe()
            self._started = False
            if self._task is not None:
                self._task.cancel()

        return stop


def _macros(hass: HomeAssistant) -> tuple[tuple[str, int, int], ...]:
    """Return which automation and script objects, with which configurations, exist.

    A reload may replace a macro's configuration without removing its entity
    (its state only changes); comparing these identities tells a run apart.
    """
    components = hass.data.get(DATA_INSTANCES, {})
    return tuple(
        (entity.entity_id, id(entity), id(getattr(entity, "raw_config", None)))
        for domain in ("automation", "script")
        if (component := components.get(domain)) is not None
        for entity in component.entities
    )


def _intents(hass: HomeAssistant) -> tuple[Any, ...]:
    """Return the intent handlers there are (a reload of `intent_script` replaces its own).

    It fires no event: the handlers themselves are kept and compared, so
    that a new one is never taken for an old one at the same address.
    """
    return tuple(intent.async_get(hass))


def _mqtt(hass: HomeAssistant) -> tuple[Any, ...]:
    """Return each MQTT entity's configuration (`internals.MQTT_CONFIG`).

    A discovery message announcing an entity again replaces its
    configuration in place (its command topics among it), with no event.
    """
    return tuple(
        private_or(entity, MQTT_CONFIG, None)
        for platform in async_get_platforms(hass, "mqtt")
        for entity in platform.entities.values()
    )


def _same(now: tuple[Any, ...], read: tuple[Any, ...]) -> bool:
    return len(now) == len(read) and all(a is b for a, b in zip(now, read, strict=True))


@callback
def _macro_changed(data: EventStateChangedData) -> bool:
    """Return True for a state change of an automation or a script."""
    return data["entity_id"].startswith(("automation.", "script."))


@callback
def _scene_call(data: Mapping[str, Any]) -> bool:
    """Return True for `scene.create` or `scene.delete`: they change a scene in place."""
    return data.get("domain") == "scene" and data.get("service") in ("create", "delete")


_STRUCTURAL_ATTRIBUTES: Final = (ATTR_ENTITY_ID, "device_class", "options")
"""Attributes that change what an entity is to the gate: a group's members, a
cover's class, a select's options (what a template over them can be)."""


@callback
def _structural_change(data: EventStateChangedData) -> bool:
    """Return True for an entity added or removed, or a group's members, class or options changed."""
    old, new = data["old_state"], data["new_state"]
    if old is None or new is None:
        return True
    if old.attributes is new.attributes:
        return False
    return any(
        old.attributes.get(name) != new.attributes.get(name) for name in _STRUCTURAL_ATTRIBUTES
    )
