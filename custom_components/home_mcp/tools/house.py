"""The house as the read tools see it: entities with their room, floor and names.

`House` reads Home Assistant in-process, once per tool call: the state
machine (`hass.states`) and the entity, device, area, floor and label
registries. Nothing here goes through REST or WebSocket.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from homeassistant.auth.models import User
from homeassistant.auth.permissions.const import POLICY_READ
from homeassistant.const import ATTR_DEVICE_CLASS
from homeassistant.core import HomeAssistant, State, split_entity_id
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    label_registry as lr,
)

from ..matching import Match, best_match
from ..shaping import clean_text
from . import ToolError


@dataclass(frozen=True, slots=True)
class EntityView:
    """One entity with what the registries know about it.

    name: the friendly name Home Assistant shows (registry name, else the
        integration's name), cleaned of control characters and capped.
    aliases: registry aliases, each a separate value.
    area_id: the entity's own area, else its device's (a child device's own,
        else its parent's): Home Assistant's effective area.
    """

    entity_id: str
    domain: str
    name: str
    state: State
    entry: er.RegistryEntry | None
    device: dr.BaseDeviceEntry | None
    area_id: str | None
    floor_id: str | None
    aliases: tuple[str, ...]
    labels: tuple[str, ...]

    @property
    def device_class(self) -> str | None:
        """Return the device class from the state attributes or the registry."""
        value = self.state.attributes.get(ATTR_DEVICE_CLASS)
        if value is None and self.entry is not None:
            value = self.entry.device_class or self.entry.original_device_class
        return str(value) if value is not None else None

    @property
    def hidden(self) -> bool:
        """Return True if the person hid the entity in Home Assistant."""
        return self.entry is not None and self.entry.hidden_by is not None

    def search_fields(self) -> Iterator[tuple[str, str | None]]:
        """Yield `(field, value)` pairs a name query is matched against."""
        yield "name", self.name
        yield "entity_id", self.entity_id
        yield "object_id", split_entity_id(self.entity_id)[1].replace("_", " ")
        if self.entry is not None and self.entry.original_name:
            yield "original_name", self.entry.original_name
        for alias in self.aliases:
            yield "alias", alias
        if self.device is not None:
            yield "device", self.device.name_by_user or self.device.name


def readable(user: User | None) -> Callable[[str], bool]:
    """Return a test of whether `user` may read an entity (Home Assistant's policy).

    Administrators and users whose policy grants every entity (the default
    for Home Assistant's user and read-only groups) read everything; a
    custom policy is checked entity by entity (`PermissionLookup`).
    """
    if user is None or user.is_admin or user.permissions.access_all_entities(POLICY_READ):
        return lambda _entity_id: True
    return lambda entity_id: user.permissions.check_entity(entity_id, POLICY_READ)


class House:
    """A read-only view of the registries and states for one tool call.

    user: the caller's Home Assistant user; entities their permissions do
        not let them read are left out, as Home Assistant's own APIs do.
    """

    def __init__(self, hass: HomeAssistant, user: User | None = None) -> None:
        """Take the registries of `hass`, seen by `user`."""
        self.hass = hass
        self.readable = readable(user)
        self.entities = er.async_get(hass)
        self.devices = dr.async_get(hass)
        self.areas = ar.async_get(hass)
        self.floors = fr.async_get(hass)
        self.labels = lr.async_get(hass)

    def view(self, state: State) -> EntityView:
        """Return the `EntityView` of a state."""
        entry = self.entities.async_get(state.entity_id)
        device = (
            self.devices.async_get(entry.device_id)
            if entry is not None and entry.device_id
            else None
        )
        area_id = entry.area_id if entry is not None else None
        if area_id is None and device is not None:
            # A child device without an area of its own is in its parent's.
            area_id = dr.async_get_effective_area_id(self.hass, device)
        area = self.areas.async_get_area(area_id) if area_id else None
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

    def get(self, entity_id: str) -> EntityView | None:
        """Return the view of one entity, or None if it has no state or is not readable."""
        state = self.hass.states.get(entity_id)
        if state is None or not self.readable(entity_id):
            return None
        return self.view(state)

    def all(self, domain: str | None = None) -> Iterator[EntityView]:
        """Yield every readable entity that has a state (of `domain`), in entity id order."""
        states = self.hass.states.async_all(domain) if domain else self.hass.states.async_all()
        for state in sorted(states, key=lambda s: s.entity_id):
            if self.readable(state.entity_id):
                yield self.view(state)

    def area_name(self, area_id: str | None) -> str | None:
        """Return the name of an area id, cleaned, or None."""
        area = self.areas.async_get_area(area_id) if area_id else None
        return clean_text(area.name) if area is not None else None

    def resolve_area(self, value: str) -> list[str]:
        """Return the area ids `value` names.

        An exact area id means that area only. Otherwise names and aliases are
        matched (accent-, case- and width-insensitive); every area sharing the
        best strong score is returned, so two areas sharing an alias come back
        together and the caller can refuse to guess. Raises `ToolError`
        (`not_found`) when nothing matches.
        """
        if self.areas.async_get_area(value) is not None:
            return [value]
        candidates = [
            (area.id, best_match(value, _named(area.name, area.aliases)))
            for area in self.areas.async_list_areas()
        ]
        return _best_ids(value, "area", candidates, [a.name for a in self.areas.async_list_areas()])

    def resolve_floor(self, value: str) -> list[str]:
        """Return the floor ids `value` names (id, name or alias); see `resolve_area`."""
        if self.floors.async_get_floor(value) is not None:
            return [value]
        floors = list(self.floors.async_list_floors())
        candidates = [
            (floor.floor_id, best_match(value, _named(floor.name, floor.aliases)))
            for floor in floors
        ]
        return _best_ids(value, "floor", candidates, [f.name for f in floors])

    def resolve_label(self, value: str) -> list[str]:
        """Return the label ids `value` names (id or name); see `resolve_area`."""
        if self.labels.async_get_label(value) is not None:
            return [value]
        labels = list(self.labels.async_list_labels())
        candidates = [
            (label.label_id, best_match(value, [("name", label.name)])) for label in labels
        ]
        return _best_ids(value, "label", candidates, [label.name for label in labels])


def _named(name: str, aliases: set[str]) -> list[tuple[str, str | None]]:
    return [("name", name), *(("alias", alias) for alias in sorted(aliases))]


def _best_ids(
    value: str, kind: str, candidates: list[tuple[str, Match | None]], known: list[str]
) -> list[str]:
    scored = [(ident, match) for ident, match in candidates if match is not None and not match.weak]
    if not scored:
        names = ", ".join(sorted(clean_text(name) for name in known)[:30])
        raise ToolError(
            "not_found",
            f"No {kind} is called {clean_text(value)!r}",
            f"Known {kind}s: {names}" if names else f"This house has no {kind}s",
        )
    top = max(match.score for _, match in scored)
    return [ident for ident, match in scored if match.score == top]


def state_summary(view: EntityView) -> dict[str, Any]:
    """Return the minimal row a list shows for an entity."""
    return {
        "entity_id": view.entity_id,
        "name": view.name,
        "state": view.state.state,
    }
