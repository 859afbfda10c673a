"""`list_areas`: the areas (rooms), with their floor and what is in them.

Read in-process from Home Assistant's area, floor, device and entity
registries and its state machine; text from the house passes through
`clean_text`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import Field

from homeassistant.helpers import device_registry as dr

from ..matching import fold
from ..shaping import clean_text, envelope
from . import Tool, ToolContext
from .arguments import Text
from .house import House
from .query import resolve_filter
from .rows import ListOutput, PagedInput, all_devices, floor_ref


def _entities_by_area(house: House) -> Counter[str]:
    """Count entities with a state per area (own area, else their device's)."""
    return Counter(view.area_id for view in house.all() if view.area_id)


def _devices_by_area(house: House) -> Counter[str]:
    counts: Counter[str] = Counter()
    for device in all_devices(house):
        if area_id := dr.async_get_effective_area_id(house.hass, device):
            counts[area_id] += 1
    return counts


class ListAreasInput(PagedInput):
    """Filters for `list_areas`."""

    floor: Text | None = Field(None, description="Floor id, name or alias")


async def list_areas(ctx: ToolContext, args: ListAreasInput) -> ListOutput:
    """List areas (rooms): `{area_id, name, aliases, floor_id, floor, entities, devices}`.

    Reads the area, floor, device and entity registries and the state
    machine. `entities` counts entities with a state in the area (as
    `list_entities` with `area` finds them); `devices` counts devices.
    Sorted by name.
    """
    house = House(ctx.hass, ctx.caller.user)
    floor_ids = resolve_filter(house, "floor", args.floor) if args.floor else None
    entities = _entities_by_area(house)
    devices = _devices_by_area(house)
    rows: list[dict[str, Any]] = []
    for area in house.areas.async_list_areas():
        if floor_ids is not None and area.floor_id not in floor_ids:
            continue
        floor = floor_ref(house, area.floor_id)
        rows.append(
            {
                "area_id": area.id,
                "name": clean_text(area.name),
                "aliases": sorted(clean_text(alias) for alias in area.aliases),
                "floor_id": area.floor_id,
                "floor": floor["name"] if floor is not None else None,
                "entities": entities[area.id],
                "devices": devices[area.id],
            }
        )
    rows.sort(key=lambda row: (fold(row["name"]), row["area_id"]))
    page = envelope(rows, offset=args.offset, limit=args.limit)
    hint = "This floor has no areas." if not rows and floor_ids else None
    return ListOutput(**page, hint=hint)


TOOLS = [
    Tool(
        name="list_areas",
        title="List areas",
        description=(
            "Areas (rooms): id, name, aliases, floor, entity and device counts; filter by floor."
        ),
        input_model=ListAreasInput,
        output_model=ListOutput,
        handler=list_areas,
        narrow_hint="Page with offset/limit, or pass floor.",
    ),
]
