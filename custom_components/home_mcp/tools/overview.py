"""`home_overview`: floors, rooms and what is going on in each."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any, NotRequired, TypedDict, cast

from pydantic import Field

from homeassistant.core import split_entity_id

from ..shaping import clean_text, encoded_size
from . import UNTRUSTED_NOTE, Tool, ToolContext, ToolInput, ToolOutput
from .entity_index import SUMMARY_DOMAINS
from .house import EntityView, House
from .room_view import (
    ROOM_ROWS,
    AreaSummary,
    Guarded,
    is_security,
    room_summary,
    security_rows,
    with_rows,
)

SECURITY_HINT_BYTES = 512
"""Room kept in the budget for `security_omitted`, the hint and the envelope."""
ROOMS_SHARE = 0.6
EVERY_ROW = 1_000_000


class OverviewInput(ToolInput):
    """`home_overview` takes no arguments."""


class FloorSummary(TypedDict):
    """A floor and its rooms, as JSON (`floor_id` None: the rooms on no floor)."""

    floor_id: str | None
    name: str
    aliases: list[str]
    level: NotRequired[int]
    areas: list[AreaSummary]


class OverviewOutput(ToolOutput):
    """The house at a glance."""

    floors: list[dict[str, Any]] = Field(description="FloorSummary rows")
    security: list[dict[str, Any]] = Field(
        description="Locks, alarm panels, valves, door/gate/garage covers and open door or window sensors, with their room; those needing attention first"
    )
    security_omitted: int | None = None
    unassigned: dict[str, Any] = Field(
        description="Entities in no room: total and counts by domain"
    )
    totals: dict[str, int]
    hint: str | None = None


async def home_overview(ctx: ToolContext, args: OverviewInput) -> OverviewOutput:
    """Summarise the house by floor and room.

    Reads the floor, area, device and entity registries and the state machine.
    Hidden entities are left out of the counts. Every floor and room is
    always there (they are the household's vocabulary); the `security` list
    puts what needs attention (unlocked, open, disarmed, jammed, unknown)
    first and, in a house too big for the response budget, keeps only as
    many rows as fit, saying how many it left out (`security_omitted`).
    """
    house = House(ctx.hass, ctx.caller.user)
    guarded = cache(ctx.gate.async_is_guarded_entity)  # Asked again for its row.
    members = _members(house)
    security: list[EntityView] = []
    security_by_area: dict[str | None, list[EntityView]] = {}
    for area_id, views in members.watched.items():
        for view in views:
            if is_security(view, guarded):
                security.append(view)
                security_by_area.setdefault(area_id, []).append(view)
    security.sort(key=lambda view: view.entity_id)
    rooms = _floors(house, members, security_by_area, guarded)
    for rows in ROOM_ROWS:
        floors = [
            {**floor, "areas": [with_rows(area, rows) for area in floor["areas"]]}
            for floor in rooms
        ]
        floors_size = encoded_size(floors)
        if floors_size <= ctx.budget * ROOMS_SHARE:
            break

    unassigned = members.ids.get(None, [])
    output = OverviewOutput(
        floors=floors,
        security=security_rows(security, house, guarded),
        unassigned={
            "total": len(unassigned),
            "by_domain": dict(Counter(split_entity_id(e)[0] for e in unassigned).most_common()),
        },
        totals={
            "entities": sum(len(ids) for ids in members.ids.values()),
            "areas": len(list(house.areas.async_list_areas())),
            "floors": len(list(house.floors.async_list_floors())),
        },
    )
    return _fit(output, ctx.budget, floors_size)


@dataclass(slots=True)
class _Members:
    """The visible entities the caller may read, by area: all ids, and the views summarised."""

    ids: dict[str | None, list[str]]
    watched: dict[str | None, list[EntityView]]


def _members(house: House) -> _Members:
    """Return the visible entities by area (from the entity index when the caller reads all)."""
    rooms = house.index.async_rooms(SUMMARY_DOMAINS)
    get_state = house.hass.states.get
    ids: dict[str | None, list[str]] = {}
    watched: dict[str | None, list[EntityView]] = {}
    for area_id, members in rooms.members.items():
        readable = house.readable_ids(members)
        if readable:
            ids[area_id] = readable
    for area_id, members in rooms.watched.items():
        views = [
            house.view(state)
            for entity_id in house.readable_ids(members)
            if (state := get_state(entity_id)) is not None
        ]
        if views:
            watched[area_id] = views
    return _Members(ids, watched)


def _floors(
    house: House,
    members: _Members,
    security: dict[str | None, list[EntityView]],
    guarded: Guarded,
) -> list[FloorSummary]:
    """Return every floor with its rooms, all their rows."""
    areas_by_floor: dict[str | None, list[AreaSummary]] = {}
    for area in sorted(house.areas.async_list_areas(), key=lambda a: a.name.casefold()):
        areas_by_floor.setdefault(area.floor_id, []).append(
            room_summary(
                area,
                members.watched.get(area.id, []),
                guarded,
                EVERY_ROW,
                security.get(area.id, []),
                entities=len(members.ids.get(area.id, ())),
            )
        )
    floors: list[FloorSummary] = []
    for floor in sorted(
        house.floors.async_list_floors(),
        key=lambda f: (f.level if f.level is not None else 0, f.name.casefold()),
    ):
        level = {} if floor.level is None else {"level": floor.level}
        summary = {
            "floor_id": floor.floor_id,
            "name": clean_text(floor.name),
            "aliases": sorted(clean_text(alias) for alias in floor.aliases),
            **level,
            "areas": areas_by_floor.pop(floor.floor_id, []),
        }
        floors.append(cast("FloorSummary", summary))
    if areas_by_floor.get(None):
        floors.append(
            FloorSummary(
                floor_id=None, name="(no floor)", aliases=[], areas=areas_by_floor.pop(None)
            )
        )
    return floors


def _fit(output: OverviewOutput, budget: int, floors_size: int) -> OverviewOutput:
    """Drop security rows (secure ones last in the list go first) until the answer fits.

    The rooms are never cut: a model needs every room's name. Rows are
    removed from the end of `security`, where the locked, closed and armed
    ones are; `security_omitted` says how many, and the hint where to read
    them. `floors_size`: the encoded size of `floors`, already measured.
    """
    limit = budget - SECURITY_HINT_BYTES
    rest = encoded_size(output.model_dump(mode="json", exclude={"floors"}))
    size = rest + len(',"floors":') + floors_size
    if size <= limit:
        return output
    rows = output.security
    room = limit - (size - encoded_size(rows))  # What the rest leaves for the list.
    keep = used = 0
    for row in rows:
        used += encoded_size(row) + 1
        if used > room:
            break
        keep += 1
    output.security_omitted = len(rows) - keep
    output.security = rows[:keep]
    output.hint = (
        f"{output.security_omitted} security entities (locked, closed or armed ones first) "
        "are left out: list_entities with domain lock, cover, valve or "
        "alarm_control_panel lists them."
    )
    return output


TOOLS = [
    Tool(
        name="home_overview",
        title="House overview",
        description=(
            "Call first. Floors, rooms (areas) with aliases; per room lights, "
            "climate, covers, media, security; every lock, alarm, valve and door. "
            f"{UNTRUSTED_NOTE}"
        ),
        input_model=OverviewInput,
        output_model=OverviewOutput,
        handler=home_overview,
        narrow_hint="Use list_entities with area or domain for the detail of one room.",
    )
]
