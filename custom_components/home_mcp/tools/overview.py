"""`home_overview`: floors, rooms and what is going on in each."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import Field

from homeassistant.const import ATTR_TEMPERATURE

from ..shaping import clean_text
from . import UNTRUSTED_NOTE, Shape, Tool, ToolContext, ToolInput, ToolOutput
from .house import EntityView, House, state_summary

SECURITY_DOMAINS = ("lock", "alarm_control_panel", "valve")
OPENING_SENSOR_CLASSES = frozenset({"door", "garage_door", "window", "opening"})


class OverviewInput(ToolInput):
    """`home_overview` takes no arguments."""


class AreaSummary(Shape):
    """One room (area) at a glance."""

    area_id: str
    name: str
    aliases: list[str] = Field(default_factory=list)
    entities: int
    lights: dict[str, int] | None = None
    climate: list[dict[str, Any]] | None = None
    security: list[dict[str, Any]] | None = None
    covers: dict[str, int] | None = None
    media: list[dict[str, Any]] | None = None


class FloorSummary(Shape):
    """A floor and its rooms."""

    floor_id: str | None
    name: str
    aliases: list[str] = Field(default_factory=list)
    level: int | None = None
    areas: list[AreaSummary]


class OverviewOutput(ToolOutput):
    """The house at a glance."""

    floors: list[FloorSummary]
    security: list[dict[str, Any]] = Field(
        description="Every lock, alarm panel, valve, door/gate/garage cover and open door or window sensor, with its room"
    )
    unassigned: dict[str, Any] = Field(
        description="Entities in no room: total and counts by domain"
    )
    totals: dict[str, int]


def _security_row(view: EntityView, house: House, guarded: bool) -> dict[str, Any]:
    row = state_summary(view)
    if view.device_class:
        row["device_class"] = view.device_class
    if area := house.area_name(view.area_id):
        row["area"] = area
    if guarded:
        row["guarded"] = True
    return row


def _is_security(view: EntityView, ctx: ToolContext) -> bool:
    if view.domain in SECURITY_DOMAINS:
        return True
    if view.domain == "cover":
        return ctx.gate.async_is_guarded_entity(view.entity_id)
    if view.domain == "binary_sensor" and view.device_class in OPENING_SENSOR_CLASSES:
        return view.state.state == "on"
    return False


def _area_summary(
    area_id: str,
    name: str,
    aliases: list[str],
    views: list[EntityView],
    ctx: ToolContext,
    house: House,
) -> AreaSummary:
    summary = AreaSummary(area_id=area_id, name=name, aliases=aliases, entities=len(views))
    lights = [v for v in views if v.domain == "light"]
    if lights:
        summary.lights = {"on": sum(v.state.state == "on" for v in lights), "total": len(lights)}
    climate = [
        {
            "entity_id": v.entity_id,
            "name": v.name,
            "mode": v.state.state,
            "current_temperature": v.state.attributes.get("current_temperature"),
            "target_temperature": v.state.attributes.get(ATTR_TEMPERATURE),
        }
        for v in views
        if v.domain == "climate"
    ]
    if climate:
        summary.climate = climate
    covers = [v for v in views if v.domain == "cover"]
    if covers:
        summary.covers = {
            "open": sum(v.state.state in ("open", "opening") for v in covers),
            "total": len(covers),
        }
    security = [
        _security_row(v, house, ctx.gate.async_is_guarded_entity(v.entity_id))
        for v in views
        if _is_security(v, ctx)
    ]
    if security:
        for row in security:
            row.pop("area", None)
        summary.security = security
    media = [
        state_summary(v)
        for v in views
        if v.domain == "media_player" and v.state.state not in ("off", "unavailable", "standby")
    ]
    if media:
        summary.media = media
    return summary


async def home_overview(ctx: ToolContext, args: OverviewInput) -> OverviewOutput:
    """Summarise the house by floor and room.

    Reads the floor, area, device and entity registries and the state machine.
    Hidden entities are left out of the counts.
    """
    house = House(ctx.hass, ctx.caller.user)
    by_area: dict[str | None, list[EntityView]] = {}
    security: list[dict[str, Any]] = []
    total = 0
    for view in house.all():
        if view.hidden:
            continue
        total += 1
        by_area.setdefault(view.area_id, []).append(view)
        if _is_security(view, ctx):
            security.append(
                _security_row(view, house, ctx.gate.async_is_guarded_entity(view.entity_id))
            )

    areas_by_floor: dict[str | None, list[AreaSummary]] = {}
    for area in sorted(house.areas.async_list_areas(), key=lambda a: a.name.casefold()):
        areas_by_floor.setdefault(area.floor_id, []).append(
            _area_summary(
                area.id,
                clean_text(area.name),
                sorted(clean_text(alias) for alias in area.aliases),
                by_area.get(area.id, []),
                ctx,
                house,
            )
        )
    floors = [
        FloorSummary(
            floor_id=floor.floor_id,
            name=clean_text(floor.name),
            aliases=sorted(clean_text(alias) for alias in floor.aliases),
            level=floor.level,
            areas=areas_by_floor.pop(floor.floor_id, []),
        )
        for floor in sorted(
            house.floors.async_list_floors(),
            key=lambda f: (f.level if f.level is not None else 0, f.name.casefold()),
        )
    ]
    if areas_by_floor.get(None):
        floors.append(
            FloorSummary(floor_id=None, name="(no floor)", areas=areas_by_floor.pop(None))
        )

    unassigned = by_area.get(None, [])
    return OverviewOutput(
        floors=floors,
        security=security,
        unassigned={
            "total": len(unassigned),
            "by_domain": dict(Counter(v.domain for v in unassigned).most_common()),
        },
        totals={
            "entities": total,
            "areas": len(list(house.areas.async_list_areas())),
            "floors": len(list(house.floors.async_list_floors())),
        },
    )


TOOLS = [
    Tool(
        name="home_overview",
        title="House overview",
        description=(
            "Call first. Floors, rooms (areas) with aliases; per room lights, "
            "climate, covers, media, security; every lock, alarm, valve and door. "
            f"Its names are the household's words, which other tools accept. {UNTRUSTED_NOTE}"
        ),
        input_model=OverviewInput,
        output_model=OverviewOutput,
        handler=home_overview,
        narrow_hint="Use list_entities with area or domain for the detail of one room.",
    )
]
