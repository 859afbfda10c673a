"""Change tracking: which changes in Home Assistant touch a followed resource.

Changes are tracked once per config entry, not per session, and only while
someone follows a resource: one `state_changed` listener (entity X marks
`ha://entity/X`, and `ha://area/<X's area>` when what the room's summary
shows of X changed) and one listener on the confirmations' dispatcher signal
(`approvals.SIGNAL_CONFIRMATIONS_UPDATED`). Each followed URI has a Home
Assistant `Debouncer(cooldown=1, immediate=True)`: the first change is sent
at once, later ones within the second are coalesced into one call at its end,
so a resource is announced at most once a second and its last change always
is (`delivery` sends it).
"""

from __future__ import annotations

from collections.abc import Callable
import logging
from typing import Any, Final

from homeassistant.const import EVENT_STATE_CHANGED
from homeassistant.core import (
    CALLBACK_TYPE,
    Event,
    EventStateChangedData,
    HomeAssistant,
    State,
    callback,
)
from homeassistant.helpers.debounce import Debouncer
from homeassistant.helpers.dispatcher import async_dispatcher_connect

from ..approvals import SIGNAL_CONFIRMATIONS_UPDATED, Confirmation
from ..gate import Gate
from ..tools.house import House
from ..tools.room_view import ROOM_ROWS, area_summary, security_rows
from .uris import AREA_PREFIX, CONFIRMATION_PREFIX, ENTITY_PREFIX, ResourceRef, parse_uri

_LOGGER = logging.getLogger(__name__)

NOTIFY_COOLDOWN: Final = 1.0
"""Seconds between two updates of one resource (bursts are coalesced, the last one kept)."""


class ChangeTracker:
    """The changes of one config entry's followed resources.

    hass: the running Home Assistant.
    gate: the entry's gate (which covers count as security in a room).
    deliver: called with a followed URI when it is to be announced (at most
        once a second per URI, the last change always).
    """

    def __init__(self, hass: HomeAssistant, *, gate: Gate, deliver: Callable[[str], None]) -> None:
        """Create the tracker; nothing listens until a URI is watched."""
        self._hass = hass
        self._gate = gate
        self._deliver = deliver
        # uri -> (what it names, its debouncer): the URIs someone follows.
        self._watched: dict[str, tuple[ResourceRef, Debouncer[None]]] = {}
        self._watched_areas: set[str] = set()
        self._unsub_states: CALLBACK_TYPE | None = None
        self._unsub_confirmations: CALLBACK_TYPE | None = None

    @property
    def followed(self) -> frozenset[str]:
        """Return the URIs watched now."""
        return frozenset(self._watched)

    @property
    def tracking(self) -> bool:
        """Return True while the tracker listens to state or confirmation changes."""
        return self._unsub_states is not None or self._unsub_confirmations is not None

    @callback
    def async_set_watched(self, uri: str, watched: bool) -> None:
        """Start or stop watching `uri` (`watched`: someone follows it now)."""
        current = self._watched.get(uri)
        if watched and current is None:
            self._watched[uri] = (parse_uri(uri), self._debouncer(uri))
        elif not watched and current is not None:
            del self._watched[uri]
            current[1].async_shutdown()
        else:
            return
        self._async_update_listeners()

    def _debouncer(self, uri: str) -> Debouncer[None]:
        @callback
        def deliver() -> None:
            self._deliver(uri)

        return Debouncer(
            self._hass, _LOGGER, cooldown=NOTIFY_COOLDOWN, immediate=True, function=deliver
        )

    @callback
    def _async_update_listeners(self) -> None:
        """Hold the state and confirmation listeners only while something is followed."""
        kinds = {ref.kind for ref, _ in self._watched.values()}
        self._watched_areas = {ref.key for ref, _ in self._watched.values() if ref.kind == "area"}
        wants_states = bool(kinds & {"entity", "area"})
        if wants_states and self._unsub_states is None:
            self._unsub_states = self._hass.bus.async_listen(
                EVENT_STATE_CHANGED, self._async_state_changed
            )
        elif not wants_states and self._unsub_states is not None:
            self._unsub_states()
            self._unsub_states = None
        wants_confirmations = "confirmation" in kinds
        if wants_confirmations and self._unsub_confirmations is None:
            self._unsub_confirmations = async_dispatcher_connect(
                self._hass, SIGNAL_CONFIRMATIONS_UPDATED, self._async_confirmation_changed
            )
        elif not wants_confirmations and self._unsub_confirmations is not None:
            self._unsub_confirmations()
            self._unsub_confirmations = None

    @callback
    def _async_mark(self, uri: str) -> None:
        """Note that `uri` changed; its debouncer decides when to announce it."""
        if (watched := self._watched.get(uri)) is not None:
            watched[1].async_schedule_call()

    @callback
    def _async_state_changed(self, event: Event[EventStateChangedData]) -> None:
        """Mark the entity and, if the room's summary shows the change, its room."""
        entity_id = event.data["entity_id"]
        self._async_mark(ENTITY_PREFIX + entity_id)
        if not self._watched_areas:
            return
        old, new = event.data["old_state"], event.data["new_state"]
        state = new or old
        if state is None:
            return
        house = House(self._hass)
        area_id = house.view(state).area_id
        if area_id is None or area_id not in self._watched_areas:
            return
        if self._room_part(house, old) != self._room_part(house, new):
            self._async_mark(AREA_PREFIX + area_id)

    def _room_part(self, house: House, state: State | None) -> Any:
        """Return what one entity in `state` adds to its room's resource.

        The room's summary (`room_view.area_summary`) and security rows built
        from this entity alone: two states of an entity that give the same
        part look the same in the room. Hidden entities add nothing.
        """
        if state is None:
            return None
        view = house.view(state)
        if view.hidden:
            return None
        summary = area_summary("", "", [], [view], self._gate.async_is_guarded_entity, ROOM_ROWS[0])
        rows = security_rows([view], house, self._gate.async_is_guarded_entity, in_room=True)
        return summary, rows

    @callback
    def _async_confirmation_changed(self, confirmation: Confirmation) -> None:
        self._async_mark(CONFIRMATION_PREFIX + confirmation.confirmation_id)

    @callback
    def async_close(self) -> None:
        """Stop every debouncer and listener (idempotent)."""
        for _ref, debouncer in self._watched.values():
            debouncer.async_shutdown()
        self._watched.clear()
        self._async_update_listeners()
