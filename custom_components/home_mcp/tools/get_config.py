"""`get_config`: the stored configuration of an automation, script, scene or helper.

For an administrator's own credential or a `config` client key
(`Tool.config_scope`), like the write tools it goes with; it reads Home
Assistant in-process and changes nothing. An automation's or script's
configuration is its entity's `raw_config` (as written in its YAML file or
by the editor); a scene's is the scene editor's item; a helper's is what the
Helpers page stores. Without `id`, the items of that kind and their ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
import json
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, Field, StringConstraints, WithJsonSchema

from homeassistant.components.lovelace.const import MODE_YAML
from homeassistant.core import split_entity_id
from homeassistant.helpers import entity_registry as er
from homeassistant.util import dt as dt_util
from homeassistant.util.yaml import dump as yaml_dump

from ..configs import ConfigError, ConfigKind
from ..configs.blueprints import BlueprintKind, describe
from ..configs.dashboards import (
    DashboardKind,
    async_config,
    boards,
    find_view,
    meta,
    split_id,
    view_cards,
    views,
)
from ..configs.helpers import HelperKind
from ..configs.ids import WrongItem
from ..configs.plans import digest
from ..exposure import async_exposed_test
from ..matching import best_match
from ..shaping import clean_text, local_iso
from . import Tool, ToolContext, ToolError, ToolInput, ToolOutput
from .arguments import Identifier
from .query import entity_component, jsonable

DASHBOARD = DashboardKind.DASHBOARD.value
BLUEPRINT = BlueprintKind.BLUEPRINT.value

type Kind = Literal[
    "automation",
    "script",
    "scene",
    "input_boolean",
    "input_number",
    "input_select",
    "input_text",
    "input_datetime",
    "input_button",
    "counter",
    "timer",
    "schedule",
    "dashboard",
    "blueprint",
]
"""What the configuration tools read and write: `ConfigKind`s, the Helpers page's `HelperKind`s,
dashboards, blueprints."""


KINDS = frozenset(get_args(Kind.__value__))


def _known_kind(value: str) -> str:
    if value not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(sorted(KINDS))}")
    return value


KindArgument = Annotated[
    str,
    StringConstraints(max_length=14),
    AfterValidator(_known_kind),
    WithJsonSchema({"type": "string", "maxLength": 14, "description": "As in save_config"}),
]
"""`Kind`, published once in full (`save_config`): `tools/list` stays small."""


class GetConfigInput(ToolInput):
    """Which item; without `id`, the items of `kind`."""

    kind: KindArgument
    id: Identifier | None = Field(None, description="Id, entity id or name; omit to list")


class ConfigOutput(ToolOutput):
    """One item's stored configuration as YAML and JSON, or the items of a kind."""

    kind: str
    entity_id: str | None = None
    id: str | None = None
    name: str | None = None
    state: str | None = None
    last_triggered: str | None = None
    yaml: str | None = None
    config: dict[str, Any] | None = None
    items: list[dict[str, Any]] | None = None
    mode: str | None = None
    hash: str | None = None
    hint: str | None = None


def _macros(ctx: ToolContext, domain: str) -> list[Any]:
    """Return the automation or script entities the caller may see (only what is exposed)."""
    component = entity_component(ctx.hass, domain)
    entities = list(component.entities) if component is not None else []
    if (exposed := async_exposed_test(ctx.hass)) is not None:
        entities = [entity for entity in entities if exposed(entity.entity_id)]
    return entities


def find_macro(ctx: ToolContext, domain: str, wanted: str) -> Any:
    """Return the automation or script entity `wanted` names, or raise `not_found`.

    Accepts the entity id, the object id, the configuration's id (the
    automation's `id`, the script's key), or the exact name.
    """
    entities = _macros(ctx, domain)
    if not entities:
        raise ToolError(
            "not_found",
            f"This Home Assistant has no {domain}s",
            f"The {domain} integration is not loaded or has none configured",
        )
    value = wanted.strip()
    entity_id = value.lower() if value.lower().startswith(f"{domain}.") else f"{domain}.{value}"
    for match in (
        lambda e: e.entity_id == entity_id,
        lambda e: e.unique_id is not None and e.unique_id == value,
        lambda e: isinstance(e.name, str) and e.name.casefold() == value.casefold(),
    ):
        found = [entity for entity in entities if match(entity)]
        if len(found) == 1:
            return found[0]
    ranked = []
    for entity in entities:
        fields = [
            ("name", entity.name if isinstance(entity.name, str) else None),
            ("entity_id", entity.entity_id),
            ("object_id", split_entity_id(entity.entity_id)[1].replace("_", " ")),
            ("id", entity.unique_id),
        ]
        if (found_match := best_match(value, fields)) is not None:
            ranked.append((found_match.score, entity))
    ranked.sort(key=lambda item: (-item[0], item[1].entity_id))
    raise ToolError(
        "not_found",
        f"No {domain} is called {clean_text(value)!r}",
        f"Pass an entity id or id from suggestions, or list_entities with domain {domain}",
        suggestions=[
            {
                "entity_id": entity.entity_id,
                "id": entity.unique_id,
                "name": clean_text(str(entity.name)),
            }
            for _, entity in ranked[:5]
        ],
    )


def _macro_config(ctx: ToolContext, domain: str, wanted: str) -> ConfigOutput:
    entity = find_macro(ctx, domain, wanted)
    raw = getattr(entity, "raw_config", None)
    if not isinstance(raw, Mapping):
        raise ToolError(
            "not_available",
            f"{entity.entity_id} has no stored configuration Home MCP can read",
            "Open it in Home Assistant's editor",
        )
    config = jsonable(raw)
    text = yaml_dump(jsonable(raw, for_yaml=True))
    state = ctx.hass.states.get(entity.entity_id)
    last = state.attributes.get("last_triggered") if state is not None else None
    if isinstance(last, str):
        last = dt_util.parse_datetime(last)
    return ConfigOutput(
        kind=domain,
        entity_id=entity.entity_id,
        id=entity.unique_id,
        name=clean_text(str(entity.name or entity.entity_id)),
        state=state.state if state is not None else None,
        last_triggered=local_iso(last) if isinstance(last, datetime) else None,
        yaml=text,
        config=config,
    )


def _stored(
    ctx: ToolContext, kind: str, entity_id: str | None, key: str, config: Mapping[str, Any]
) -> ConfigOutput:
    """Return a scene's or helper's stored item."""
    state = ctx.hass.states.get(entity_id) if entity_id else None
    return ConfigOutput(
        kind=kind,
        entity_id=entity_id,
        id=key,
        name=clean_text(str(config.get("name") or key)),
        state=state.state if state is not None else None,
        yaml=yaml_dump(jsonable(config, for_yaml=True)),
        config=jsonable(config),
    )


async def get_config(ctx: ToolContext, args: GetConfigInput) -> ConfigOutput:
    """Return one item's stored configuration, or the items of a kind with their ids."""
    if ctx.writer is None:
        raise ToolError("not_loaded", "Home MCP cannot read configuration here")
    registry = er.async_get(ctx.hass)
    if args.kind == DASHBOARD:
        return await _dashboard(ctx, args.id)
    if args.kind == BLUEPRINT:
        return await _blueprint(ctx, args.id)
    if args.kind in ("automation", "script"):
        if args.id is not None:
            return _macro_config(ctx, args.kind, args.id)
        rows = [
            {"id": e.unique_id, "entity_id": e.entity_id, "name": clean_text(str(e.name))}
            for e in _macros(ctx, args.kind)
        ]
        return ConfigOutput(kind=args.kind, items=sorted(rows, key=lambda r: r["entity_id"]))
    if args.kind == "scene":
        platform = "homeassistant"
        stored = await ctx.writer.editors.async_items(ConfigKind.SCENE)
        items = {str(i.get("id")): i for i in stored if isinstance(i, dict) and "id" in i}
    else:
        platform = args.kind
        try:
            listed = await ctx.writer.helpers.async_list(HelperKind(args.kind), ctx.caller.user)
        except ConfigError as err:
            raise ToolError(
                "not_available", f"Home Assistant could not list the {args.kind} helpers: {err}"
            ) from err
        items = {str(i["id"]): i for i in listed if "id" in i}

    def entity_of(key: str) -> str | None:
        return registry.async_get_entity_id(args.kind, platform, key)

    if (exposed := async_exposed_test(ctx.hass)) is not None:  # Unexposed: not there.
        items = {
            key: item
            for key, item in items.items()
            if (entity_id := entity_of(key)) is None or exposed(entity_id)
        }

    if args.id is None:
        rows = [
            {"id": key, "entity_id": entity_of(key), "name": clean_text(str(i.get("name") or key))}
            for key, i in items.items()
        ]
        return ConfigOutput(kind=args.kind, items=rows)
    wanted = args.id.strip()
    if (entry := registry.async_get(wanted)) is not None and entry.platform == platform:
        wanted = entry.unique_id
    found = items.get(wanted) or next(
        (i for i in items.values() if str(i.get("name", "")).casefold() == wanted.casefold()),
        None,
    )
    if found is None:
        raise ToolError(
            "not_found",
            f"No {args.kind} has the id or name {clean_text(args.id)!r}",
            f"Call get_config with kind {args.kind} and no id for their ids",
        )
    key = str(found["id"])
    return _stored(ctx, args.kind, entity_of(key), key, found)


def _outline(config: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """Return a dashboard's views: index, path, title, cards."""
    rows = []
    for index, view in enumerate(views(config)):
        if isinstance(view, Mapping):
            row = {"view": index, "path": view.get("path"), "title": view.get("title")}
            row = {k: v for k, v in row.items() if v is not None}
            rows.append({**row, "cards": view_cards(view)})
    return rows


async def _dashboard(ctx: ToolContext, wanted: str | None) -> ConfigOutput:
    """Return the dashboards, one dashboard, or one of its views (`url_path/view`)."""
    found = boards(ctx.hass)
    if wanted is None:
        rows = []
        for key, board in found.items():
            config = await async_config(board)
            settings = meta(board) or {}
            rows.append(
                {
                    "id": key,
                    "url_path": settings.get("url_path"),
                    "title": clean_text(str(settings.get("title") or key)),
                    "mode": board.mode
                    if config is not None or board.mode == MODE_YAML
                    else "auto-gen",
                    "views": len(views(config)),
                    "cards": sum(view_cards(view) for view in views(config)),
                }
            )
        return ConfigOutput(kind=DASHBOARD, items=rows)
    key, view = split_id(wanted)
    assert ctx.writer is not None
    try:
        board = ctx.writer.dashboards.board(key)
        config = await async_config(board)
        part: Any = config
        if view is not None:
            part = views(config)[find_view(config, view, key)]
    except WrongItem as err:
        raise ToolError(err.code, str(err), err.hint) from err
    settings = meta(board) or {}
    output = ConfigOutput(
        kind=DASHBOARD,
        id=f"{key}/{view}" if view is not None else key,
        name=clean_text(str(settings.get("title") or key)),
        mode=board.mode if config is not None or board.mode == MODE_YAML else "auto-gen",
        hash=digest(part),
    )
    if part is None:
        output.hint = "Generated automatically: save a whole configuration (views) to take it over"
        return output
    text = yaml_dump(jsonable(part, for_yaml=True))
    # YAML and JSON both: what fits is about half the budget each.
    if view is None and 2 * len(text.encode()) > ctx.budget - 2048:
        output.items = _outline(config)
        output.hint = (
            f"Too large to return whole: read one view (id {key}/0, or {key}/<path>), "
            "then patch it against that view's hash"
        )
        return output
    output.yaml = text
    output.config = jsonable(part)
    if view is None:
        output.items = _outline(config)
    return output


def _seen(ctx: ToolContext, row: dict[str, Any]) -> dict[str, Any]:
    """Return a listed blueprint with only the users the caller may see, the others counted."""
    if (exposed := async_exposed_test(ctx.hass)) is None or "users" not in row:
        return row
    shown = [entity_id for entity_id in row["users"] if exposed(entity_id)]
    if hidden := len(row["users"]) - len(shown):
        row["unseen_users"] = hidden
    return {**row, "users": shown}


async def _blueprint(ctx: ToolContext, wanted: str | None) -> ConfigOutput:
    """Return the installed blueprints, or one: its YAML, inputs and users."""
    assert ctx.writer is not None
    writes = ctx.writer.blueprints
    if wanted is None:
        rows = [
            jsonable(_seen(ctx, describe(ctx.hass, item))) for item in await writes.async_list()
        ]
        if len(json.dumps(rows).encode()) <= ctx.budget - 2048:
            return ConfigOutput(kind=BLUEPRINT, items=rows)
        # Too many to list whole: each input by name only, its selector one read away.
        for row in rows:
            if isinstance(row.get("inputs"), dict):
                row["inputs"] = sorted(row["inputs"])
        hint = "Inputs listed by name only: read one blueprint (its id) for their selectors"
        return ConfigOutput(kind=BLUEPRINT, items=rows, hint=hint)
    try:
        found = await writes.async_find(wanted)
    except WrongItem as err:
        raise ToolError(err.code, str(err), err.hint) from err
    row = _seen(ctx, describe(ctx.hass, found))
    text = await writes.async_text(found.domain, found.path)
    output = ConfigOutput(
        kind=BLUEPRINT,
        id=found.key,
        name=clean_text(str(row.get("name") or found.path)),
        config=jsonable(row),
        hash=digest(text),
    )
    if text is None or 2 * len(text.encode()) > ctx.budget - 2048:
        output.hint = "Too large to return whole: read it in Home Assistant's blueprints folder"
        return output
    output.yaml = text
    return output


TOOLS = [
    Tool(
        name="get_config",
        title="Stored configuration",
        description=(
            "Stored configuration (YAML, JSON) of an automation, script, scene, helper, "
            "dashboard (id url_path[/view]) or blueprint (id domain/path); no id: their ids."
        ),
        input_model=GetConfigInput,
        output_model=ConfigOutput,
        handler=get_config,
        config_scope=True,
        narrow_hint="The configuration is larger than the response budget: read it in Home Assistant.",
        text_fields=frozenset({"yaml"}),
    )
]
