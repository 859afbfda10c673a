"""`get_automation_config` / `get_script_config`: a macro's stored configuration.

Administrator only (`admin_only`: only a Home Assistant administrator's own
credential lists and calls them, `server._may_use`); they read Home
Assistant in-process and change nothing: the stored configuration
(`raw_config`) of the automation or script entity, as YAML and as JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from pydantic import Field

from homeassistant.core import split_entity_id
from homeassistant.util import dt as dt_util
from homeassistant.util.yaml import dump as yaml_dump

from ..matching import best_match
from ..shaping import clean_text, local_iso
from . import Tool, ToolContext, ToolError, ToolInput, ToolOutput
from .arguments import Identifier
from .query import entity_component, jsonable


class GetAutomationConfigInput(ToolInput):
    """Which automation."""

    automation: Identifier = Field(description="Entity id or id", min_length=1)


class GetScriptConfigInput(ToolInput):
    """Which script."""

    script: Identifier = Field(description="Entity id or key", min_length=1)


class MacroConfigOutput(ToolOutput):
    """The stored configuration as YAML and JSON, with the entity's state."""

    entity_id: str
    id: str | None
    name: str
    state: str | None
    last_triggered: str | None
    yaml: str
    config: dict[str, Any]


def _find_macro(ctx: ToolContext, domain: str, wanted: str) -> Any:
    """Return the automation or script entity `wanted` names, or raise `not_found`.

    Accepts the entity id, the object id, the configuration's id (the
    automation's `id`, the script's key), or the exact name.
    """
    component = entity_component(ctx.hass, domain)
    entities = list(component.entities) if component is not None else []
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


def _macro_config(ctx: ToolContext, domain: str, wanted: str) -> MacroConfigOutput:
    entity = _find_macro(ctx, domain, wanted)
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
    return MacroConfigOutput(
        entity_id=entity.entity_id,
        id=entity.unique_id,
        name=clean_text(str(entity.name or entity.entity_id)),
        state=state.state if state is not None else None,
        last_triggered=local_iso(last) if isinstance(last, datetime) else None,
        yaml=text,
        config=config,
    )


async def get_automation_config(
    ctx: ToolContext, args: GetAutomationConfigInput
) -> MacroConfigOutput:
    """Return an automation's stored configuration.

    Reads `raw_config` of the automation entity (as written in
    automations.yaml or the editor) and returns it as YAML text (Home
    Assistant's dumper) and as JSON, with `entity_id`, `id`, `name`, `state`
    (on/off/unavailable) and `last_triggered` (ISO 8601 with offset, or
    null). Raises `ToolError` `not_found` with `suggestions`.
    """
    return _macro_config(ctx, "automation", args.automation)


async def get_script_config(ctx: ToolContext, args: GetScriptConfigInput) -> MacroConfigOutput:
    """Return a script's stored configuration.

    Like `get_automation_config`, for the script entity (`id` is the
    script's key in scripts.yaml; `state` is on while it runs).
    """
    return _macro_config(ctx, "script", args.script)


TOOLS = [
    Tool(
        name="get_automation_config",
        title="Automation configuration",
        description=(
            "Admin only. An automation's stored configuration (YAML and JSON), "
            "state and last_triggered."
        ),
        input_model=GetAutomationConfigInput,
        output_model=MacroConfigOutput,
        handler=get_automation_config,
        admin_only=True,
        narrow_hint="The configuration is larger than the response budget: read it in Home Assistant.",
        text_fields=frozenset({"yaml"}),
    ),
    Tool(
        name="get_script_config",
        title="Script configuration",
        description=(
            "Admin only. A script's stored configuration (YAML and JSON), state and last_triggered."
        ),
        input_model=GetScriptConfigInput,
        output_model=MacroConfigOutput,
        handler=get_script_config,
        admin_only=True,
        narrow_hint="The configuration is larger than the response budget: read it in Home Assistant.",
        text_fields=frozenset({"yaml"}),
    ),
]
