"""`call_service`: one Home Assistant action, through the gate."""

from __future__ import annotations

from collections.abc import Callable
from difflib import get_close_matches
from typing import Any

from pydantic import Field

from homeassistant.const import ENTITY_MATCH_ALL, ENTITY_MATCH_NONE
from homeassistant.helpers import (
    area_registry as ar,
    device_registry as dr,
    floor_registry as fr,
    label_registry as lr,
)

from ..exposure import async_exposed_test, async_visible_services
from ..gate import TARGET_KEYS, Action, Decision
from . import Tool, ToolContext, ToolError, ToolInput, ToolOutput, async_run, refuse
from .arguments import Data, DomainName, TargetIds

MATCH_WORDS = (ENTITY_MATCH_ALL, ENTITY_MATCH_NONE)


class Target(ToolInput):
    """What the action acts on; Home Assistant's target keys, each a list of ids."""

    entity_id: TargetIds | None = Field(None, description='Entity ids, or ["all"]')
    device_id: TargetIds | None = None
    area_id: TargetIds | None = None
    floor_id: TargetIds | None = None
    label_id: TargetIds | None = None

    def as_target(self) -> dict[str, Any]:
        """Return the target as Home Assistant reads it: `["all"]` is `all`."""
        target = self.model_dump(exclude_none=True)
        match target.get("entity_id"):
            case [word] if word.strip().lower() in MATCH_WORDS:
                target["entity_id"] = word.strip().lower()
        return target


class CallServiceInput(ToolInput):
    """One action: `domain.service` with a target and data."""

    domain: DomainName = Field(description="e.g. light")
    service: DomainName = Field(description="e.g. turn_on")
    target: Target | None = None
    data: Data | None = Field(None, description='Service data, e.g. {"brightness_pct": 40}')


class CallServiceOutput(ToolOutput):
    """What Home Assistant reports after the action."""

    action: str
    completed: bool
    states: list[dict[str, Any]] = Field(
        description="Each addressed entity as Home Assistant reports it afterwards: state, state_before, changed, reached"
    )
    response: Any = None
    warning: str | None = None
    states_omitted: int | None = None


def _ids(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    return [str(item) for item in value] if isinstance(value, (list, tuple)) else [str(value)]


def _check_service_exists(ctx: ToolContext, domain: str, service: str) -> None:
    services = async_visible_services(
        ctx.hass, domain, ctx.hass.services.async_services_for_domain(domain)
    )
    if service in services:
        return
    if services:
        raise ToolError(
            "service_not_found",
            f"Home Assistant has no action {domain}.{service}",
            "Use one of the domain's actions listed in available",
            available=sorted(services)[:80],
        )
    domains = sorted(ctx.hass.services.async_services())
    raise ToolError(
        "service_not_found",
        f"Home Assistant has no actions in a domain called {domain!r}",
        "Check the domain; close names are listed in similar",
        similar=get_close_matches(domain, domains, n=5, cutoff=0.6),
    )


def _check_targets_exist(ctx: ToolContext, target: dict[str, Any]) -> None:
    """Refuse ids that do not exist, instead of letting the call do nothing."""
    missing: dict[str, list[str]] = {}
    entity_ids = [e for e in _ids(target.get("entity_id")) if e.strip().lower() not in MATCH_WORDS]
    exposed = async_exposed_test(ctx.hass)
    for entity_id in entity_ids:
        if ctx.hass.states.get(entity_id) is None or (
            exposed is not None and not exposed(entity_id.strip().lower())
        ):
            missing.setdefault("entity_id", []).append(entity_id)
    checks = (
        ("device_id", lambda i: dr.async_get(ctx.hass).async_get(i)),
        ("area_id", lambda i: ar.async_get(ctx.hass).async_get_area(i)),
        ("floor_id", lambda i: fr.async_get(ctx.hass).async_get_floor(i)),
        ("label_id", lambda i: lr.async_get(ctx.hass).async_get_label(i)),
    )
    for key, lookup in checks:
        for ident in _ids(target.get(key)):
            if lookup(ident) is None:
                missing.setdefault(key, []).append(ident)
    if missing:
        raise ToolError(
            "not_found",
            "These targets do not exist: "
            + "; ".join(f"{key} {', '.join(ids)}" for key, ids in missing.items()),
            "Find the right ids with home_overview or list_entities",
            missing=missing,
        )


def _refuse_unexposed(decision: Decision, exposed: Callable[[str], bool]) -> None:
    """Refuse an action whose data names an unexposed entity (`scene.apply`), as a missing one.

    Only what the action itself acts on or names counts: findings reached
    directly, and the entities its target or data names (`Decision.targets`:
    the entity a script's `variables` give it, `script.turn_on`'s as its
    own service's); what an exposed entity sets off on its own is the
    gate's, never hidden from it.
    """
    direct = {f.entity_id for f in decision.findings if f.entity_id and not f.via}
    direct.update(decision.targets)
    hidden = sorted(entity_id for entity_id in direct if not exposed(entity_id))
    if hidden:
        raise ToolError(
            "not_found",
            "These targets do not exist: entity_id " + ", ".join(hidden),
            "Find the right ids with home_overview or list_entities",
            missing={"entity_id": hidden},
        )


async def call_service(ctx: ToolContext, args: CallServiceInput) -> CallServiceOutput:
    """Run one Home Assistant action if the gate lets it through.

    Raises `ToolError` for an action that does not exist or targets that do
    not exist, and returns the gate's refusal for a guarded action (nothing
    runs). Otherwise runs it as the caller and reports the states afterwards.
    """
    _check_service_exists(ctx, args.domain, args.service)
    target = (args.target or Target()).as_target()
    action = Action(domain=args.domain, service=args.service, target=target, data=args.data or {})
    # The data as Home Assistant will read it (entity ids lower-cased, numbers
    # coerced), validated once, by the gate: bad data gets Home Assistant's own message.
    decision = ctx.gate.async_check(action)
    if decision.rejected is not None:
        raise ToolError(
            "invalid_data",
            f"Home Assistant rejects the data for {action.name}: {decision.rejected}",
            "Check the fields in the action's description in Home Assistant (Developer tools > Actions)",
        )
    validated = decision.data
    _check_targets_exist(ctx, {k: v for k, v in validated.items() if k in TARGET_KEYS})
    if (exposed := async_exposed_test(ctx.hass)) is not None and any(
        key in validated for key in TARGET_KEYS
    ):
        # Only what is exposed: the action reaches the exposed entities Home
        # Assistant's expansion found, named one by one, judged as such.
        reached = [e for e in decision.targets if exposed(e)]
        # A domain's own action acts on that domain's entities (as a confirmation records it).
        reached = [e for e in reached if e.startswith(f"{args.domain}.")] or reached
        data = {k: v for k, v in action.data.items() if k not in TARGET_KEYS}
        target = {"entity_id": reached} if reached else {"entity_id": ENTITY_MATCH_NONE}
        action = Action(domain=args.domain, service=args.service, target=target, data=data)
        decision = ctx.gate.async_check(action)
    if exposed is not None:
        _refuse_unexposed(decision, exposed)
    if decision.guarded:
        raise refuse(ctx, decision)
    result = await async_run(ctx, decision, decision.affected_entities)
    if not decision.affected_entities and any(key in validated for key in TARGET_KEYS):
        result.setdefault(
            "warning", "No entity matched the target, so Home Assistant changed nothing."
        )
    if not result["ok"]:
        raise ToolError.from_result(result)
    result.pop("ok")
    return CallServiceOutput(**result)


TOOLS = [
    Tool(
        name="call_service",
        title="Call an action",
        description=(
            "Run one action, e.g. light.turn_on, with target and data; returns each "
            "entity's state after. Opening the house and system actions wait for a "
            "person in Home Assistant: do not retry."
        ),
        input_model=CallServiceInput,
        output_model=CallServiceOutput,
        handler=call_service,
        write=True,
        idempotent=False,
        narrow_hint="Target fewer entities to see every state.",
    )
]
