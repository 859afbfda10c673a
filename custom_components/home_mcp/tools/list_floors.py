"""`list_floors`: the floors, lowest level first, with their number of areas.

Read in-process from Home Assistant's floor and area registries; text from
the house passes through `clean_text`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..matching import fold
from ..shaping import clean_text, envelope
from . import PageOutput, Tool, ToolContext
from .house import House
from .rows import PagedInput


class ListFloorsInput(PagedInput):
    """`list_floors` takes only paging."""


class ListFloorsOutput(PageOutput):
    """Floors in the envelope, and how many areas are on no floor."""

    areas_without_floor: int


async def list_floors(ctx: ToolContext, args: ListFloorsInput) -> ListFloorsOutput:
    """List floors: `{floor_id, name, aliases, level, areas}`, lowest level first.

    Reads the floor and area registries. `areas` counts the floor's areas;
    `areas_without_floor` counts areas on none.
    """
    house = House(ctx.hass, ctx.caller.user)
    per_floor: Counter[str | None] = Counter(
        area.floor_id for area in house.areas.async_list_areas()
    )
    rows: list[dict[str, Any]] = [
        {
            "floor_id": floor.floor_id,
            "name": clean_text(floor.name),
            "aliases": sorted(clean_text(alias) for alias in floor.aliases),
            "level": floor.level,
            "areas": per_floor[floor.floor_id],
        }
        for floor in house.floors.async_list_floors()
    ]
    rows.sort(key=lambda row: (row["level"] is None, row["level"] or 0, fold(row["name"])))
    page = envelope(rows, offset=args.offset, limit=args.limit)
    hint = "This house has no floors; list_areas lists the rooms." if not rows else None
    return ListFloorsOutput(**page, hint=hint, areas_without_floor=per_floor[None])


TOOLS = [
    Tool(
        name="list_floors",
        title="List floors",
        description=("Floors: id, name, aliases, level, area count."),
        input_model=ListFloorsInput,
        output_model=ListFloorsOutput,
        handler=list_floors,
        narrow_hint="Page with offset/limit.",
    ),
]
