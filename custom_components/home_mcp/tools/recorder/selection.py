"""Which entities a recorder tool reads: entity ids, an area, a domain.

`select_entities` combines the filters `get_history` and `get_logbook` take;
`IdList` accepts one id, a list, or ids separated by commas.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Final

from pydantic import BeforeValidator

from homeassistant.core import split_entity_id, valid_entity_id

from ...matching import fold
from ...shaping import clean_text
from .. import ToolError
from ..arguments import Identifier
from ..house import House
from ..query import resolve_filter

MAX_ENTITIES: Final = 20
"""Entities one `get_history` or `get_statistics` call may ask for."""


def _as_list(value: Any) -> Any:
    """Accept one id, or ids separated by commas, where a list is expected."""
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return value


IdList = Annotated[list[Identifier], BeforeValidator(_as_list)]


def _entity_ids(values: Iterable[str]) -> list[str]:
    """Return the entity ids normalised and de-duplicated; refuse malformed ones."""
    result: list[str] = []
    for value in values:
        entity_id = value.strip().lower()
        if not valid_entity_id(entity_id):
            raise ToolError(
                "invalid_arguments",
                f"{clean_text(value)!r} is not an entity id",
                "Entity ids look like sensor.outdoor_temperature; list_entities finds them",
            )
        if entity_id not in result:
            result.append(entity_id)
    return result


def domain_filter(value: str | None) -> str | None:
    """Return a domain argument folded to its id form (`Light` -> `light`), or None."""
    return fold(value).replace(" ", "_") if value else None


def _area_entities(house: House, area: str) -> list[str]:
    """Return the visible entities of `area` (an area id, name or alias)."""
    area_ids = resolve_filter(house, "area", area)
    return [view.entity_id for view in house.all() if not view.hidden and view.area_id in area_ids]


def select_entities(
    house: House,
    entity_ids: list[str] | None,
    area: str | None,
    domain: str | None,
    *,
    expand_domain_up_to: int | None = None,
) -> list[str] | None:
    """Return the entity ids every given filter selects (AND), or None for no filter.

    entity_ids: kept in the given order (validated, lower-cased).
    area: its visible entities (own area, else the device's); with
        entity_ids, only those of them in the area.
    domain: only entities of that domain; alone, every visible entity of the
        domain with a state, or None (no entity filter: the caller filters
        rows by domain) when there are more than `expand_domain_up_to`.
    Raises `ToolError` for malformed ids (`invalid_arguments`), unknown
    (`not_found`) or ambiguous (`ambiguous_area`) areas.
    """
    selected = _entity_ids(entity_ids) if entity_ids else None
    if area:
        in_area = _area_entities(house, area)
        selected = in_area if selected is None else [e for e in selected if e in set(in_area)]
    wanted = domain_filter(domain)
    if wanted:
        if selected is None:
            selected = [
                view.entity_id for view in house.all() if not view.hidden and view.domain == wanted
            ]
            if expand_domain_up_to is not None and len(selected) > expand_domain_up_to:
                return None
        else:
            selected = [e for e in selected if split_entity_id(e)[0] == wanted]
    return selected


def entity_name(house: House, entity_id: str) -> str:
    """Return the name of an entity with a state the caller may read, else its id, cleaned."""
    view = house.get(entity_id)
    return view.name if view is not None else clean_text(entity_id)
