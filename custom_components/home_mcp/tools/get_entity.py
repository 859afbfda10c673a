"""`get_entity`: one entity in full, by entity id or by name.

`get_entity` is where detail lives (§6): state, attributes, timestamps, the
registry entry and the device. Everything is read in-process from Home
Assistant's entity, device, area, floor and label registries and its state
machine (`hass.states`); nothing goes through REST or WebSocket. Text from
the house passes through `clean_text`.
"""

from __future__ import annotations

from collections.abc import Iterator
import difflib
from typing import Any, Final

from pydantic import Field

from homeassistant.core import State, split_entity_id, valid_entity_id
from homeassistant.helpers import entity_registry as er

from ..matching import Match, best_match, fold
from ..shaping import clean_text, local_iso
from . import UNTRUSTED_NOTE, Tool, ToolContext, ToolError, ToolInput, ToolOutput
from .arguments import Identifier, Text
from .house import House
from .query import json_safe
from .rows import area_ref, device_info, floor_of, floor_ref, optional_text

TIE_MARGIN: Final = 0.05
"""Strong name matches closer than this to the best one count as a tie."""
MAX_CANDIDATES: Final = 10
MAX_SUGGESTIONS: Final = 5
SECRET_ATTRIBUTES: Final = frozenset({"access_token"})
"""Attributes that carry a credential (camera proxies); never returned."""


def attributes(state: State) -> dict[str, Any]:
    """Return a state's attributes, JSON-ready and cleaned, without credentials.

    `access_token` is left out and the token query of `entity_picture` cut.
    """
    result: dict[str, Any] = {}
    for key, value in state.attributes.items():
        if key in SECRET_ATTRIBUTES:
            continue
        if key == "entity_picture" and isinstance(value, str) and "token=" in value:
            value = value.split("?", 1)[0]
        result[clean_text(str(key))] = json_safe(value)
    return result


def registry_info(house: House, entry: er.RegistryEntry) -> dict[str, Any]:
    """Return what the entity registry knows of one entity.

    Shape: `{name, original_name, aliases: [str], labels: [{label_id, name}],
    area: {area_id, name, from_device?} | None, floor: {floor_id, name} |
    None, device_class, unit, entity_category, disabled_by, hidden_by,
    platform}`. `name` is the person's own name (None: the integration's
    `original_name` is used). The area is the entity's own, else its
    device's (`from_device: true`). Reads the entity, device, area, floor and
    label registries.
    """
    # The registry may list the entity's own computed name among the aliases
    # (for voice); it is the name, not an alias, so only the person's own
    # aliases are returned, as `list_entities` does.
    aliases = [
        clean_text(alias) for alias in entry.aliases if isinstance(alias, str) and alias.strip()
    ]
    labels = []
    for label_id in entry.labels:
        label = house.labels.async_get_label(label_id)
        labels.append({"label_id": label_id, "name": clean_text(label.name) if label else label_id})
    labels.sort(key=lambda row: (fold(row["name"]), row["label_id"]))
    area_id = er.async_get_effective_area_id(house.hass, entry)
    area = area_ref(house, area_id)
    if area is not None and entry.area_id is None:
        area["from_device"] = True
    return {
        "name": optional_text(entry.name),
        "original_name": optional_text(entry.original_name),
        "aliases": aliases,
        "labels": labels,
        "area": area,
        "floor": floor_ref(house, floor_of(house, area_id)),
        "device_class": entry.device_class or entry.original_device_class,
        "unit": entry.unit_of_measurement,
        "entity_category": json_safe(entry.entity_category),
        "disabled_by": json_safe(entry.disabled_by),
        "hidden_by": json_safe(entry.hidden_by),
        "platform": entry.platform,
    }


def _entry_name(house: House, entry: er.RegistryEntry) -> str:
    """Return the name of a registry entry that has no state, cleaned."""
    return clean_text(er.async_get_full_entity_name(house.hass, entry)) or entry.entity_id


def describe_entity(ctx: ToolContext, house: House, entity_id: str) -> dict[str, Any]:
    """Return everything about one entity (the `entity` of `get_entity`).

    Shape: `{entity_id, domain, name, state, attributes, last_changed,
    last_updated, last_reported, guarded, disabled, hidden, registry:
    registry_info | None, device: device_info | None}`; timestamps are ISO
    8601 in Home Assistant's time zone. An entity the registry knows but
    the state machine does not (disabled, or its integration not loaded) has
    `state: null` and a `note`. Reads the state machine and every registry.
    """
    state = ctx.hass.states.get(entity_id)
    entry = house.entities.async_get(entity_id)
    device = house.devices.async_get(entry.device_id) if entry and entry.device_id else None
    if state is not None:
        name = clean_text(state.name)
    else:
        name = _entry_name(house, entry) if entry is not None else entity_id
    disabled = entry is not None and entry.disabled_by is not None
    result: dict[str, Any] = {
        "entity_id": entity_id,
        "domain": split_entity_id(entity_id)[0],
        "name": name,
        "state": clean_text(state.state) if state is not None else None,
        # A scene's or a group's entities, among others: only those the caller may see.
        "attributes": ctx.sight.tree(attributes(state)) if state is not None else {},
        "last_changed": local_iso(state.last_changed) if state is not None else None,
        "last_updated": local_iso(state.last_updated) if state is not None else None,
        "last_reported": local_iso(state.last_reported) if state is not None else None,
        "guarded": ctx.gate.async_is_guarded_entity(entity_id),
        "disabled": disabled,
        "hidden": entry is not None and entry.hidden_by is not None,
        "registry": registry_info(house, entry) if entry is not None else None,
        "device": device_info(house, device) if device is not None else None,
    }
    if state is None:
        result["note"] = (
            "Disabled in Home Assistant: it has no state until a person enables it."
            if disabled
            else "No state: its integration is not loaded or has not set it up yet."
        )
    return result


class GetEntityInput(ToolInput):
    """Which entity `get_entity` describes: `entity_id` or `name`."""

    entity_id: Identifier | None = Field(None, description="e.g. light.kitchen")
    name: Text | None = Field(None, description="Or a name or alias")


class GetEntityOutput(ToolOutput):
    """One entity in full; `match` says how a name was resolved."""

    entity: dict[str, Any]
    match: dict[str, Any] | None = None


def _stateless(house: House) -> Iterator[tuple[str, str, list[tuple[str, str | None]]]]:
    """Yield `(entity_id, name, search fields)` of each readable registry entry without a state."""
    for entry in list(house.entities.entities.values()):
        if house.hass.states.get(entry.entity_id) is not None or not house.readable(
            entry.entity_id
        ):
            continue
        name = _entry_name(house, entry)
        fields: list[tuple[str, str | None]] = [
            ("name", name),
            ("entity_id", entry.entity_id),
            ("object_id", split_entity_id(entry.entity_id)[1].replace("_", " ")),
            ("original_name", entry.original_name),
        ]
        fields.extend(("alias", alias) for alias in entry.aliases if isinstance(alias, str))
        yield entry.entity_id, name, fields


def _names(house: House) -> dict[str, str]:
    """Return the name of every readable entity, with a state or not."""
    names = {view.entity_id: view.name for view in house.all()}
    names.update((entity_id, name) for entity_id, name, _ in _stateless(house))
    return names


def _suggestions(
    query: str, names: dict[str, str], near: list[tuple[Match, str]]
) -> list[dict[str, str]]:
    """Return up to `MAX_SUGGESTIONS` `{entity_id, name}` close to `query`.

    Weak name matches come first, then entity ids and names that difflib
    finds close.
    """
    picks = [entity_id for _, entity_id in near]
    picks += difflib.get_close_matches(query.strip().lower(), list(names), MAX_SUGGESTIONS, 0.6)
    by_name: dict[str, str] = {}
    for entity_id, name in names.items():
        by_name.setdefault(fold(name), entity_id)
    picks += [
        by_name[hit]
        for hit in difflib.get_close_matches(fold(query), list(by_name), MAX_SUGGESTIONS, 0.6)
    ]
    unique = list(dict.fromkeys(picks))[:MAX_SUGGESTIONS]
    return [{"entity_id": entity_id, "name": names[entity_id]} for entity_id in unique]


def _not_found(query: str, names: dict[str, str], near: list[tuple[Match, str]]) -> ToolError:
    suggestions = _suggestions(query, names, near)
    return ToolError(
        "not_found",
        f"No entity is clearly {clean_text(query)!r}",
        "Did you mean one of the suggestions? Pass its entity_id."
        if suggestions
        else "Call list_entities with a query or an area to find it.",
        suggestions=suggestions,
    )


def resolve_entity(house: House, query: str) -> tuple[str, Match]:
    """Return the one entity `query` names, and how it matched.

    Matches names, aliases, entity ids and device names as `list_entities`
    does, over every entity with a state and every registry entry without
    one. Raises `ToolError`: `ambiguous` (with `candidates`) when several
    strong matches tie (within `TIE_MARGIN`), `not_found` (with
    `suggestions`) when no match is strong.
    """
    names: dict[str, str] = {}
    scored: list[tuple[Match, str]] = []
    for found_view, found in house.search(query):  # Entities with a state, from the index.
        names[found_view.entity_id] = found_view.name
        scored.append((found, found_view.entity_id))
    for entity_id, name, fields in _stateless(house):
        if (stateless := best_match(query, fields)) is not None:
            names[entity_id] = name
            scored.append((stateless, entity_id))
    scored.sort(key=lambda item: (-item[0].score, item[1]))
    strong = [item for item in scored if not item[0].weak]
    if not strong:
        if not scored:
            # No entity matches every word: suggest the closest, by the words some match.
            scored = [(found, view.entity_id) for view, found in house.closest(query).found]
        raise _not_found(query, _names(house), scored[:MAX_SUGGESTIONS])
    top = strong[0][0].score
    tied = [item for item in strong if top - item[0].score < TIE_MARGIN]
    if len(tied) > 1:
        raise ToolError(
            "ambiguous",
            f"{clean_text(query)!r} names {len(tied)} entities equally well; nothing was chosen",
            "Ask the person which one, then pass its entity_id",
            candidates=[
                {
                    "entity_id": entity_id,
                    "name": names[entity_id],
                    "area": house.area_name(view.area_id)
                    if (view := house.get(entity_id)) is not None
                    else None,
                    "matched": {"field": match.field, "value": clean_text(match.value)},
                }
                for match, entity_id in tied[:MAX_CANDIDATES]
            ],
        )
    return strong[0][1], strong[0][0]


async def get_entity(ctx: ToolContext, args: GetEntityInput) -> GetEntityOutput:
    """Describe one entity in full (see `describe_entity`).

    `entity_id` is looked up exactly (case and spaces forgiven; a value that
    is not shaped like an entity id is taken as a name). `name` is resolved
    by `resolve_entity`. An unknown id raises `not_found` with close
    suggestions. Reads the state machine and every registry.
    """
    if (args.entity_id is None) == (args.name is None):
        raise ToolError(
            "invalid_arguments",
            "Pass exactly one of entity_id or name",
            "entity_id for an id such as light.kitchen, name for a name or alias",
        )
    house = House(ctx.hass, ctx.caller.user)
    match: Match | None = None
    wanted = (args.entity_id or "").strip().lower()
    if args.entity_id is not None and valid_entity_id(wanted):
        if not house.readable(wanted) or (
            ctx.hass.states.get(wanted) is None and house.entities.async_get(wanted) is None
        ):
            raise _not_found(args.entity_id, _names(house), [])
        entity_id = wanted
    else:
        entity_id, match = resolve_entity(house, args.name or args.entity_id or "")
    return GetEntityOutput(
        entity=describe_entity(ctx, house, entity_id),
        match={
            "field": match.field,
            "value": clean_text(match.value),
            "score": match.score,
        }
        if match is not None
        else None,
    )


TOOLS = [
    Tool(
        name="get_entity",
        title="Get one entity",
        description=(
            "One entity in full: state, attributes, times, registry entry (aliases, "
            "labels, area), device, guarded. By entity_id or name (a tie returns "
            f"candidates). {UNTRUSTED_NOTE}"
        ),
        input_model=GetEntityInput,
        output_model=GetEntityOutput,
        handler=get_entity,
        narrow_hint="The longest attribute list was cut; ask for what you need.",
    ),
]
