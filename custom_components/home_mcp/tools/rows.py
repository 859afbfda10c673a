"""The rows and list shapes the registry tools share.

`area_ref`, `floor_ref` and `device_info` are the references and the device
row that `get_entity`, `list_areas` and `list_devices` show; `PagedInput`
and `ListOutput` are the paging and envelope of the lists. Everything is
read in-process from Home Assistant's device, area and floor registries and
its config entries; text from the house passes through `clean_text`.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import Field

from homeassistant.helpers import device_registry as dr

from ..const import DOMAIN
from ..shaping import clean_text
from . import PageOutput, ToolInput
from .house import House

DEFAULT_LIMIT: Final = 50
MAX_LIMIT: Final = 200


def area_ref(house: House, area_id: str | None) -> dict[str, Any] | None:
    """Return `{area_id, name}` of an area (area registry), or None."""
    area = house.areas.async_get_area(area_id) if area_id else None
    return {"area_id": area.id, "name": clean_text(area.name)} if area is not None else None


def floor_ref(house: House, floor_id: str | None) -> dict[str, Any] | None:
    """Return `{floor_id, name}` of a floor (floor registry), or None."""
    floor = house.floors.async_get_floor(floor_id) if floor_id else None
    if floor is None:
        return None
    return {"floor_id": floor.floor_id, "name": clean_text(floor.name)}


def floor_of(house: House, area_id: str | None) -> str | None:
    """Return the floor id of an area (area registry), or None."""
    area = house.areas.async_get_area(area_id) if area_id else None
    return area.floor_id if area is not None else None


def optional_text(value: str | None) -> str | None:
    """Return `value` cleaned, or None when it is empty."""
    return clean_text(value) if value else None


def device_name(device: dr.AnyDeviceEntry) -> str:
    """Return the name a person gave a device, else the integration's, cleaned."""
    return clean_text(device.name_by_user or device.name or "") or device.id


def main_device(house: House, device: dr.AnyDeviceEntry) -> dr.DeviceEntry | None:
    """Return `device` itself, or the parent of a child device."""
    if isinstance(device, dr.DeviceEntry):
        return device
    return house.devices.async_get(device.parent_device_id, include_child_devices=False)


def all_devices(house: House) -> list[dr.AnyDeviceEntry]:
    """Return every device, child devices included (device registry), but Home MCP's own.

    Home MCP's service device holds its entities (pending approvals,
    decisions): like them, never shown to an MCP caller (`is_own_device`).
    """
    devices: list[dr.AnyDeviceEntry] = list(house.devices.devices)
    devices.extend(house.devices.child_devices)
    return [device for device in devices if not is_own_device(house, device)]


def is_own_device(house: House, device: dr.AnyDeviceEntry) -> bool:
    """Return True for Home MCP's own service device."""
    return device_integration(house, device) == DOMAIN


def device_integration(house: House, device: dr.AnyDeviceEntry) -> str | None:
    """Return the domain of the integration that set up `device` (config entries)."""
    entry = house.hass.config_entries.async_get_entry(device.config_entry_id)
    return entry.domain if entry is not None else None


def device_info(house: House, device: dr.AnyDeviceEntry) -> dict[str, Any]:
    """Return `{device_id, name, manufacturer, model, area, integration[, parent]}`.

    Reads the device and area registries and the config entries. A child
    device reports its parent's manufacturer and model and `parent`
    (`{device_id, name}`); its area is its own, else its parent's.
    """
    main = main_device(house, device)
    info: dict[str, Any] = {
        "device_id": device.id,
        "name": device_name(device),
        "manufacturer": optional_text(main.manufacturer) if main is not None else None,
        "model": optional_text(main.model) if main is not None else None,
        "area": area_ref(house, dr.async_get_effective_area_id(house.hass, device)),
        "integration": device_integration(house, device),
    }
    if main is not None and main is not device:
        info["parent"] = {"device_id": main.id, "name": device_name(main)}
    if device.disabled_by is not None:
        info["disabled_by"] = str(device.disabled_by)
    return info


class ListOutput(PageOutput):
    """Rows in the standard envelope, with a hint when nothing matched."""

    hint: str | None = None


class PagedInput(ToolInput):
    """Paging arguments every list takes."""

    offset: int = Field(0, ge=0)
    limit: int = Field(DEFAULT_LIMIT, ge=1, le=MAX_LIMIT)
