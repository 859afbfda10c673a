"""Registry read tools: one entity in full, and the areas, floors, labels and devices.

`get_entity` is where detail lives (§6): state, attributes, timestamps, the
registry entry and the device. `list_areas`, `list_floors`, `list_labels`
and `list_devices` answer in the standard envelope with minimal rows.

Everything is read in-process from Home Assistant's entity, device, area,
floor and label registries and its state machine (`hass.states`); nothing
goes through REST or WebSocket. Text from the house passes through
`clean_text`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import date, datetime, time, timedelta
import difflib
from enum import Enum
import math
from typing import Any, Final

from pydantic import Field

from homeassistant.core import State, split_entity_id, valid_entity_id
from homeassistant.helpers import device_registry as dr, entity_registry as er

from ..const import TEXT_MAX_CHARS
from ..matching import Match, best_match, fold
from ..shaping import clean_text, envelope, local_iso
from . import UNTRUSTED_NOTE, PageOutput, Tool, ToolContext, ToolError, ToolInput, ToolOutput
from .arguments import Identifier, Text
from .house import House

DEFAULT_LIMIT: Final = 50
MAX_LIMIT: Final = 200
TIE_MARGIN: Final = 0.05
"""Strong name matches closer than this to the best one count as a tie."""
MAX_CANDIDATES: Final = 10
MAX_SUGGESTIONS: Final = 5
MAX_DEPTH: Final = 8
"""Nesting below this depth in an attribute becomes text."""
SECRET_ATTRIBUTES: Final = frozenset({"access_token"})
"""Attributes that carry a credential (camera proxies); never returned."""


# --- Shapes -----------------------------------------------------------------


def json_safe(value: Any, depth: int = 0) -> Any:
    """Return `value` as JSON-ready data, with every string cleaned.

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


def area_ref(house: House, area_id: str | None) -> dict[str, Any] | None:
    """Return `{area_id, name}` of an area (area registry), or None."""
    area = house.areas.async_get_area(area_id) if area_id else None
    return {"area_id": area.id, "name": clean_text(area.name)} if area is not None else None


def floor_ref(house: House, floor_id: str | None) -> dict[str, Any] | None:
    """Return `{floor_id, name}` of a floor (floor registry), or None."""
    floor = house.floors.async_get_floor(floor_id) if floor_id else None
    if floor is None:
        return None
    return {"floor_id": floor.floor_id, "name": clean_text(floor.name)}


def _floor_of(house: House, area_id: str | None) -> str | None:
    area = house.areas.async_get_area(area_id) if area_id else None
    return area.floor_id if area is not None else None


def _text(value: str | None) -> str | None:
    return clean_text(value) if value else None


def device_name(device: dr.AnyDeviceEntry) -> str:
    """Return the name a person gave a device, else the integration's, cleaned."""
    return clean_text(device.name_by_user or device.name or "") or device.id


def _main_device(house: House, device: dr.AnyDeviceEntry) -> dr.DeviceEntry | None:
    """Return `device` itself, or the parent of a child device."""
    if isinstance(device, dr.DeviceEntry):
        return device
    return house.devices.async_get(device.parent_device_id, include_child_devices=False)


def _integration(house: House, device: dr.AnyDeviceEntry) -> str | None:
    entry = house.hass.config_entries.async_get_entry(device.config_entry_id)
    return entry.domain if entry is not None else None


def device_info(house: House, device: dr.AnyDeviceEntry) -> dict[str, Any]:
    """Return `{device_id, name, manufacturer, model, area, integration[, parent]}`.

    Reads the device and area registries and the config entries. A child
    device reports its parent's manufacturer and model and `parent`
    (`{device_id, name}`); its area is its own, else its parent's.
    """
    main = _main_device(house, device)
    info: dict[str, Any] = {
        "device_id": device.id,
        "name": device_name(device),
        "manufacturer": _text(main.manufacturer) if main is not None else None,
        "model": _text(main.model) if main is not None else None,
        "area": area_ref(house, dr.async_get_effective_area_id(house.hass, device)),
        "integration": _integration(house, device),
    }
    if main is not None and main is not device:
        info["parent"] = {"device_id": main.id, "name": device_name(main)}
    if device.disabled_by is not None:
        info["disabled_by"] = str(device.disabled_by)
    return info


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
        "name": _text(entry.name),
        "original_name": _text(entry.original_name),
        "aliases": aliases,
        "labels": labels,
        "area": area,
        "floor": floor_ref(house, _floor_of(house, area_id)),
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
        "attributes": attributes(state) if state is not None else {},
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


# --- get_entity -------------------------------------------------------------


class GetEntityInput(ToolInput):
    """Which entity `get_entity` describes: `entity_id` or `name`."""

    entity_id: Identifier | None = Field(None, description="e.g. light.kitchen")
    name: Text | None = Field(None, description="Or a name or alias")


class GetEntityOutput(ToolOutput):
    """One entity in full; `match` says how a name was resolved."""

    entity: dict[str, Any]
    match: dict[str, Any] | None = None


def _names(house: House) -> Iterator[tuple[str, str, Iterable[tuple[str, str | None]]]]:
    """Yield `(entity_id, name, search fields)` of every entity, with state or not."""
    for view in house.all():
        yield view.entity_id, view.name, list(view.search_fields())
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
    for entity_id, name, fields in _names(house):
        names[entity_id] = name
        if (match := best_match(query, fields)) is not None:
            scored.append((match, entity_id))
    scored.sort(key=lambda item: (-item[0].score, item[1]))
    strong = [item for item in scored if not item[0].weak]
    if not strong:
        raise _not_found(query, names, scored[:MAX_SUGGESTIONS])
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
            names = {entity_id: name for entity_id, name, _ in _names(house)}
            raise _not_found(args.entity_id, names, [])
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


# --- Lists ------------------------------------------------------------------


class ListOutput(PageOutput):
    """Rows in the standard envelope, with a hint when nothing matched."""

    hint: str | None = None


class PagedInput(ToolInput):
    """Paging arguments every list takes."""

    offset: int = Field(0, ge=0)
    limit: int = Field(DEFAULT_LIMIT, ge=1, le=MAX_LIMIT)


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
    if len(ids) > 1:

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
    return set(ids)


def _entities_by_area(house: House) -> Counter[str]:
    """Count entities with a state per area (own area, else their device's)."""
    return Counter(view.area_id for view in house.all() if view.area_id)


def _all_devices(house: House) -> list[dr.AnyDeviceEntry]:
    devices: list[dr.AnyDeviceEntry] = list(house.devices.devices)
    devices.extend(house.devices.child_devices)
    return devices


def _devices_by_area(house: House) -> Counter[str]:
    counts: Counter[str] = Counter()
    for device in _all_devices(house):
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


class ListLabelsInput(PagedInput):
    """`list_labels` takes only paging."""


async def list_labels(ctx: ToolContext, args: ListLabelsInput) -> ListOutput:
    """List labels: `{label_id, name, description, entities, devices}`, by name.

    Reads the label, entity and device registries and the state machine.
    `entities` counts labelled entities with a state (as `list_entities`
    with `label` finds them); `devices` counts labelled devices.
    """
    house = House(ctx.hass, ctx.caller.user)
    entities: Counter[str] = Counter(label for view in house.all() for label in view.labels)
    devices: Counter[str] = Counter(
        label for device in _all_devices(house) for label in device.labels
    )
    rows: list[dict[str, Any]] = [
        {
            "label_id": label.label_id,
            "name": clean_text(label.name),
            "description": clean_text(label.description, TEXT_MAX_CHARS)
            if label.description
            else None,
            "entities": entities[label.label_id],
            "devices": devices[label.label_id],
        }
        for label in house.labels.async_list_labels()
    ]
    rows.sort(key=lambda row: (fold(row["name"]), row["label_id"]))
    page = envelope(rows, offset=args.offset, limit=args.limit)
    hint = "This house has no labels." if not rows else None
    return ListOutput(**page, hint=hint)


class ListDevicesInput(PagedInput):
    """Filters for `list_devices`; all optional, combined with AND."""

    area: Text | None = Field(None, description="Area id, name or alias")
    floor: Text | None = Field(None, description="Floor id, name or alias")
    label: Text | None = Field(None, description="Label id or name")
    manufacturer: str | None = Field(None, description="Part of its name", max_length=100)
    integration: str | None = Field(None, description="Domain, e.g. hue", max_length=100)
    query: Text | None = Field(None, description="Device names and models")


async def list_devices(ctx: ToolContext, args: ListDevicesInput) -> ListOutput:
    """List devices: `{device_id, name, manufacturer, model, area, entities}`.

    Reads the device, entity, area, floor and label registries and the
    config entries. `area` is the device's area (a child device's own, else
    its parent's); `entities` counts its enabled entities. A child device
    carries `parent`, a disabled one `disabled: true`. With `query`, rows
    are ranked by match score and carry `match`; otherwise sorted by name.
    """
    house = House(ctx.hass, ctx.caller.user)
    area_ids = resolve_filter(house, "area", args.area) if args.area else None
    floor_ids = resolve_filter(house, "floor", args.floor) if args.floor else None
    label_ids = resolve_filter(house, "label", args.label) if args.label else None
    manufacturer = fold(args.manufacturer) if args.manufacturer else None
    integration = fold(args.integration).replace(" ", "_") if args.integration else None
    entity_counts: Counter[str] = Counter(
        entry.device_id
        for entry in house.entities.entities.values()
        if entry.device_id and entry.disabled_by is None
    )
    rows: list[tuple[float, dict[str, Any]]] = []
    for device in _all_devices(house):
        area_id = dr.async_get_effective_area_id(house.hass, device)
        if area_ids is not None and area_id not in area_ids:
            continue
        if floor_ids is not None and _floor_of(house, area_id) not in floor_ids:
            continue
        if label_ids is not None and not label_ids & device.labels:
            continue
        main = _main_device(house, device)
        maker = main.manufacturer if main is not None else None
        model = main.model if main is not None else None
        if manufacturer is not None and manufacturer not in fold(maker or ""):
            continue
        if integration is not None and _integration(house, device) != integration:
            continue
        row: dict[str, Any] = {"device_id": device.id, "name": device_name(device)}
        if maker:
            row["manufacturer"] = clean_text(maker)
        if model:
            row["model"] = clean_text(model)
        if area := house.area_name(area_id):
            row["area"] = area
        row["entities"] = entity_counts[device.id]
        if main is not None and main is not device:
            row["parent"] = device_name(main)
        if device.disabled_by is not None:
            row["disabled"] = True
        score = 1.0
        if args.query:
            match = best_match(
                args.query,
                [("name", device.name_by_user), ("name", device.name), ("model", model)],
            )
            if match is None:
                continue
            score = match.score
            row["match"] = {"score": match.score, "field": match.field, "weak": match.weak}
        rows.append((score, row))
    rows.sort(key=lambda item: (-item[0], fold(item[1]["name"]), item[1]["device_id"]))
    items = [row for _, row in rows]
    page = envelope(items, offset=args.offset, limit=args.limit)
    hint = None
    if not items:
        hint = "Nothing matched every filter. Drop a filter or check spelling."
        if integration is not None:
            known = sorted(
                {domain for dev in _all_devices(house) if (domain := _integration(house, dev))}
            )
            hint += f" Integrations with devices: {', '.join(known[:30]) or 'none'}."
    elif args.query and all(row.get("match", {}).get("weak") for row in items):
        hint = "Only weak matches: check the name with the person."
    return ListOutput(**page, hint=hint)


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
    Tool(
        name="list_floors",
        title="List floors",
        description=("Floors: id, name, aliases, level, area count."),
        input_model=ListFloorsInput,
        output_model=ListFloorsOutput,
        handler=list_floors,
        narrow_hint="Page with offset/limit.",
    ),
    Tool(
        name="list_labels",
        title="List labels",
        description=("Labels: id, name, description, entity and device counts."),
        input_model=ListLabelsInput,
        output_model=ListOutput,
        handler=list_labels,
        narrow_hint="Page with offset/limit.",
    ),
    Tool(
        name="list_devices",
        title="List devices",
        description=(
            "Devices by area, floor, label, manufacturer, integration or query: id, "
            "name, model, area, entity count."
        ),
        input_model=ListDevicesInput,
        output_model=ListOutput,
        handler=list_devices,
        narrow_hint="Page with offset/limit, or add area, integration or query.",
    ),
]
