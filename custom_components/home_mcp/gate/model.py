"""The gate's model: an action, the effects it has, and the verdict on each.

An `Action` is one Home Assistant action (service call) as a client asked for
it. Before it is judged it is reduced to `Effect`s: what it would do to each
entity, as that entity's own verb (`lock.front_door` / `unlock`), whatever
path it took to get there (a direct call, `homeassistant.turn_off`, a scene
state, a device action, a script, a Switch as X relay, a template entity's
own script). Each effect gets a `Finding` from the rule table (`rules.py`);
the `Decision` on the action is all of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from homeassistant.const import (
    ATTR_AREA_ID,
    ATTR_DEVICE_ID,
    ATTR_ENTITY_ID,
    ATTR_FLOOR_ID,
    ATTR_LABEL_ID,
)


class Risk(StrEnum):
    """What an effect does to the house."""

    SAFE = "safe"
    SECURING = "securing"
    OPENS_HOUSE = "opens_house"
    SYSTEM = "system"
    UNKNOWN = "unknown"


GUARDED_RISKS: Final = frozenset({Risk.OPENS_HOUSE, Risk.SYSTEM, Risk.UNKNOWN})
SEVERITY: Final = (Risk.OPENS_HOUSE, Risk.SYSTEM, Risk.UNKNOWN, Risk.SECURING, Risk.SAFE)
"""Most severe first: the risk a decision reports."""

TARGET_KEYS: Final = (
    ATTR_ENTITY_ID,
    ATTR_DEVICE_ID,
    ATTR_AREA_ID,
    ATTR_FLOOR_ID,
    ATTR_LABEL_ID,
)


@dataclass(frozen=True, slots=True)
class Action:
    """One Home Assistant action (service call), as a client asked for it.

    domain/service: the action's name, e.g. `lock` / `unlock`.
    target: `entity_id`, `device_id`, `area_id`, `floor_id`, `label_id` (a
        string or a list of strings each; `entity_id` may be `all`).
    data: the service data. Target keys inside `data` count as targets too,
        as they do for Home Assistant.
    """

    domain: str
    service: str
    target: Mapping[str, Any] = field(default_factory=dict)
    data: Mapping[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """Return `domain.service`."""
        return f"{self.domain}.{self.service}"

    def service_data(self) -> dict[str, Any]:
        """Return the data Home Assistant receives: data merged with target."""
        merged = dict(self.data)
        merged.update(self.target)
        return merged


@dataclass(frozen=True, slots=True)
class Effect:
    """What an action does to one entity.

    entity_id: the entity.
    verb: the entity domain's own action name as it reaches the entity
        (`unlock`, `open_cover`, `turn_on`, `press`); `join_group` when a
        `group.set` brings it into a group; `domain.service` for another
        integration's service acting on it (`zwave_js.set_value`).
    data: what decides the outcome besides the verb (`position`).
    state: the state a scene or `scene.apply` sets, when that is how the
        effect came about (for the reason shown to a person).
    via: the entities the action passes through to get here (scripts,
        scenes, automations, groups, relays), outermost first.
    """

    entity_id: str
    verb: str
    data: Mapping[str, Any] = field(default_factory=dict)
    state: str | None = None
    via: tuple[str, ...] = ()

    @property
    def domain(self) -> str:
        """Return the entity's domain."""
        return self.entity_id.partition(".")[0]

    @property
    def service(self) -> str:
        """Return the action as it reaches the entity (`lock.unlock`)."""
        return self.verb if "." in self.verb else f"{self.domain}.{self.verb}"


@dataclass(frozen=True, slots=True)
class Finding:
    """The gate's verdict on one effect, or on the action as a whole.

    entity_id: the entity concerned, or None for a finding about the whole
        action (a system action, an unresolvable template).
    service: the action as it reaches that entity (`lock.unlock` for
        `homeassistant.turn_off` on a lock).
    reason: one sentence a person can read.
    via: the entities the action passes through, outermost first; empty for
        a direct call.
    allowed: True when the entity is pre-approved in the options, so this
        finding does not stop the action.
    spared: (entity, states): what it does is harmless while that entity is
        in one of these states as it runs (the code it gives a lock is that
        helper's text, and an empty code opens nothing). Only a change of that
        very entity to one of them, which nothing on the way changes again,
        leaves it out (`fixpoint.Fixpoint`).
    """

    risk: Risk
    entity_id: str | None
    service: str
    reason: str
    via: tuple[str, ...] = ()
    allowed: bool = False
    spared: tuple[str, frozenset[str]] | None = None

    @property
    def blocks(self) -> bool:
        """Return True if this finding keeps the action from running."""
        return self.risk in GUARDED_RISKS and not self.allowed

    def through(self, *entity_ids: str) -> Finding:
        """Return the finding as reached through `entity_ids` first."""
        via = tuple(dict.fromkeys((*entity_ids, *self.via)))
        return Finding(
            self.risk, self.entity_id, self.service, self.reason, via, self.allowed, self.spared
        )

    def as_dict(self) -> dict[str, Any]:
        """Return the finding as JSON-ready data."""
        data: dict[str, Any] = {
            "entity_id": self.entity_id,
            "service": self.service,
            "risk": self.risk.value,
            "reason": self.reason,
        }
        if self.via:
            data["via"] = list(self.via)
        # Whether the person pre-approved the entity is not said: MCP clients
        # never read the allow list.
        return data


@dataclass(frozen=True, slots=True)
class Decision:
    """The gate's verdict on a whole `Action`.

    targets: the entity ids the action itself addresses after expansion
        (what macros and reactions reach is in `findings`).
    findings: one per effect, macros and reactions included, and one per
        whole-action risk.
    data: the action's data as the gate judged it: as the service's own
        schema reads it (a counter's 0.5 is 0), raw where the schema
        rejects it. What an approval says the action sets.
    rejected: why the service's schema rejects the data, in Home
        Assistant's words (None: it reads it, or has no schema).
    """

    action: Action
    targets: tuple[str, ...]
    findings: tuple[Finding, ...]
    data: Mapping[str, Any] = field(default_factory=dict)
    rejected: str | None = None

    @property
    def guarded(self) -> bool:
        """Return True if the action must not run without a person's approval."""
        return any(finding.blocks for finding in self.findings)

    @property
    def guards(self) -> bool:
        """Return True if some finding on what the action reaches is guarded, pre-approved or not.

        What makes an entity guarded (`Gate.async_is_guarded_entity`): a
        person's approval lets its openings through, they still open. A
        system risk of the action as a whole (no entity: a service or data
        rule, by its name or its text, whatever it targets) is the action's,
        not its targets'.
        """
        return any(
            finding.risk in GUARDED_RISKS
            and (finding.entity_id is not None or finding.risk is not Risk.SYSTEM)
            for finding in self.findings
        )

    @property
    def blocking(self) -> tuple[Finding, ...]:
        """Return the findings that stop the action."""
        return tuple(finding for finding in self.findings if finding.blocks)

    @property
    def risk(self) -> Risk:
        """Return the most severe risk that decides the outcome."""
        considered = self.blocking or self.findings
        risks = {finding.risk for finding in considered}
        return next((risk for risk in SEVERITY if risk in risks), Risk.SAFE)

    @property
    def affected_entities(self) -> tuple[str, ...]:
        """Return every entity the action would touch, macros included."""
        seen: dict[str, None] = dict.fromkeys(self.targets)
        for finding in self.findings:
            if finding.entity_id is not None:
                seen.setdefault(finding.entity_id)
        return tuple(seen)
