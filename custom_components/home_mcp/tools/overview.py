"""`home_overview`: floors, rooms and what is going on in each."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import Field

from homeassistant.const import ATTR_TEMPERATURE

from ..gate import Gate
from ..shaping import clean_text, encoded_size
from . import UNTRUSTED_NOTE, Shape, Tool, ToolContext, ToolInput, ToolOutput
from .house import EntityView, House, state_summary

SECURITY_DOMAINS = ("lock", "alarm_control_panel", "valve")
OPENING_SENSOR_CLASSES = frozenset({"door", "garage_door", "window", "opening"})
SECURE_STATES = frozenset(
    {
        "locked",
        "closed",
        "armed_away",
        "armed_home",
        "armed_night",
        "armed_vacation",
        "armed_custom_bypass",
        "off",
    }
)
"""States of a security entity that need no attention (a binary sensor `off` is closed)."""
SECURITY_HINT_BYTES = 512
"""Room kept in the budget for `security_omitted`, the hint and the envelope."""
ROOM_ROWS = (3, 1, 0)
"""Climate and media rows shown per room before they become counts: the
first that keeps the rooms within `ROOMS_SHARE` of the budget."""
ROOMS_SHARE = 0.6


class OverviewInput(ToolInput):
    """`home_overview` takes no arguments."""


class AreaSummary(Shape):
    """One room (area) at a glance.

    lights, covers, security: counts (`{on|open|not_secure, total}`); the
    security rows themselves are in the overview's `security` list.
    climate, media: a few rows (media: what plays; fewer in a big house,
    see `ROOM_ROWS`), then a count in `more`.
    """

    area_id: str
    name: str
    aliases: list[str] = Field(default_factory=list)
    entities: int
    lights: dict[str, int] | None = None
    climate: list[dict[str, Any]] | None = None
    covers: dict[str, int] | None = None
    security: dict[str, int] | None = None
    media: list[dict[str, Any]] | None = None
    more: dict[str, int] | None = None


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
        description="Locks, alarm panels, valves, door/gate/garage covers and open door or window sensors, with their room; those needing attention first"
    )
    security_omitted: int | None = None
    unassigned: dict[str, Any] = Field(
        description="Entities in no room: total and counts by domain"
    )
    totals: dict[str, int]
    hint: str | None = None


def security_row(view: EntityView, house: House, guarded: bool) -> dict[str, Any]:
    """Return a security entity's row: `{entity_id, name, state, device_class?, area?, guarded?}`."""
    row = state_summary(view)
    if view.device_class:
        row["device_class"] = view.device_class
    if area := house.area_name(view.area_id):
        row["area"] = area
    if guarded:
        row["guarded"] = True
    return row


def is_secure(view: EntityView) -> bool:
    """Return True when a security entity is locked, closed or armed."""
    return view.state.state in SECURE_STATES


def is_security(view: EntityView, gate: Gate) -> bool:
    """Return True for what the overview counts as security (`gate`: guarded covers)."""
    if view.domain in SECURITY_DOMAINS:
        return True
    if view.domain == "cover":
        return gate.async_is_guarded_entity(view.entity_id)
    if view.domain == "binary_sensor" and view.device_class in OPENING_SENSOR_CLASSES:
        return view.state.state == "on"
    return False


def area_summary(
    area_id: str,
    name: str,
    aliases: list[str],
    views: list[EntityView],
    gate: Gate,
    rows: int,
) -> AreaSummary:
    """Return one room's summary from its (non-hidden, readable) entities.

    `rows`: climate and media rows shown before they become counts in `more`;
    `gate` says which covers count as security.
    """
    summary = AreaSummary(area_id=area_id, name=name, aliases=aliases, entities=len(views))
    lights = [v for v in views if v.domain == "light"]
    if lights:
        summary.lights = {"on": sum(v.state.state == "on" for v in lights), "total": len(lights)}
    more: dict[str, int] = {}
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
        summary.climate = climate[:rows] or None
        if len(climate) > rows:
            more["climate"] = len(climate) - rows
    covers = [v for v in views if v.domain == "cover"]
    if covers:
        summary.covers = {
            "open": sum(v.state.state in ("open", "opening") for v in covers),
            "total": len(covers),
        }
    security = [v for v in views if is_security(v, gate)]
    if security:
        summary.security = {
            "not_secure": sum(not is_secure(v) for v in security),
            "total": len(security),
        }
    media = [
        state_summary(v)
        for v in views
        if v.domain == "media_player" and v.state.state not in ("off", "unavailable", "standby")
    ]
    if media:
        summary.media = media[:rows] or None
        if len(media) > rows:
            more["media"] = len(media) - rows
    summary.more = more or None
    return summary


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
    by_area: dict[str | None, list[EntityView]] = {}
    security: list[dict[str, Any]] = []
    total = 0
    for view in house.all():
        if view.hidden:
            continue
        total += 1
        by_area.setdefault(view.area_id, []).append(view)
        if is_security(view, ctx.gate):
            row = security_row(view, house, ctx.gate.async_is_guarded_entity(view.entity_id))
            row["_secure"] = is_secure(view)
            security.append(row)

    for rows in ROOM_ROWS:
        floors = _floors(house, by_area, ctx, rows)
        size = encoded_size([floor.model_dump(mode="json") for floor in floors])
        if size <= ctx.budget * ROOMS_SHARE:
            break

    unassigned = by_area.get(None, [])
    security.sort(key=lambda row: row.pop("_secure"))  # Stable: attention first.
    output = OverviewOutput(
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
    return _fit(output, ctx.budget)


def _floors(
    house: House, by_area: dict[str | None, list[EntityView]], ctx: ToolContext, rows: int
) -> list[FloorSummary]:
    """Return every floor with its rooms, `rows` climate and media rows per room."""
    areas_by_floor: dict[str | None, list[AreaSummary]] = {}
    for area in sorted(house.areas.async_list_areas(), key=lambda a: a.name.casefold()):
        areas_by_floor.setdefault(area.floor_id, []).append(
            area_summary(
                area.id,
                clean_text(area.name),
                sorted(clean_text(alias) for alias in area.aliases),
                by_area.get(area.id, []),
                ctx.gate,
                rows,
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
    return floors


def _fit(output: OverviewOutput, budget: int) -> OverviewOutput:
    """Drop security rows (secure ones last in the list go first) until the answer fits.

    The rooms are never cut: a model needs every room's name. Rows are
    removed from the end of `security`, where the locked, closed and armed
    ones are; `security_omitted` says how many, and the hint where to read
    them.
    """
    limit = budget - SECURITY_HINT_BYTES
    size = encoded_size(output.model_dump(mode="json"))
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
            f"Its names are the household's words, which other tools accept. {UNTRUSTED_NOTE}"
        ),
        input_model=OverviewInput,
        output_model=OverviewOutput,
        handler=home_overview,
        narrow_hint="Use list_entities with area or domain for the detail of one room.",
    )
]
