"""`list_devices`: the devices, filtered by place, label, maker, integration or name.

Read in-process from Home Assistant's device, entity, area, floor and label
registries and its config entries; text from the house passes through
`clean_text`.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from homeassistant.helpers import device_registry as dr, entity_registry as er

from ..matching import Match, fold
from ..shaping import clean_text, envelope
from . import Tool, ToolContext
from .arguments import Text
from .house import House
from .query import resolve_filter
from .rows import (
    ListOutput,
    PagedInput,
    all_devices,
    device_integration,
    device_name,
    floor_of,
    is_own_device,
    main_device,
)


class ListDevicesInput(PagedInput):
    """Filters for `list_devices`; all optional, combined with AND."""

    area: Text | None = Field(None, description="Area id, name or alias")
    floor: Text | None = Field(None, description="Floor id, name or alias")
    label: Text | None = Field(None, description="Label id or name")
    manufacturer: str | None = Field(None, description="Part of its name", max_length=100)
    integration: str | None = Field(None, description="Domain, e.g. hue", max_length=100)
    query: Text | None = Field(None, description="Device names and models")


async def list_devices(ctx: ToolContext, args: ListDevicesInput) -> ListOutput:
    """List devices: `{device_id, name, manufacturer, model, area, entities}`.

    Reads the device, entity, area, floor and label registries and the
    config entries. `area` is the device's area (a child device's own, else
    its parent's); `entities` counts its enabled entities. A child device
    carries `parent`, a disabled one `disabled: true`. With `query`, rows
    are ranked by match score and carry `match`; otherwise sorted by name.
    """
    house = House(ctx.hass, ctx.caller.user)
    area_ids = resolve_filter(house, "area", args.area) if args.area else None
    floor_ids = resolve_filter(house, "floor", args.floor) if args.floor else None
    label_ids = resolve_filter(house, "label", args.label) if args.label else None
    manufacturer = fold(args.manufacturer) if args.manufacturer else None
    integration = fold(args.integration).replace(" ", "_") if args.integration else None
    matches = house.index.async_search_devices(args.query) if args.query else None
    if matches is None:
        devices = all_devices(house)
    else:
        devices = [
            d
            for device_id in matches
            if (d := house.devices.async_get(device_id)) and not is_own_device(house, d)
        ]
    found: list[tuple[tuple[float, str, str], dr.AnyDeviceEntry, str | None]] = []
    for device in devices:
        area_id = dr.async_get_effective_area_id(house.hass, device)
        if area_ids is not None and area_id not in area_ids:
            continue
        if floor_ids is not None and floor_of(house, area_id) not in floor_ids:
            continue
        if label_ids is not None and not label_ids & device.labels:
            continue
        main = main_device(house, device)
        maker = main.manufacturer if main is not None else None
        if manufacturer is not None and manufacturer not in fold(maker or ""):
            continue
        if integration is not None and device_integration(house, device) != integration:
            continue
        score = matches[device.id].score if matches is not None else 1.0
        found.append(((-score, fold(device_name(device)), device.id), device, area_id))
    found.sort(key=lambda item: item[0])
    page = envelope(
        [
            _row(house, device, area_id, matches)
            for _, device, area_id in found[args.offset : args.offset + args.limit]
        ],
        offset=args.offset,
        limit=args.limit,
        total=len(found),
    )
    hint = None
    if not found:
        hint = "Nothing matched every filter. Drop a filter or check spelling."
        if integration is not None:
            known = sorted(
                {domain for dev in all_devices(house) if (domain := device_integration(house, dev))}
            )
            hint += f" Integrations with devices: {', '.join(known[:30]) or 'none'}."
    elif matches is not None and all(matches[device.id].weak for _, device, _ in found):
        hint = "Only weak matches: check the name with the person."
    return ListOutput(**page, hint=hint)


def _row(
    house: House, device: dr.AnyDeviceEntry, area_id: str | None, matches: dict[str, Match] | None
) -> dict[str, Any]:
    """Return one device's row (and how the query matched it)."""
    main = main_device(house, device)
    maker = main.manufacturer if main is not None else None
    model = main.model if main is not None else None
    row: dict[str, Any] = {"device_id": device.id, "name": device_name(device)}
    if maker:
        row["manufacturer"] = clean_text(maker)
    if model:
        row["model"] = clean_text(model)
    if area := house.area_name(area_id):
        row["area"] = area
    row["entities"] = len(
        er.async_entries_for_device(house.entities, device.id, include_disabled_entities=False)
    )
    if main is not None and main is not device:
        row["parent"] = device_name(main)
    if device.disabled_by is not None:
        row["disabled"] = True
    if matches is not None:
        match = matches[device.id]
        row["match"] = {"score": match.score, "field": match.field, "weak": match.weak}
    return row


TOOLS = [
    Tool(
        name="list_devices",
        title="List devices",
        description=(
            "Devices by area, floor, label, manufacturer, integration or query: id, "
            "name, model, area, entity count."
        ),
        input_model=ListDevicesInput,
        output_model=ListOutput,
        handler=list_devices,
        narrow_hint="Page with offset/limit, or add area, integration or query.",
    ),
]
