"""`completion/complete`: values for resource-template and prompt arguments.

Clients offer these while a person types a resource URI (`ha://entity/…`,
`ha://area/…`, `ha://confirmation/…`) or a prompt's argument. The values
come from the same places the tools read: entity ids from the entities'
index (those starting with what was typed, else those whose names, aliases
or ids match it, as `list_entities {query}` finds them), areas from the area
registry (id, name or alias), confirmations the same credential asked for.
Only what the caller may read is offered.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from typing import Final

import mcp_types as types

from homeassistant.core import HomeAssistant

from .approvals import ConfirmationManager
from .caller import Caller
from .matching import STRONG, best_match
from .resources.uris import AREA_PREFIX, CONFIRMATION_PREFIX, ENTITY_PREFIX
from .tools.house import House

MAX_VALUES: Final = 100
"""The most values one answer carries (the specification's limit)."""
AREA_ARGUMENTS: Final = frozenset({"area", "area_id"})


def async_complete(
    hass: HomeAssistant,
    caller: Caller,
    confirmations: ConfirmationManager,
    params: types.CompleteRequestParams,
) -> types.CompleteResult:
    """Return the completions of one argument (none for what Home MCP does not know)."""
    ref, name = params.ref, params.argument.name
    typed = params.argument.value[:200]
    values: list[str] = []
    if isinstance(ref, types.ResourceTemplateReference):
        if ref.uri == f"{ENTITY_PREFIX}{{entity_id}}" and name == "entity_id":
            values = _entities(House(hass, caller.user), typed)
        elif ref.uri == f"{AREA_PREFIX}{{area_id}}" and name == "area_id":
            values = _areas(House(hass, caller.user), typed)
        elif ref.uri == f"{CONFIRMATION_PREFIX}{{confirmation_id}}" and name == "confirmation_id":
            values = sorted(
                c.confirmation_id
                for c in confirmations.async_list()
                if c.requester.credential_id == caller.credential_id
                and c.confirmation_id.startswith(typed.strip())
            )
    elif name in AREA_ARGUMENTS:  # A prompt's room.
        values = _areas(House(hass, caller.user), typed)
    return types.CompleteResult(
        completion=types.Completion(
            values=values[:MAX_VALUES],
            total=len(values),
            has_more=len(values) > MAX_VALUES,
        )
    )


def _entities(house: House, typed: str) -> list[str]:
    """Entity ids starting with `typed`; else those `typed` names (best first)."""
    ids = house.index.async_entity_ids()
    prefix = typed.strip().lower()
    start = bisect_left(ids, prefix)
    found: list[str] = []
    for entity_id in ids[start:]:
        if not entity_id.startswith(prefix):
            break
        found.append(entity_id)
    found = house.readable_ids(found)
    if found or not prefix:
        return found
    return [view.entity_id for view, _ in house.search(typed)]


def _areas(house: House, typed: str) -> list[str]:
    """Area ids starting with `typed`, then those whose name or alias matches it."""
    areas = sorted(house.areas.async_list_areas(), key=lambda area: area.id)
    prefix = typed.strip().lower()
    by_id = [area.id for area in areas if area.id.startswith(prefix)]
    if not prefix:
        return by_id
    named = [
        area.id
        for area in areas
        if area.id not in by_id
        and (match := best_match(typed, _area_fields(area.name, area.aliases))) is not None
        and match.score >= STRONG
    ]
    return by_id + named


def _area_fields(name: str, aliases: Iterable[str]) -> list[tuple[str, str | None]]:
    return [("name", name), *(("alias", alias) for alias in aliases)]
