"""The query layer the tools share: filters resolved to ids, values as JSON, entity objects.

- `resolve_filter` / `raise_if_ambiguous`: an area, floor or label argument
  as the ids it names (`House.resolve_area` and its kin), refused with
  `ambiguous_<kind>` when a name means several.
- `json_safe`: house data (attributes, registry values) as JSON-ready data,
  every string cleaned and capped. `jsonable`: a stored configuration or a
  template's result as it is (blueprint inputs, templates as their text),
  optionally kept for Home Assistant's YAML dumper.
- `entity_component` / `entity_object`: the entity component of a domain,
  and the entity object behind an entity id (the gate's own lookup).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from datetime import date, datetime, time, timedelta
from enum import Enum
import math
from typing import Any, Final

from homeassistant.core import HomeAssistant
from homeassistant.helpers.entity_component import DATA_INSTANCES, EntityComponent
from homeassistant.helpers.template import Template
from homeassistant.util.yaml import Input

from ..const import TEXT_MAX_CHARS
from ..gate.facts import entity_object
from ..shaping import clean_text, local_iso
from . import ToolError
from .house import House

__all__ = [
    "MAX_DEPTH",
    "entity_component",
    "entity_object",
    "json_safe",
    "jsonable",
    "raise_if_ambiguous",
    "resolve_filter",
]

MAX_DEPTH: Final = 8
"""Nesting below this depth in an attribute becomes text."""


# --- Filters ----------------------------------------------------------------


def raise_if_ambiguous(house: House, kind: str, value: str, ids: Collection[str]) -> None:
    """Raise `ToolError` (`ambiguous_<kind>`, with `candidates`) if `ids` are several.

    `ids` are the area, floor or label ids (`kind`) that `value` names.
    """
    if len(ids) <= 1:
        return

    def name_of(ident: str) -> str | None:
        if kind == "area":
            return house.area_name(ident)
        if kind == "floor":
            floor = house.floors.async_get_floor(ident)
            return clean_text(floor.name) if floor is not None else None
        label = house.labels.async_get_label(ident)
        return clean_text(label.name) if label is not None else None

    raise ToolError(
        f"ambiguous_{kind}",
        f"{clean_text(value)!r} names several {kind}s",
        f"Pass one of these {kind} ids as {kind}",
        candidates=[{f"{kind}_id": ident, "name": name_of(ident)} for ident in sorted(ids)],
    )


def resolve_filter(house: House, kind: str, value: str) -> set[str]:
    """Return the area, floor or label ids (`kind`) that `value` names.

    An exact id means that one only; a name or alias shared by several
    raises `ToolError` (`ambiguous_<kind>`, with `candidates`); an unknown
    one raises `not_found` (see `House.resolve_area`).
    """
    resolvers: dict[str, Callable[[str], list[str]]] = {
        "area": house.resolve_area,
        "floor": house.resolve_floor,
        "label": house.resolve_label,
    }
    ids = resolvers[kind](value)
    raise_if_ambiguous(house, kind, value, ids)
    return set(ids)


# --- JSON -------------------------------------------------------------------


def json_safe(value: Any, depth: int = 0) -> Any:
    """Return `value` as JSON-ready data, with every string cleaned.

    For what the house says (attributes, registry fields): untrusted text,
    cleaned and capped for a model. A stored configuration is shown exactly
    as stored instead (`jsonable`).

    Enums become their value, datetimes local ISO 8601, dates and times ISO
    8601, durations seconds, sets sorted lists, non-finite floats None, and
    anything else (or anything nested deeper than `MAX_DEPTH`) its text.
    """
    if isinstance(value, Enum):
        return json_safe(value.value, depth)
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, str):
        return clean_text(value, TEXT_MAX_CHARS)
    if isinstance(value, datetime):
        return local_iso(value)
    if isinstance(value, date | time):
        return value.isoformat()
    if isinstance(value, timedelta):
        return value.total_seconds()
    if depth < MAX_DEPTH:
        if isinstance(value, Mapping):
            return {clean_text(str(key)): json_safe(item, depth + 1) for key, item in value.items()}
        if isinstance(value, set | frozenset):
            return [json_safe(item, depth + 1) for item in sorted(value, key=str)]
        if isinstance(value, list | tuple):
            return [json_safe(item, depth + 1) for item in value]
        as_dict = getattr(value, "as_dict", None)
        if callable(as_dict):
            return json_safe(as_dict(), depth + 1)
    return clean_text(str(value), TEXT_MAX_CHARS)


def jsonable(value: Any, *, for_yaml: bool = False) -> Any:
    """Return `value` as JSON-ready data (blueprint inputs and templates as text).

    For a stored configuration (`get_automation_config`): exact, nothing cut,
    so it can be read back as YAML; what the house says goes through
    `json_safe` instead.

    With `for_yaml`, blueprint `!input`s, dates and datetimes are kept for
    Home Assistant's YAML dumper, which writes them as YAML does.
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if for_yaml and isinstance(value, (Input, datetime, date)):
        return value
    if isinstance(value, Mapping):
        return {str(key): jsonable(item, for_yaml=for_yaml) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(item, for_yaml=for_yaml) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted((jsonable(item, for_yaml=for_yaml) for item in value), key=str)
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, Template):
        return value.template
    if isinstance(value, bytes):
        return value.decode(errors="replace")
    if isinstance(value, Input):
        return f"!input {value.name}"
    return str(value)


# --- Entity objects ---------------------------------------------------------


def entity_component(hass: HomeAssistant, domain: str) -> EntityComponent[Any] | None:
    """Return the entity component of `domain` (its entity objects), or None."""
    component: EntityComponent[Any] | None = hass.data.get(DATA_INSTANCES, {}).get(domain)
    return component
