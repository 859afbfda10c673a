"""`save_config` / `delete_config`: automations, scripts, scenes and helpers, through the gate.

For an administrator's own credential or a `config` client key
(`Tool.config_scope`). Each write is planned first (`configs.writes`:
which item, Home Assistant's validator, what it names that the house lacks,
the gate's judgement of the change); a write the gate lets through is made
at once, a guarded one waits for a person as a confirmation holding the
exact configuration and its diff. References the house lacks are warnings:
the write is made only when the same call is repeated. Nothing here writes
a file itself: `ConfigWriter.async_apply` does, as Home Assistant's editors do.
"""

from __future__ import annotations

from difflib import get_close_matches
from typing import Any

from pydantic import Field

from ..configs import ConfigError, Unknown
from ..configs.blueprints import UsedBy
from ..configs.ids import WrongItem
from ..configs.plans import Plan
from ..configs.writes import ConfigWriter
from ..exposure import async_exposed_test
from ..wording import house_names
from . import Tool, ToolContext, ToolError, ToolInput, ToolOutput, refuse, watched_context
from .arguments import Data, Identifier
from .get_config import Kind, KindArgument


class SaveConfigInput(ToolInput):
    """One automation, script, scene or helper to create or update."""

    kind: Kind
    config: Data = Field(description="As the UI's YAML editor shows it")
    id: Identifier | None = Field(None, description="Omit to create; the item's id to update")
    dry_run: bool = Field(False, description="Validate and judge only")


class DeleteConfigInput(ToolInput):
    """One automation, script, scene or helper to delete."""

    kind: KindArgument
    id: Identifier


class ConfigWriteOutput(ToolOutput):
    """What the write did, or would do."""

    kind: str
    id: str
    entity_id: str | None = None
    action: str = Field(description="created, updated or deleted")
    written: bool
    alias: str | None = None
    diff: str
    warnings: list[dict[str, Any]] | None = None
    guarded: bool | None = None
    opening_cards: list[str] | None = None
    """A dashboard's cards whose tap would open the house: written, and shown to the owner."""
    users: list[str] | None = None
    """A blueprint's automations and scripts, each judged as it would be with the write."""


def _writer(ctx: ToolContext) -> ConfigWriter:
    if ctx.writer is None:
        raise ToolError("not_loaded", "Home MCP cannot write configuration here")
    return ctx.writer


def _problem(ctx: ToolContext, err: ConfigError) -> ToolError:
    """Return the structured error of a write Home MCP or Home Assistant refused."""
    if isinstance(err, UsedBy):
        # Each user and why, those the caller may see by name; the others counted.
        exposed = async_exposed_test(ctx.hass)
        shown = {e: why for e, why in err.users.items() if exposed is None or exposed(e)}
        listed: dict[str, Any] = {
            "users": [{"entity_id": e, "problem": ctx.sight.text(why)} for e, why in shown.items()]
        }
        if hidden := len(err.users) - len(shown):
            listed["unseen_users"] = hidden
        return ToolError(err.code, str(err), err.hint, **listed)
    if isinstance(err, WrongItem):
        return ToolError(err.code, str(err), err.hint)
    details = {"path": err.path} if err.path else {}
    return ToolError(
        "invalid_config",
        f"Home Assistant refuses this configuration: {err}; nothing was written",
        "Fix the configuration at path and call again",
        **details,
    )


def _warnings(ctx: ToolContext, unknown: list[Unknown]) -> list[dict[str, Any]]:
    """Return each unknown reference with the closest names the house has."""
    rows = []
    for item in unknown:
        if item.kind == "entity":
            known = ctx.hass.states.async_entity_ids(item.value.split(".", 1)[0])
            if (exposed := async_exposed_test(ctx.hass)) is not None:
                known = [entity_id for entity_id in known if exposed(entity_id)]
        elif item.kind == "action":
            services = ctx.hass.services.async_services()
            known = [f"{d}.{s}" for d, names in services.items() for s in names]
        else:
            known = []
        row: dict[str, Any] = {"kind": item.kind, "value": item.value}
        if close := get_close_matches(item.value, known, n=3, cutoff=0.6):
            row["close_matches"] = close
        rows.append(row)
    return rows


def _output(
    ctx: ToolContext, plan: Plan, *, written: bool, action: str | None = None
) -> ConfigWriteOutput:
    """Return the answer about `plan`; its diff names only what the caller may see."""
    record = plan.record
    if action is None:
        action = (
            "deleted"
            if record["operation"] == "delete"
            else ("created" if record["creating"] else "updated")
        )
    return ConfigWriteOutput(
        kind=record["kind"],
        # A new helper's id comes from its collection: the one it would get.
        id=record["key"] or record["entity_id"].partition(".")[2],
        entity_id=record["entity_id"] or None,
        action=action,
        written=written,
        alias=plan.alias,
        diff=ctx.sight.text(record["diff"]),
        opening_cards=record.get("opens") or None,
        users=_users(ctx, record.get("users")),
    )


def _users(ctx: ToolContext, users: list[str] | None) -> list[str] | None:
    """Return a blueprint's users the caller may see."""
    exposed = async_exposed_test(ctx.hass)
    shown = [e for e in users or () if exposed is None or exposed(e)]
    return shown or None


async def _async_write(ctx: ToolContext, plan: Plan) -> ConfigWriteOutput:
    """Write `plan` if the gate lets it through; else ask a person (raises the refusal)."""
    record = plan.record
    if plan.guarded:
        raise refuse(
            ctx,
            plan.decision(),
            write=record,
            summary=plan.question(house_names(ctx.hass)),
            caller_summary=plan.question(ctx.sight.name),
            diff=record["diff"],
        )
    try:
        # What the write sets off (its event, a reload) is watched like an action's.
        context = watched_context(ctx, plan.decision())
        written = await _writer(ctx).async_apply(
            record, context, user=ctx.caller.user, requested_by=ctx.caller.user.id
        )
    except ConfigError as err:
        raise _problem(ctx, err) from err
    output = _output(ctx, plan, written=True, action=written.action)
    output.id = written.key  # A helper's id is its collection's, known once made.
    output.entity_id = written.entity_id or record["entity_id"] or None
    return output


async def save_config(ctx: ToolContext, args: SaveConfigInput) -> ConfigWriteOutput:
    """Create or update one automation, script, scene or helper, as Home Assistant's UI does."""
    writer = _writer(ctx)
    try:
        plan = await writer.async_plan_save(args.kind, args.id, args.config, ctx.caller.user)
    except ConfigError as err:
        raise _problem(ctx, err) from err
    warnings = _warnings(ctx, plan.unknown)
    if args.dry_run:
        output = _output(ctx, plan, written=False)
        output.warnings = warnings or None
        output.guarded = plan.guarded
        return output
    if warnings and not writer.async_repeated(ctx.caller.credential_id, args.model_dump()):
        raise ToolError(
            "unknown_references",
            f"This {args.kind} names what this house does not have; nothing was written",
            "Fix the names (see close_matches), or repeat exactly this call to save it anyway",
            warnings=warnings,
        )
    return await _async_write(ctx, plan)


async def delete_config(ctx: ToolContext, args: DeleteConfigInput) -> ConfigWriteOutput:
    """Delete one automation, script, scene or helper, as Home Assistant's UI does."""
    try:
        plan = await _writer(ctx).async_plan_delete(args.kind, args.id, ctx.caller.user)
    except WrongItem as err:
        raise _problem(ctx, err) from err
    except ConfigError as err:
        raise ToolError("not_found", str(err), f"get_config {args.kind} lists their ids") from err
    return await _async_write(ctx, plan)


TOOLS = [
    Tool(
        name="save_config",
        title="Save configuration",
        description=(
            "Create (no id) or update an automation, script, scene, helper, dashboard "
            "(id url_path[/view]; config may be {patch: JSON Patch, hash}) or blueprint "
            "(config {yaml, path}), as the UI does. "
            "What can open the house or weakens what secures it waits for a person."
        ),
        input_model=SaveConfigInput,
        output_model=ConfigWriteOutput,
        handler=save_config,
        write=True,
        config_scope=True,
        idempotent=False,
        text_fields=frozenset({"diff"}),
    ),
    Tool(
        name="delete_config",
        title="Delete configuration",
        description="As the UI does; what opens or secures the house waits for a person.",
        input_model=DeleteConfigInput,
        output_model=ConfigWriteOutput,
        handler=delete_config,
        write=True,
        config_scope=True,
        idempotent=False,
        text_fields=frozenset({"diff"}),
    ),
]
