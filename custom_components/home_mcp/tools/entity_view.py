"""One entity as the read tools see it: its state with what the registries know about it.

`EntityView` is what `House` and the `EntityIndex` hand the tools: the
state, the registry entry and device, the effective area and its floor,
the person's aliases and labels, and the names a query is matched against
(`search_fields`); `device_search_fields` are a device's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from homeassistant.const import ATTR_DEVICE_CLASS
from homeassistant.core import State, split_entity_id
from homeassistant.helpers import device_registry as dr, entity_registry as er

from ..shaping import clean_text


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

    def with_state(self, state: State) -> EntityView:
        """Return this view with a newer state of the same entity (the registries unchanged)."""
        name = self.name if state.name == self.state.name else clean_text(state.name)
        return EntityView(
            self.entity_id,
            self.domain,
            name,
            state,
            self.entry,
            self.device,
            self.area_id,
            self.floor_id,
            self.aliases,
            self.labels,
        )


def device_search_fields(
    devices: dr.DeviceRegistry, device: dr.AnyDeviceEntry
) -> list[tuple[str, str | None]]:
    """Return the `(field, value)` pairs a device query is matched against.

    The name a person gave it, the integration's name, and the model (a
    child device's parent's).
    """
    main = (
        device
        if isinstance(device, dr.DeviceEntry)
        else devices.async_get(device.parent_device_id, include_child_devices=False)
    )
    model = main.model if main is not None else None
    return [("name", device.name_by_user), ("name", device.name), ("model", model)]
