"""The room view: one room's summary and security rows, as `home_overview` shows them.

Written once for the two places that show a room: the `home_overview` tool
(every room of the house, `tools/overview.py`) and the `ha://area/{area_id}`
resource (one room, `resources/reads.py`), whose room is the overview's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NotRequired, TypedDict

from homeassistant.const import ATTR_TEMPERATURE
from homeassistant.helpers.area_registry import AreaEntry

from ..shaping import clean_text
from .entity_index import SECURITY_DOMAINS
from .house import EntityView, House, state_summary

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
COVER_OPEN_STATES = frozenset({"open", "opening"})
MEDIA_IDLE_STATES = frozenset({"off", "unavailable", "standby"})
"""Media players in these states play nothing: a room's `media` rows leave them out."""
type Guarded = Callable[[str], bool]
"""The gate's `guarded` flag of an entity id (`Gate.async_is_guarded_entity`)."""
ROOM_ROWS = (3, 1, 0)
"""Climate and media rows shown per room before they become counts: the
first that keeps the rooms within `overview.ROOMS_SHARE` of the budget."""


class AreaSummary(TypedDict):
    """One room (area) at a glance, as JSON.

    lights, covers, security: counts (`{on|open|not_secure, total}`); the
    security rows themselves are in the overview's `security` list.
    climate, media: a few rows (media: what plays; fewer in a big house,
    see `ROOM_ROWS`), then a count in `more`. A key with nothing to say is
    left out.
    """

    area_id: str
    name: str
    aliases: list[str]
    entities: int
    lights: NotRequired[dict[str, int]]
    climate: NotRequired[list[dict[str, Any]]]
    covers: NotRequired[dict[str, int]]
    security: NotRequired[dict[str, int]]
    media: NotRequired[list[dict[str, Any]]]
    more: NotRequired[dict[str, int]]


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


def is_security(view: EntityView, guarded: Guarded) -> bool:
    """Return True for what the overview counts as security (`guarded`: the gate's covers)."""
    if view.domain in SECURITY_DOMAINS:
        return True
    if view.domain == "cover":
        return guarded(view.entity_id)
    if view.domain == "binary_sensor" and view.device_class in OPENING_SENSOR_CLASSES:
        return view.state.state == "on"
    return False


def security_rows(
    views: list[EntityView], house: House, guarded: Guarded, *, in_room: bool = False
) -> list[dict[str, Any]]:
    """Return the rows of the security entities among `views`, those needing attention first.

    Attention first: unlocked, open, disarmed, jammed or unknown before
    locked, closed or armed; otherwise in the order of `views`. `in_room`:
    the rows are shown inside their room, so they leave out `area`.
    """
    security: list[tuple[bool, dict[str, Any]]] = []
    for view in views:
        if is_security(view, guarded):
            row = security_row(view, house, guarded(view.entity_id))
            if in_room:
                row.pop("area", None)  # It is this room.
            security.append((is_secure(view), row))
    security.sort(key=lambda item: item[0])  # Stable: attention first.
    return [row for _, row in security]


def area_summary(
    area_id: str,
    name: str,
    aliases: list[str],
    views: list[EntityView],
    guarded: Guarded,
    rows: int,
    security: list[EntityView] | None = None,
    entities: int | None = None,
) -> AreaSummary:
    """Return one room's summary from its (non-hidden, readable) entities.

    `views`: the room's entities, or only those of `SUMMARY_DOMAINS` with
    `entities` saying how many it has; `rows`: climate and media rows shown
    before they become counts in `more`; `guarded` (the gate's answer) says
    which covers count as security; `security`: the room's security
    entities, when the caller has them. One pass over `views`.
    """
    lights = lights_on = covers = covers_open = 0
    climate: list[dict[str, Any]] = []
    media: list[dict[str, Any]] = []
    for view in views:
        domain = view.domain
        state = view.state.state
        if domain == "light":
            lights += 1
            lights_on += state == "on"
        elif domain == "cover":
            covers += 1
            covers_open += state in COVER_OPEN_STATES
        elif domain == "climate":
            attributes = view.state.attributes
            climate.append(
                {
                    "entity_id": view.entity_id,
                    "name": view.name,
                    "mode": state,
                    "current_temperature": attributes.get("current_temperature"),
                    "target_temperature": attributes.get(ATTR_TEMPERATURE),
                }
            )
        elif domain == "media_player" and state not in MEDIA_IDLE_STATES:
            media.append(state_summary(view))
    summary = AreaSummary(
        area_id=area_id,
        name=name,
        aliases=aliases,
        entities=len(views) if entities is None else entities,
    )
    if lights:
        summary["lights"] = {"on": lights_on, "total": lights}
    more: dict[str, int] = {}
    if climate:
        if rows:
            summary["climate"] = climate[:rows]
        if len(climate) > rows:
            more["climate"] = len(climate) - rows
    if covers:
        summary["covers"] = {"open": covers_open, "total": covers}
    if security is None:
        security = [v for v in views if is_security(v, guarded)]
    if security:
        summary["security"] = {
            "not_secure": sum(not is_secure(v) for v in security),
            "total": len(security),
        }
    if media:
        if rows:
            summary["media"] = media[:rows]
        if len(media) > rows:
            more["media"] = len(media) - rows
    if more:
        summary["more"] = more
    return summary


def with_rows(summary: AreaSummary, rows: int) -> AreaSummary:
    """Return `summary` (built with every row) with `rows` climate and media rows.

    The rows left out are counted in `more`.
    """
    climate, media = summary.get("climate") or [], summary.get("media") or []
    if len(climate) <= rows and len(media) <= rows:
        return summary
    trimmed = summary.copy()
    more = dict(summary.get("more") or {})
    if len(climate) > rows:
        more["climate"] = more.get("climate", 0) + len(climate) - rows
        if rows:
            trimmed["climate"] = climate[:rows]
        else:
            trimmed.pop("climate", None)
    if len(media) > rows:
        more["media"] = more.get("media", 0) + len(media) - rows
        if rows:
            trimmed["media"] = media[:rows]
        else:
            trimmed.pop("media", None)
    trimmed.pop("more", None)  # Last, as in every summary.
    trimmed["more"] = more
    return trimmed


def room_summary(
    area: AreaEntry,
    views: list[EntityView],
    guarded: Guarded,
    rows: int,
    security: list[EntityView] | None = None,
    entities: int | None = None,
) -> AreaSummary:
    """Return the summary of the room `area` (its name and aliases cleaned) from `views`.

    `views`: the room's non-hidden entities the caller may read; the rest as
    for `area_summary`.
    """
    return area_summary(
        area.id,
        clean_text(area.name),
        sorted(clean_text(alias) for alias in area.aliases),
        views,
        guarded,
        rows,
        security,
        entities,
    )
