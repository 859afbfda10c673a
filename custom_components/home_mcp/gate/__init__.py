"""The physical-action gate (§4): what an action would do to the house.

The gate knows nothing of MCP or HTTP. It takes an `Action` (domain, service,
target, data), expands its targets with Home Assistant's own target helper,
and gives every (action, entity) pair a `Risk`:

- `safe`: lights, climate, switches, media, ordinary covers: runs.
- `securing`: lock, close, arm: always runs, under every option.
- `opens_house`: unlock/open a lock; open, set the position of, toggle or stop
  while closing a cover of device class door, gate or garage; the same for any
  valve; disarm an alarm; any action on an entity the person marked as guarded.
- `system`: restart/stop Home Assistant, add-on, backup and update control,
  shell commands, Python scripts, recorder purges, log tampering.
- `unknown`: what cannot be resolved statically: templated action names or
  targets, Assist's `conversation.process`, integration services that address
  devices by their own means (MQTT topics, raw Z-Wave values, REST commands).

Scripts, scenes and automations are analysed recursively, through `choose`,
`if`, `repeat`, `parallel`, nested sequences, device actions and scene
activations: a script that calls a script that unlocks is guarded; a scene
that sets a lock to `unlocked` is guarded.

`opens_house`, `system` and `unknown` are guarded: such an action does not
run unless every guarded pair concerns an entity the person pre-approved in
the options (per entity, and for `opens_house` only).

Data sources: `hass.states` (state, device class, group members), the entity
registry (hidden entities, device classes, config entries, registry ids in
device actions), the entity components in `hass.data` (script, automation and
scene configurations), `hass.services` (which services exist).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
import logging
import re
from typing import Any, Final

import probatio

from homeassistant.const import (
    ATTR_AREA_ID,
    ATTR_DEVICE_CLASS,
    ATTR_DEVICE_ID,
    ATTR_ENTITY_ID,
    ATTR_FLOOR_ID,
    ATTR_LABEL_ID,
    CONF_ACTION,
    CONF_CHOOSE,
    CONF_DEFAULT,
    CONF_ELSE,
    CONF_PARALLEL,
    CONF_REPEAT,
    CONF_SCENE,
    CONF_SEQUENCE,
    CONF_SERVICE,
    CONF_SERVICE_DATA,
    CONF_SERVICE_DATA_TEMPLATE,
    CONF_SERVICE_TEMPLATE,
    CONF_TARGET,
    CONF_THEN,
    ENTITY_MATCH_ALL,
)
from homeassistant.core import HomeAssistant, State, callback, split_entity_id
from homeassistant.helpers import config_validation as cv, entity_registry as er
from homeassistant.helpers.entity_component import DATA_INSTANCES
from homeassistant.helpers.target import TargetSelection, async_extract_referenced_entity_ids
from homeassistant.helpers.template import Template

from .const import DOMAIN, PANEL_URL_PATH

_LOGGER = logging.getLogger(__name__)


class Risk(StrEnum):
    """What an (action, entity) pair does to the house."""

    SAFE = "safe"
    SECURING = "securing"
    OPENS_HOUSE = "opens_house"
    SYSTEM = "system"
    UNKNOWN = "unknown"


GUARDED_RISKS: Final = frozenset({Risk.OPENS_HOUSE, Risk.SYSTEM, Risk.UNKNOWN})
# Most severe first: the risk a decision reports.
_SEVERITY: Final = (
    Risk.OPENS_HOUSE,
    Risk.SYSTEM,
    Risk.UNKNOWN,
    Risk.SECURING,
    Risk.SAFE,
)

TARGET_KEYS: Final = (
    ATTR_ENTITY_ID,
    ATTR_DEVICE_ID,
    ATTR_AREA_ID,
    ATTR_FLOOR_ID,
    ATTR_LABEL_ID,
)
ENTRANCE_COVER_CLASSES: Final = frozenset({"door", "gate", "garage"})
"""Cover device classes that open the house (Google Assistant's `COVER_2FA`)."""

MAX_DEPTH: Final = 12
"""How deep macros may nest before the gate calls the action `unknown`."""
MAX_GROUP_PATHS: Final = 10_000
"""More member paths than this through nested groups is refused: Home
Assistant expands nested groups path by path, so a few dozen `group.set`
calls can make one action take hours of its event loop."""
MAX_NEW_GROUP_DEPTH: Final = 10
"""`group.set` may not nest groups deeper than this."""

# Services that are harmless whatever they target.
_HARMLESS_SERVICES: Final = frozenset(
    {
        ("homeassistant", "update_entity"),
        ("logbook", "log"),
        ("system_log", "write"),
        ("scene", "delete"),
        ("automation", "turn_on"),
        ("script", "turn_off"),
    }
)
# Integration domains whose services do not act on devices (messages,
# helpers, housekeeping) and may be called without a target.
_HARMLESS_DOMAINS: Final = frozenset(
    {"persistent_notification", "frontend", "group", "shopping_list", "template"}
)
_SYSTEM_DOMAINS: Final = frozenset(
    {"hassio", "backup", "shell_command", "python_script", "pyscript", "hacs", "cloud"}
)
_SYSTEM_SERVICES: Final = frozenset(
    {
        ("homeassistant", "restart"),
        ("homeassistant", "stop"),
        ("homeassistant", "set_location"),
        ("recorder", "purge"),
        ("recorder", "purge_entities"),
        ("recorder", "disable"),
        ("recorder", "enable"),
        ("recorder", "import_statistics"),
        ("recorder", "clear_statistics"),
        ("recorder", "update_statistics_metadata"),
        ("recorder", "adjust_sum_statistics"),
        ("homeassistant", "check_config"),
        ("homeassistant", "save_persistent_states"),
        ("frontend", "set_theme"),
        ("tts", "clear_cache"),
        ("ai_task", "clear_images"),
        ("update", "install"),
        ("update", "skip"),
        ("update", "clear_skipped"),
        ("system_log", "clear"),
        ("logger", "set_level"),
        ("logger", "set_default_level"),
        ("camera", "record"),
        ("camera", "snapshot"),
        ("homeassistant", "reload_core_config_entry"),
        # Presence set by hand; it also writes known_devices.yaml.
        ("device_tracker", "see"),
    }
)
_INTENT_SERVICES: Final = frozenset(
    {("conversation", "process"), ("assist_satellite", "start_conversation")}
)

# `homeassistant.turn_on/turn_off/toggle` forwards to the entity's domain.
# For the sensitive domains the generic names are read as what they would do
# (Assist reads them the same way: HassTurnOff unlocks, HassTurnOn opens).
_GENERIC_SERVICE_MAP: Final[Mapping[str, Mapping[str, str]]] = {
    "lock": {"turn_on": "lock", "turn_off": "unlock", "toggle": "toggle"},
    "cover": {"turn_on": "open_cover", "turn_off": "close_cover", "toggle": "toggle"},
    "valve": {"turn_on": "open_valve", "turn_off": "close_valve", "toggle": "toggle"},
    "alarm_control_panel": {
        "turn_on": "alarm_arm_away",
        "turn_off": "alarm_disarm",
        "toggle": "toggle",
    },
}
_SENSITIVE_DOMAINS: Final = frozenset({"lock", "valve", "alarm_control_panel"})
_OPEN_STATES: Final = frozenset(
    {"open", "opening", "unlocked", "unlocking", "disarmed", "disarming"}
)
_CLOSED_STATES: Final = frozenset({"closed", "closing", "locked", "locking"})


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
class Finding:
    """The gate's verdict on one (action, entity) pair.

    entity_id: the entity concerned, or None for a finding about the whole
        action (a system action, an unresolvable template).
    service: the action as it reaches that entity (`cover.toggle` for
        `homeassistant.toggle` on a cover).
    reason: one sentence a person can read.
    via: the macros (script, scene, automation entity ids) the action passes
        through, outermost first; empty for a direct call.
    allowed: True when the entity is pre-approved in the options, so this
        pair does not stop the action.
    """

    risk: Risk
    entity_id: str | None
    service: str
    reason: str
    via: tuple[str, ...] = ()
    allowed: bool = False

    @property
    def blocks(self) -> bool:
        """Return True if this pair keeps the action from running."""
        return self.risk in GUARDED_RISKS and not self.allowed

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
        (macros' inner targets are in `findings`).
    findings: one per (action, entity) pair, macros included.
    """

    action: Action
    targets: tuple[str, ...]
    findings: tuple[Finding, ...]

    @property
    def guarded(self) -> bool:
        """Return True if the action must not run without a person's approval."""
        return any(finding.blocks for finding in self.findings)

    @property
    def blocking(self) -> tuple[Finding, ...]:
        """Return the findings that stop the action."""
        return tuple(finding for finding in self.findings if finding.blocks)

    @property
    def risk(self) -> Risk:
        """Return the most severe risk that decides the outcome."""
        considered = self.blocking or self.findings
        risks = {finding.risk for finding in considered}
        return next((risk for risk in _SEVERITY if risk in risks), Risk.SAFE)

    @property
    def affected_entities(self) -> tuple[str, ...]:
        """Return every entity the action would touch, macros included."""
        seen: dict[str, None] = dict.fromkeys(self.targets)
        for finding in self.findings:
            if finding.entity_id is not None:
                seen.setdefault(finding.entity_id)
        return tuple(seen)


@dataclass(slots=True)
class _Walk:
    """State of one analysis: findings so far and the macros on the path.

    reactions: entity id -> automations whose triggers watch it, built once
        per analysis when first needed.
    """

    findings: list[Finding] = field(default_factory=list)
    path: tuple[str, ...] = ()
    reactions: dict[str, list[str]] | None = None
    reacted: set[str] = field(default_factory=set)

    def add(self, risk: Risk, entity_id: str | None, service: str, reason: str) -> None:
        self.findings.append(Finding(risk, entity_id, service, reason, self.path))

    @contextmanager
    def through(self, *entity_ids: str) -> Iterator[None]:
        """Judge what runs inside as reached through `entity_ids` (its `via`)."""
        saved = self.path
        self.path = (*self.path, *entity_ids)
        try:
            yield
        finally:
            self.path = saved


class Gate:
    """Classifies actions before anything moves.

    guarded_entities: entities the person marked as guarded (a relay switch
        that opens a gate): every action on them is `opens_house`.
    allowed_entities: entities the person pre-approved: their `opens_house`
        pairs no longer stop an action. Per entity, never per domain.
    Both lists come from the config entry's options and can only be changed in
    Home Assistant's UI.
    """

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        guarded_entities: Iterable[str] = (),
        allowed_entities: Iterable[str] = (),
    ) -> None:
        """Create a gate for `hass` with the person's lists."""
        self._hass = hass
        self._guarded = frozenset(guarded_entities)
        self._allowed = frozenset(allowed_entities)

    @callback
    def async_check(self, action: Action) -> Decision:
        """Return the decision on `action`; never raises for odd input.

        Anything the gate cannot understand (malformed targets, a macro it
        cannot read) becomes an `unknown` finding, which is guarded.
        """
        walk = _Walk()
        try:
            data = self._as_home_assistant_reads_it(action, walk)
            targets = self._check_call(action.domain, action.service, {}, data, walk, 0)
        except Exception:  # The gate must fail closed, never open.
            _LOGGER.exception("Gate could not analyse %s", action.name)
            walk.add(
                Risk.UNKNOWN,
                None,
                action.name,
                "Home MCP could not analyse this action, so it is treated as guarded",
            )
            targets = []
        findings = tuple(
            Finding(f.risk, f.entity_id, f.service, f.reason, f.via, allowed=True)
            if f.risk is Risk.OPENS_HOUSE and f.entity_id in self._allowed
            else f
            for f in walk.findings
        )
        return Decision(action, tuple(targets), findings)

    def _as_home_assistant_reads_it(self, action: Action, walk: _Walk) -> dict[str, Any]:
        """Return the action's data as the service's own schema validates it.

        Home Assistant normalises service data before acting (entity ids are
        lower-cased and trimmed, `entities` of a scene become states, numbers
        are coerced); judging the raw data would judge something else. Data
        the schema rejects is judged raw, with an `unknown` finding: Home
        Assistant will refuse it, and the gate does not guess.
        """
        data = action.service_data()
        service = self._hass.services.async_services_for_domain(action.domain).get(action.service)
        schema = service.schema if service is not None else None
        if schema is None:
            return data
        try:
            validated = schema(data)
        except (probatio.Invalid, ValueError, TypeError) as err:
            walk.add(
                Risk.UNKNOWN,
                None,
                action.name,
                f"Home Assistant rejects this data ({err}), so Home MCP does not judge it",
            )
            return data
        return dict(validated) if isinstance(validated, Mapping) else data

    @callback
    def async_is_guarded_entity(self, entity_id: str) -> bool:
        """Return True if some action on `entity_id` could open the house.

        Used to label rows (`guarded: true`) in read tools: locks, valves,
        alarm panels, covers of class door/gate/garage, the person's extra
        guarded entities, and scripts, scenes and automations that would do a
        guarded action when run.
        """
        domain = split_entity_id(entity_id)[0]
        if self._is_sensitive(entity_id):
            return True
        if domain in ("script", "scene", "automation"):
            return self.async_check(self.macro_action(entity_id)).guarded
        return False

    @callback
    def async_is_sensitive_entity(self, entity_id: str) -> bool:
        """Return True for an entity whose own actions can open the house.

        Locks, valves, alarm panels, covers of class door, gate or garage,
        switches that Switch as X presents as one of those, and the person's
        extra guarded entities. These are what can be pre-approved.
        """
        return self._is_sensitive(entity_id)

    @staticmethod
    def macro_action(entity_id: str) -> Action:
        """Return the action that runs a script, scene or automation entity.

        Scripts run through their own service (`script.<object_id>`), which
        waits for the script to finish; scenes through `scene.turn_on`;
        automations through `automation.trigger` (their actions only).
        """
        domain, object_id = split_entity_id(entity_id)
        if domain == "script":
            return Action("script", object_id)
        if domain == "scene":
            return Action("scene", "turn_on", {ATTR_ENTITY_ID: [entity_id]})
        return Action("automation", "trigger", {ATTR_ENTITY_ID: [entity_id]})

    @callback
    def async_service_risk(self, domain: str, service: str) -> tuple[Risk, str]:
        """Return the most severe risk `domain.service` can have, and why.

        Read-only, for catalogues (`list_services`): the action is judged
        before any target is known, so the answer is the worst `async_check`
        would find for it on some target with ordinary data, and the reason
        says when (e.g. only on door, gate or garage covers). Services that
        run macros (`script.*`, `scene.turn_on`, `automation.trigger`, ...)
        are judged on this house's macros, pre-approved entities included.
        Not reflected: what depends on the data (templates, Home MCP's own
        notification ids, group nesting) and automations reacting to a
        target; `async_check` judges those on the real call.
        """
        name = f"{domain}.{service}"
        if domain in _SYSTEM_DOMAINS or (domain, service) in _SYSTEM_SERVICES:
            return Risk.SYSTEM, f"{name} controls Home Assistant itself"
        if service == "reload" or service.startswith("reload_"):
            return Risk.SYSTEM, f"{name} reloads part of Home Assistant"
        if (domain, service) in _INTENT_SERVICES:
            return Risk.UNKNOWN, "Assist intents can unlock locks and open doors"
        if (domain, service) == ("persistent_notification", "dismiss_all"):
            return Risk.SYSTEM, "It would dismiss Home MCP's own approval requests"
        if (domain, service) in _HARMLESS_SERVICES:
            return Risk.SAFE, "Does not move anything"
        macro_call: Action | None = None
        if domain == "script" and service not in ("turn_off", "reload"):
            macro_call = (
                Action(domain, service, {ATTR_ENTITY_ID: ENTITY_MATCH_ALL})
                if service in ("turn_on", "toggle")
                else self.macro_action(f"script.{service}")
            )
        elif (domain, service) in (
            ("scene", "turn_on"),
            ("automation", "trigger"),
            ("automation", "turn_off"),
            ("automation", "toggle"),
        ):
            macro_call = Action(domain, service, {ATTR_ENTITY_ID: ENTITY_MATCH_ALL})
        found: list[tuple[Risk, str]] = []
        if macro_call is not None:
            for finding in self.async_check(macro_call).findings:
                where = " via ".join(
                    dict.fromkeys(e for e in (finding.entity_id, *finding.via[::-1]) if e)
                )
                found.append(
                    (finding.risk, f"{finding.reason} ({where})" if where else finding.reason)
                )
        elif domain == "scene" and service in ("apply", "create"):
            found.append((Risk.OPENS_HOUSE, "When a state it sets unlocks, opens or disarms"))
        elif domain == "lock":
            found.append(_lock_risk(service))
        elif domain == "alarm_control_panel":
            found.append(_alarm_risk(service, None))
            if service == "toggle":
                found.append((Risk.OPENS_HOUSE, "Toggling an armed alarm disarms it"))
        elif domain in ("valve", "cover"):
            only = "" if domain == "valve" else " (covers of class door, gate or garage)"
            for current in (None, "open", "opening", "closed", "closing"):
                risk, reason = _opening_risk(service, {}, current, domain)
                found.append((risk, reason + only if risk in GUARDED_RISKS else reason))
        elif domain == "homeassistant" and service in ("turn_on", "turn_off", "toggle"):
            found.append(
                (Risk.OPENS_HOUSE, "On a lock, valve, alarm panel or door, gate or garage cover")
            )
        elif domain == "switch" and any(
            entry.options.get("target_domain") in ("lock", "cover", "valve")
            for entry in self._hass.config_entries.async_entries("switch_as_x")
        ):
            found.append((Risk.OPENS_HOUSE, "On a switch shown as a lock, cover or valve"))
        elif not self._is_entity_domain(domain) and domain not in _HARMLESS_DOMAINS:
            found.append(
                (Risk.UNKNOWN, f"{name} may address devices by its own means, unseen by Home MCP")
            )
        if any(split_entity_id(entity_id)[0] == domain for entity_id in self._guarded):
            found.append((Risk.OPENS_HOUSE, "On entities the person marked as guarded"))
        for risk in _SEVERITY:
            for found_risk, reason in found:
                if found_risk is risk:
                    return risk, reason
        return Risk.SAFE, "Does not open the house"

    # -- direct calls --------------------------------------------------------

    def _check_call(
        self,
        domain: Any,
        service: Any,
        target: Any,
        data: Any,
        walk: _Walk,
        depth: int,
    ) -> list[str]:
        """Add findings for one service call; return its expanded targets."""
        if _is_dynamic(domain) or _is_dynamic(service):
            walk.add(
                Risk.UNKNOWN,
                None,
                "templated action",
                "The action's name is a template, so what it does is only known when it runs",
            )
            return []
        domain, service = str(_static(domain)), str(_static(service))
        name = f"{domain}.{service}"
        if depth > MAX_DEPTH:
            walk.add(Risk.UNKNOWN, None, name, "Macros nest too deeply to analyse")
            return []
        data = data if isinstance(data, Mapping) else {}
        target = target if isinstance(target, Mapping) else {}

        # Whole-action risks that do not depend on targets.
        if domain in _SYSTEM_DOMAINS or (domain, service) in _SYSTEM_SERVICES:
            walk.add(Risk.SYSTEM, None, name, f"{name} controls Home Assistant itself")
        elif service == "reload" or service.startswith("reload_"):
            # Reloading re-creates entities, which can put devices back in
            # their starting state (an unlocked door, an open valve).
            walk.add(Risk.SYSTEM, None, name, f"{name} reloads part of Home Assistant")
        if (domain, service) in _INTENT_SERVICES:
            walk.add(
                Risk.UNKNOWN,
                None,
                name,
                "Assist intents can unlock locks and open doors; what this text "
                "would do is only known when it runs",
            )

        selector, dynamic = _merge_targets(target, data)
        if dynamic:
            walk.add(
                Risk.UNKNOWN,
                None,
                name,
                "The targets are templates, so what this action reaches is only known when it runs",
            )
            return []

        if (problem := self._group_problem(selector.get(ATTR_ENTITY_ID, []))) is not None:
            walk.add(Risk.UNKNOWN, None, name, problem)
            return []
        try:
            entity_ids = self._expand(domain, selector)
        except ValueError as err:  # An entity id Home Assistant would refuse.
            walk.add(Risk.UNKNOWN, None, name, f"A target Home MCP cannot read: {err}")
            return []

        if (domain, service) == ("group", "set"):
            if problem := self._group_set_problem(data):
                walk.add(Risk.UNKNOWN, None, name, problem)
            else:
                for entity_id in self._group_set_newcomers(data):
                    walk.add(
                        Risk.OPENS_HOUSE,
                        entity_id,
                        name,
                        "Puts it in a group: an action on the group would reach it, "
                        "and a group changed while such an action runs escapes its check",
                    )
        if (domain, service) == (
            "persistent_notification",
            "dismiss_all",
        ) or _names_own_notification(data):
            walk.add(
                Risk.SYSTEM,
                None,
                name,
                "Home MCP's own notifications (its approval requests) cannot be changed from MCP",
            )
        elif _links_approval_page(data):
            walk.add(
                Risk.SYSTEM,
                None,
                name,
                "It links to Home MCP's approval page: a message from MCP could pass "
                "itself off as an approval request",
            )

        # Presence set by hand: automations watching trackers and persons react.
        if (domain, service) == ("device_tracker", "see"):
            dev_id = data.get("dev_id")
            trackers = (
                [f"device_tracker.{dev_id}"]
                if isinstance(dev_id, str)
                else self._hass.states.async_entity_ids("device_tracker")
            )
            for tracker in trackers:
                self._check_reactions(tracker, walk, depth)

        # Macros addressed by service name.
        if domain == "script" and service not in ("turn_on", "turn_off", "toggle", "reload"):
            self._check_macro(f"script.{service}", walk, depth)
        elif domain == "scene" and service == "apply":
            self._check_scene_states(data.get("entities"), name, walk)
        elif domain == "scene" and service == "create":
            self._check_scene_create(data, name, walk)

        known_domain = self._is_entity_domain(domain) or domain == "homeassistant"
        if not entity_ids:
            if (
                not known_domain
                and domain not in _HARMLESS_DOMAINS
                and domain not in _SYSTEM_DOMAINS
                and (domain, service) not in _HARMLESS_SERVICES
                and (domain, service) not in _SYSTEM_SERVICES
                and (domain, service) not in _INTENT_SERVICES
                and domain != "script"
            ):
                walk.add(
                    Risk.UNKNOWN,
                    None,
                    name,
                    f"{name} addresses devices by its own means, so Home MCP cannot tell what it reaches",
                )
            return []

        if not known_domain and _truthy(data.get("broadcast")):
            walk.add(Risk.UNKNOWN, None, name, f"{name} broadcasts beyond its targets")

        for entity_id, members_via in entity_ids.items():
            self._check_entity(domain, service, data, entity_id, members_via, walk, depth)
        # Group members are reached through their group: not targets of their own.
        return [entity_id for entity_id, via in entity_ids.items() if not via]

    def _expand(self, domain: str, selector: dict[str, Any]) -> dict[str, tuple[str, ...]]:
        """Expand a target selector into entity ids, with group members.

        Returns `{entity_id: group path}` (empty for a direct target). `all`
        means every entity of the action's domain (every entity at all for
        `homeassistant.*` and integration services).
        """
        raw_ids = selector.get(ATTR_ENTITY_ID)
        raw_list = [raw_ids] if isinstance(raw_ids, str) else list(raw_ids or [])
        all_targeted = ENTITY_MATCH_ALL in raw_list
        found: dict[str, tuple[str, ...]] = {}
        if all_targeted:
            if self._is_entity_domain(domain):
                found.update(dict.fromkeys(self._hass.states.async_entity_ids(domain), ()))
            else:
                found.update(dict.fromkeys(self._hass.states.async_entity_ids(), ()))
            selector = {**selector, ATTR_ENTITY_ID: [e for e in raw_list if e != ENTITY_MATCH_ALL]}
        selected = async_extract_referenced_entity_ids(
            self._hass, TargetSelection(selector), expand_group=True
        )
        for entity_id in sorted(selected.referenced | selected.indirectly_referenced):
            found.setdefault(entity_id, ())
        # Platform groups (a cover group, a lock group) act on their members.
        # `found` is never revisited, so this is linear in the entities.
        queue: list[tuple[str, tuple[str, ...]]] = [(entity_id, ()) for entity_id in found]
        while queue:
            entity_id, via = queue.pop()
            for member in self._group_members(entity_id) or []:
                # Only groups of their own kind (a cover group of covers, a
                # lock group of locks) pass their action on to members; a
                # scene's `entity_id` attribute is judged by the scene.
                if member not in found and member.partition(".")[0] == entity_id.partition(".")[0]:
                    found[member] = (*via, entity_id)
                    queue.append((member, (*via, entity_id)))
        return found

    def _check_entity(
        self,
        domain: str,
        service: str,
        data: Mapping[str, Any],
        entity_id: str,
        group_via: tuple[str, ...],
        walk: _Walk,
        depth: int,
    ) -> None:
        """Add the finding for `domain.service` acting on `entity_id`."""
        entity_domain = split_entity_id(entity_id)[0]
        with walk.through(*group_via):
            if (domain, service) in _HARMLESS_SERVICES:
                walk.add(Risk.SAFE, entity_id, f"{domain}.{service}", "Does not move anything")
                return
            if domain == "homeassistant":
                mapped = _GENERIC_SERVICE_MAP.get(entity_domain, {}).get(service, service)
                self._check_entity_service(entity_domain, mapped, data, entity_id, walk, depth)
            elif domain == entity_domain:
                self._check_entity_service(domain, service, data, entity_id, walk, depth)
            elif self._is_entity_domain(domain):
                # An entity component's services only act on its own entities
                # (a `light.turn_on` on an area leaves the area's lock alone).
                walk.add(
                    Risk.SAFE, entity_id, f"{domain}.{service}", "Not an entity of this domain"
                )
            elif self._is_sensitive(entity_id):
                walk.add(
                    Risk.UNKNOWN,
                    entity_id,
                    f"{domain}.{service}",
                    f"{domain}.{service} acts on this entity by the integration's own "
                    "means, which may open the house",
                )
            else:
                walk.add(Risk.SAFE, entity_id, f"{domain}.{service}", "Not a guarded entity")
            self._check_reactions(entity_id, walk, depth)

    def _check_entity_service(
        self,
        domain: str,
        service: str,
        data: Mapping[str, Any],
        entity_id: str,
        walk: _Walk,
        depth: int,
    ) -> None:
        """Add the finding for a domain's own service on one of its entities."""
        name = f"{domain}.{service}"
        if entity_id in self._guarded:
            walk.add(
                Risk.OPENS_HOUSE,
                entity_id,
                name,
                "The person marked this entity as guarded in Home MCP's options",
            )
            return
        if domain == "switch" and (wrapper := self._switch_wrapper(entity_id)) is not None:
            wrapper_id, wrapper_domain, mapped = wrapper
            with walk.through(entity_id):
                self._check_entity_service(
                    wrapper_domain, mapped.get(service, service), data, wrapper_id, walk, depth
                )
            return
        state = self._hass.states.get(entity_id)
        if domain == "lock":
            risk, reason = _lock_risk(service)
        elif domain == "alarm_control_panel":
            risk, reason = _alarm_risk(service, state)
        elif domain == "valve":
            risk, reason = _opening_risk(service, data, self._motion(entity_id, state), "valve")
        elif domain == "cover":
            if self._device_class(entity_id, state) in ENTRANCE_COVER_CLASSES:
                risk, reason = _opening_risk(service, data, self._motion(entity_id, state), "cover")
            elif service.startswith("close"):
                risk, reason = Risk.SECURING, "Closes a cover"
            else:
                risk, reason = Risk.SAFE, "An ordinary cover (blind, window, shade)"
        elif domain == "script":
            if service in ("turn_on", "toggle"):
                self._check_macro(entity_id, walk, depth)
            risk, reason = Risk.SAFE, "Runs a script (its actions are judged one by one)"
        elif domain == "scene":
            if service == "turn_on":
                self._check_macro(entity_id, walk, depth)
            risk, reason = Risk.SAFE, "Activates a scene (its states are judged one by one)"
        elif domain == "automation":
            if service == "trigger":
                self._check_macro(entity_id, walk, depth)
                risk, reason = Risk.SAFE, "Runs an automation (its actions are judged one by one)"
            elif service in ("turn_off", "toggle") and self._secures(entity_id, depth):
                risk, reason = (
                    Risk.SYSTEM,
                    "Turns off an automation that locks, closes or arms: the house would be less safe",
                )
            else:
                risk, reason = Risk.SAFE, "Automation control"
        else:
            risk, reason = Risk.SAFE, "Does not open the house"
        walk.add(risk, entity_id, name, reason)

    # -- macros --------------------------------------------------------------

    def _check_macro(self, entity_id: str, walk: _Walk, depth: int) -> None:
        """Add findings for what running a script, scene or automation does."""
        if entity_id in walk.path:
            return  # A loop: its actions are already being judged.
        domain = split_entity_id(entity_id)[0]
        with walk.through(entity_id):
            entity = self._entity_object(entity_id)
            if domain == "scene":
                self._check_scene(entity_id, entity, walk)
                return
            script = getattr(entity, "script" if domain == "script" else "action_script", None)
            sequence = getattr(script, "sequence", None)
            if entity is None:
                walk.add(Risk.SAFE, entity_id, f"{domain}.run", "No such macro: nothing would run")
                return
            if not isinstance(sequence, list):
                walk.add(
                    Risk.UNKNOWN,
                    entity_id,
                    f"{domain}.run",
                    "Home MCP cannot read this macro's actions",
                )
                return
            self._check_sequence(sequence, walk, depth + 1)

    def _check_sequence(self, sequence: Any, walk: _Walk, depth: int) -> None:
        """Add findings for every action in a script sequence, all branches."""
        if isinstance(sequence, Mapping):
            sequence = [sequence]
        if not isinstance(sequence, list):
            return
        for action in sequence:
            if isinstance(action, Mapping):
                self._check_script_action(action, walk, depth)

    def _check_script_action(self, action: Mapping[str, Any], walk: _Walk, depth: int) -> None:
        """Add findings for one action of a script, automation or branch."""
        if depth > MAX_DEPTH:
            walk.add(Risk.UNKNOWN, None, "macro", "Macros nest too deeply to analyse")
            return
        try:
            kind = cv.determine_script_action(dict(action))
        except ValueError:
            walk.add(Risk.UNKNOWN, None, "macro", "An action of an unknown kind")
            return
        if kind == cv.SCRIPT_ACTION_CALL_SERVICE:
            self._check_script_service(action, walk, depth)
        elif kind == cv.SCRIPT_ACTION_ACTIVATE_SCENE:
            scene = action.get(CONF_SCENE)
            if _is_dynamic(scene) or not isinstance(_static(scene), str):
                walk.add(Risk.UNKNOWN, None, "scene.turn_on", "The scene is a template")
            else:
                self._check_macro(str(_static(scene)), walk, depth)
        elif kind == cv.SCRIPT_ACTION_DEVICE_AUTOMATION:
            self._check_device_action(action, walk)
        elif kind == cv.SCRIPT_ACTION_CHOOSE:
            for option in action.get(CONF_CHOOSE) or []:
                if isinstance(option, Mapping):
                    self._check_sequence(option.get(CONF_SEQUENCE), walk, depth + 1)
            self._check_sequence(action.get(CONF_DEFAULT), walk, depth + 1)
        elif kind == cv.SCRIPT_ACTION_IF:
            self._check_sequence(action.get(CONF_THEN), walk, depth + 1)
            self._check_sequence(action.get(CONF_ELSE), walk, depth + 1)
        elif kind == cv.SCRIPT_ACTION_REPEAT:
            repeat = action.get(CONF_REPEAT)
            if isinstance(repeat, Mapping):
                self._check_sequence(repeat.get(CONF_SEQUENCE), walk, depth + 1)
        elif kind == cv.SCRIPT_ACTION_PARALLEL:
            for branch in action.get(CONF_PARALLEL) or []:
                if isinstance(branch, Mapping) and CONF_SEQUENCE in branch:
                    self._check_sequence(branch[CONF_SEQUENCE], walk, depth + 1)
                else:
                    self._check_sequence(branch, walk, depth + 1)
        elif kind == cv.SCRIPT_ACTION_SEQUENCE:
            self._check_sequence(action.get(CONF_SEQUENCE), walk, depth + 1)
        elif kind == cv.SCRIPT_ACTION_FIRE_EVENT:
            self._check_event_reactions(action.get("event"), walk, depth)
        # delay, wait, condition, stop, variables and conversation responses
        # move nothing.

    def _check_script_service(self, action: Mapping[str, Any], walk: _Walk, depth: int) -> None:
        """Add findings for an `action:` (service call) inside a macro."""
        name = action.get(CONF_ACTION, action.get(CONF_SERVICE, action.get(CONF_SERVICE_TEMPLATE)))
        if _is_dynamic(name) or not isinstance(_static(name), str) or "." not in str(_static(name)):
            walk.add(
                Risk.UNKNOWN,
                None,
                "templated action",
                "The macro calls an action whose name is a template",
            )
            return
        domain, service = str(_static(name)).split(".", 1)
        data: dict[str, Any] = {}
        for key in (CONF_SERVICE_DATA, CONF_SERVICE_DATA_TEMPLATE):
            if isinstance(value := action.get(key), Mapping):
                data.update(value)
            elif value is not None:
                data["__template__"] = value  # A templated data block.
        target: dict[str, Any] = {}
        if isinstance(value := action.get(CONF_TARGET), Mapping):
            target.update(value)
        elif value is not None:
            target[ATTR_ENTITY_ID] = value  # A templated target block.
        for key in TARGET_KEYS:
            if key in action:
                target[key] = action[key]
        self._check_call(domain, service, target, data, walk, depth + 1)

    def _check_device_action(self, action: Mapping[str, Any], walk: _Walk) -> None:
        """Add findings for a device action (`device_id`, `domain`, `type`)."""
        domain = _static(action.get("domain"))
        kind = _static(action.get("type"))
        raw_entity = _static(action.get(ATTR_ENTITY_ID))
        entity_id: str | None = None
        if isinstance(raw_entity, str):
            entity_id = er.async_resolve_entity_id(er.async_get(self._hass), raw_entity)
        name = f"{domain}.{kind} (device action)"
        if not isinstance(domain, str) or not isinstance(kind, str):
            walk.add(Risk.UNKNOWN, entity_id, name, "A device action Home MCP cannot read")
            return
        if entity_id is not None and entity_id in self._guarded:
            walk.add(Risk.OPENS_HOUSE, entity_id, name, "The person marked this entity as guarded")
            return
        state = self._hass.states.get(entity_id) if entity_id else None
        if domain == "lock":
            risk, reason = _lock_risk(kind)
        elif domain == "alarm_control_panel":
            risk, reason = _alarm_risk(kind, state)
        elif domain in ("cover", "valve"):
            entrance = domain == "valve" or (
                entity_id is not None
                and self._device_class(entity_id, state) in ENTRANCE_COVER_CLASSES
            )
            if kind.startswith("close"):
                risk, reason = Risk.SECURING, f"Closes the {domain}"
            elif not entrance and entity_id is not None:
                risk, reason = Risk.SAFE, "An ordinary cover (blind, window, shade)"
            elif kind in (
                "open",
                "set_position",
                "open_tilt",
                "set_tilt_position",
                "toggle",
                "stop",
            ):
                risk, reason = Risk.OPENS_HOUSE, f"Opens the {domain} (device action)"
            else:
                risk, reason = Risk.UNKNOWN, f"An unknown {domain} device action"
        else:
            risk, reason = Risk.SAFE, "Does not open the house"
        walk.add(risk, entity_id, name, reason)

    def _check_scene(self, entity_id: str, entity: Any, walk: _Walk) -> None:
        """Add findings for the states a scene would set."""
        config = getattr(entity, "scene_config", None)
        states = getattr(config, "states", None)
        if isinstance(states, Mapping):
            for target_id, state in states.items():
                if isinstance(state, State):
                    self._check_target_state(
                        target_id, state.state, state.attributes, "scene.turn_on", walk
                    )
            return
        if entity is None and self._hass.states.get(entity_id) is None:
            walk.add(Risk.SAFE, entity_id, "scene.turn_on", "No such scene: nothing would change")
            return
        # A scene kept by an integration (Hue, deCONZ, ...): it can only reach
        # that integration's devices.
        registry = er.async_get(self._hass)
        entry = registry.async_get(entity_id)
        if entry is None or entry.config_entry_id is None:
            walk.add(
                Risk.UNKNOWN,
                entity_id,
                "scene.turn_on",
                "Home MCP cannot read what this scene sets",
            )
            return
        siblings = er.async_entries_for_config_entry(registry, entry.config_entry_id)
        sensitive = sorted(e.entity_id for e in siblings if self._is_sensitive(e.entity_id))
        if sensitive:
            walk.add(
                Risk.UNKNOWN,
                entity_id,
                "scene.turn_on",
                f"This {entry.platform} scene cannot be read, and its integration also "
                f"controls {', '.join(sensitive[:5])}",
            )
        else:
            walk.add(
                Risk.SAFE,
                entity_id,
                "scene.turn_on",
                f"A {entry.platform} scene; that integration controls nothing guarded",
            )

    def _check_scene_create(self, data: Mapping[str, Any], service: str, walk: _Walk) -> None:
        """Add findings for a scene `scene.create` makes, judged as if applied now.

        A scene is read when it is turned on, a moment after Home MCP judged
        that call: one redefined meanwhile would set what was never judged.
        So a scene that would open the house is only made with a person's
        approval, like the action itself. Snapshotted entities count with
        their present state (the scene would bring it back).
        """
        self._check_scene_states(data.get("entities"), service, walk)
        snapshot = data.get("snapshot_entities")
        for entity_id in [snapshot] if isinstance(snapshot, str) else snapshot or []:
            if (state := self._hass.states.get(str(entity_id).strip().lower())) is not None:
                self._check_target_state(
                    state.entity_id, state.state, state.attributes, service, walk
                )

    def _check_scene_states(self, entities: Any, service: str, walk: _Walk) -> None:
        """Add findings for `scene.apply`'s `entities` (entity_id -> state)."""
        if not isinstance(entities, Mapping):
            if entities is not None:
                walk.add(Risk.UNKNOWN, None, service, "The scene's states cannot be read")
            return
        for target_id, value in entities.items():
            attributes: Mapping[str, Any]
            state: Any
            if isinstance(value, State):
                state, attributes = value.state, value.attributes
            elif isinstance(value, Mapping):
                state = value.get("state")
                attributes = value
            else:
                state, attributes = value, {}
            self._check_target_state(
                str(target_id).strip().lower(), state, attributes, service, walk
            )

    def _check_target_state(
        self,
        entity_id: str,
        state: Any,
        attributes: Mapping[str, Any],
        service: str,
        walk: _Walk,
    ) -> None:
        """Add the finding for a macro setting `entity_id` to `state`.

        A group passes the state on to its members (Home Assistant reproduces
        a group's state member by member): members are judged too.
        """
        if self._group_members(entity_id) is not None and entity_id not in walk.path:
            if (problem := self._group_problem([entity_id])) is not None:
                walk.add(Risk.UNKNOWN, entity_id, service, problem)
                return
            with walk.through(entity_id):
                for member in self._group_leaves(entity_id):
                    self._judge_target_state(member, state, attributes, service, walk)
        self._judge_target_state(entity_id, state, attributes, service, walk)

    def _judge_target_state(
        self,
        entity_id: str,
        state: Any,
        attributes: Mapping[str, Any],
        service: str,
        walk: _Walk,
    ) -> None:
        """Add the finding for setting one entity (not its members) to `state`."""
        domain = split_entity_id(entity_id)[0] if "." in entity_id else ""
        state = _static(state)
        value = str(state).lower() if state is not None else None
        position = attributes.get("current_position", attributes.get("position"))
        if entity_id in self._guarded:
            walk.add(
                Risk.OPENS_HOUSE, entity_id, service, "The person marked this entity as guarded"
            )
            return
        entrance = domain in ("lock", "valve", "alarm_control_panel") or (
            domain == "cover"
            and self._device_class(entity_id, self._hass.states.get(entity_id))
            in ENTRANCE_COVER_CLASSES
        )
        if domain == "automation" and value == "off" and self._secures(entity_id, 0):
            walk.add(
                Risk.SYSTEM,
                entity_id,
                service,
                "Turns off an automation that locks, closes or arms: the house would be less safe",
            )
        elif not entrance:
            walk.add(Risk.SAFE, entity_id, service, f"Sets it to {value}")
        elif domain == "alarm_control_panel" and value is not None and value.startswith("armed"):
            walk.add(Risk.SECURING, entity_id, service, f"Sets it to {value}")
        elif value in _OPEN_STATES or (
            isinstance(position, (int, float)) and not isinstance(position, bool) and position > 0
        ):
            walk.add(Risk.OPENS_HOUSE, entity_id, service, f"Sets it to {value}")
        elif value in _CLOSED_STATES:
            walk.add(Risk.SECURING, entity_id, service, f"Sets it to {value}")
        else:
            walk.add(
                Risk.UNKNOWN,
                entity_id,
                service,
                f"Sets it to {value!r}, which Home MCP cannot judge",
            )

    def _group_members(
        self, entity_id: str, override: Mapping[str, list[str]] | None = None
    ) -> list[str] | None:
        """Return a group's members (its `entity_id` attribute), or None."""
        if override is not None and entity_id in override:
            return override[entity_id]
        state = self._hass.states.get(entity_id)
        members = state.attributes.get(ATTR_ENTITY_ID) if state else None
        if isinstance(members, str):
            members = [members]
        if not isinstance(members, (list, tuple)):
            return None
        return [str(m).strip().lower() for m in members if isinstance(m, str)]

    def _group_problem(
        self,
        roots: Iterable[Any],
        override: Mapping[str, list[str]] | None = None,
        max_depth: int | None = None,
    ) -> str | None:
        """Return why nested groups under `roots` cannot be followed safely, or None.

        Walks the membership graph once (iterative depth-first search with
        memoised path counts): a loop, more than `MAX_GROUP_PATHS` member
        paths, or (with `max_depth`) nesting deeper than that is a problem.
        A group listing itself is a loop too: Home Assistant's scene
        reproduction follows it until memory runs out.
        """
        paths: dict[str, int] = {}
        for raw in [roots] if isinstance(roots, str) else roots:
            root = str(raw).strip().lower()
            if root in paths:
                continue
            children = self._group_members(root, override)
            if children is None:
                paths[root] = 1
                continue
            stack: list[tuple[str, list[str], int]] = [(root, children, 0)]
            on_stack = {root}
            total = {root: 0}
            while stack:
                node, members, index = stack[-1]
                if index == len(members):
                    stack.pop()
                    on_stack.discard(node)
                    paths[node] = max(total[node], 1)
                    if paths[node] > MAX_GROUP_PATHS:
                        return (
                            "Groups nested so much that Home Assistant would take too long on them"
                        )
                    if stack:
                        total[stack[-1][0]] += paths[node]
                    continue
                stack[-1] = (node, members, index + 1)
                child = members[index]
                if child in on_stack:
                    return "A group that contains itself: Home Assistant would loop on it"
                if child in paths:
                    total[node] += paths[child]
                    continue
                grandchildren = self._group_members(child, override)
                if grandchildren is None:
                    paths[child] = 1
                    total[node] += 1
                    continue
                if max_depth is not None and len(stack) >= max_depth:
                    return f"Groups nested deeper than {max_depth} levels"
                on_stack.add(child)
                total[child] = 0
                stack.append((child, grandchildren, 0))
        return None

    def _group_leaves(
        self, entity_id: str, override: Mapping[str, list[str]] | None = None
    ) -> list[str]:
        """Return every entity under a group, nested groups included (each once)."""
        seen = {entity_id}
        leaves: list[str] = []
        pending = list(self._group_members(entity_id, override) or [])
        while pending:
            member = pending.pop()
            if member in seen:
                continue
            seen.add(member)
            leaves.append(member)
            pending.extend(self._group_members(member, override) or [])
        return leaves

    def _group_set_members(self, data: Mapping[str, Any]) -> tuple[str, list[str]] | None:
        """Return the group a `group.set` call sets and its members afterwards, or None."""
        object_id = data.get("object_id")
        if not isinstance(object_id, str):
            return None
        group_id = f"group.{object_id.strip().lower()}"
        members: list[str] = []
        if "entities" not in data:
            members.extend(self._group_members(group_id) or [])
        for key in ("entities", "add_entities"):
            value = data.get(key)
            items = [value] if isinstance(value, str) else value or []
            members.extend(str(item).strip().lower() for item in items)
        return group_id, members

    def _group_set_problem(self, data: Mapping[str, Any]) -> str | None:
        """Return why a `group.set` call would make a dangerous group, or None."""
        if (found := self._group_set_members(data)) is None:
            return None
        group_id, members = found
        return self._group_problem(
            [group_id], override={group_id: members}, max_depth=MAX_NEW_GROUP_DEPTH
        )

    def _group_set_newcomers(self, data: Mapping[str, Any]) -> list[str]:
        """Return the entities that can open the house a `group.set` call brings into a group.

        Members reached through nested groups count. Home Assistant reads a
        group's members when an action on the group runs, not when Home MCP
        judged it: a group that gains a lock while a scene applied to it is
        running would carry the scene's `unlocked` to the lock. So no such
        entity enters a group from MCP without a person's approval; members
        it already had stay (actions on the group are judged with them).
        """
        if (found := self._group_set_members(data)) is None:
            return []
        group_id, members = found
        before = set(self._group_leaves(group_id))
        after = set(self._group_leaves(group_id, {group_id: members}))
        return sorted(e for e in after - before if self._opens_through_group(e))

    def _opens_through_group(self, entity_id: str) -> bool:
        """Return True if an action on a group could open the house through this member.

        An entity that can open the house itself, or a script, scene or
        automation whose run would do a guarded action (turning a group on
        runs its scripts and scenes).
        """
        if self.async_is_sensitive_entity(entity_id):
            return True
        if split_entity_id(entity_id)[0] not in ("script", "scene", "automation"):
            return False
        probe = _Walk()
        self._check_macro(entity_id, probe, 1)
        return any(finding.risk in GUARDED_RISKS for finding in probe.findings)

    def _secures(self, automation_id: str, depth: int) -> bool:
        """Return True if an automation's actions do anything but safe ones."""
        probe = _Walk(path=(automation_id,))
        state = self._hass.states.get(automation_id)
        if state is not None and state.state == "off":
            return False  # Already off: turning it off changes nothing.
        entity = self._entity_object(automation_id)
        sequence = getattr(getattr(entity, "action_script", None), "sequence", None)
        if not isinstance(sequence, list):
            return False
        self._check_sequence(sequence, probe, depth + 1)
        return any(finding.risk is not Risk.SAFE for finding in probe.findings)

    def _check_reactions(self, entity_id: str, walk: _Walk, depth: int) -> None:
        """Add findings for automations that would react to `entity_id` changing.

        An automation whose trigger watches the entity (a state, numeric
        state, zone, calendar or device trigger naming it, or a template
        mentioning it; a person follows its device trackers) runs its actions
        when the entity changes, so they are judged as part of this action.
        Conditions are not evaluated: every branch counts. Enabled or not: an
        automation can be enabled by a later call.
        """
        if walk.reactions is None:
            walk.reactions = self._automation_triggers()
        watched = [entity_id]
        if entity_id.startswith("device_tracker."):
            for person in self._hass.states.async_all("person"):
                trackers = person.attributes.get("device_trackers") or []
                if entity_id in trackers:
                    watched.append(person.entity_id)
        for watched_id in watched:
            for automation_id in walk.reactions.get(watched_id, []):
                key = f"{watched_id}>{automation_id}"
                if automation_id in walk.path or key in walk.reacted:
                    continue
                walk.reacted.add(key)
                with walk.through(*dict.fromkeys((entity_id, watched_id))):
                    self._check_macro(automation_id, walk, depth + 1)

    def _check_event_reactions(self, event_type: Any, walk: _Walk, depth: int) -> None:
        """Add findings for automations an `event:` action of a macro would trigger.

        A templated event type could be any event: every automation with an
        event trigger is judged.
        """
        if walk.reactions is None:
            walk.reactions = self._automation_triggers()
        key = None if _is_dynamic(event_type) else f"event:{_static(event_type)}"
        automations = (
            walk.reactions.get(key, [])
            if key is not None
            else sorted(
                {a for k, ids in walk.reactions.items() if k.startswith("event:") for a in ids}
            )
        )
        for automation_id in automations:
            if automation_id not in walk.path:
                self._check_macro(automation_id, walk, depth + 1)

    def _automation_triggers(self) -> dict[str, list[str]]:
        """Return entity id (or `event:<type>`) -> automations triggered by it."""
        index: dict[str, list[str]] = {}
        component = self._hass.data.get(DATA_INSTANCES, {}).get("automation")
        if component is None:
            return index
        registry = er.async_get(self._hass)
        for entity in component.entities:
            config = getattr(entity, "raw_config", None)
            if not isinstance(config, Mapping):
                continue
            triggers = config.get("triggers", config.get("trigger"))
            keys = _mentioned_entities(triggers, registry)
            for trigger in triggers if isinstance(triggers, list) else [triggers]:
                if not isinstance(trigger, Mapping):
                    continue
                if trigger.get("trigger", trigger.get("platform")) != "event":
                    continue
                event_types = trigger.get("event_type")
                for event_type in (
                    [event_types] if isinstance(event_types, str) else event_types or []
                ):
                    keys.add(f"event:{event_type}")
            for key in keys:
                index.setdefault(key, []).append(entity.entity_id)
        return index

    def _switch_wrapper(self, entity_id: str) -> tuple[str, str, Mapping[str, str]] | None:
        """Return what a switch drives when Switch as X wraps it as a lock, cover or valve.

        Returns `(wrapper entity id, wrapper domain, switch service -> wrapper
        service)`, or None for a plain switch. Turning the switch on unlocks
        the wrapping lock (locks it when inverted) and opens a wrapping cover
        or valve (closes it when inverted).
        """
        registry = er.async_get(self._hass)
        for entry in self._hass.config_entries.async_entries("switch_as_x"):
            source = entry.options.get(ATTR_ENTITY_ID)
            if not isinstance(source, str):
                continue
            if er.async_resolve_entity_id(registry, source) != entity_id:
                continue
            domain = entry.options.get("target_domain")
            if domain not in ("lock", "cover", "valve"):
                return None
            wrappers = er.async_entries_for_config_entry(registry, entry.entry_id)
            if not wrappers:
                return None
            invert = bool(entry.options.get("invert", False))
            on, off = {
                "lock": ("unlock", "lock"),
                "cover": ("open_cover", "close_cover"),
                "valve": ("open_valve", "close_valve"),
            }[domain]
            if invert:
                on, off = off, on
            return wrappers[0].entity_id, domain, {"turn_on": on, "turn_off": off}
        return None

    # -- lookups -------------------------------------------------------------

    def _is_entity_domain(self, domain: str) -> bool:
        """Return True if `domain` is an entity component (light, lock, ...)."""
        return domain in self._hass.data.get(DATA_INSTANCES, {})

    def _entity_object(self, entity_id: str) -> Any:
        """Return the entity object behind `entity_id` from its component."""
        component = self._hass.data.get(DATA_INSTANCES, {}).get(split_entity_id(entity_id)[0])
        return component.get_entity(entity_id) if component is not None else None

    def _motion(self, entity_id: str, state: State | None) -> str | None:
        """Return open, opening, closed or closing, as the entity itself says.

        The state machine and the entity agree in practice; when they do not
        (a stale or overwritten state), the more dangerous reading wins: a
        toggle is only judged to close what both call open.
        """
        current = state.state if state is not None else None
        entity = self._entity_object(entity_id)
        if entity is None:
            return current
        if getattr(entity, "is_closing", None) is True:
            return "closing"
        if getattr(entity, "is_closed", None) is True:
            return "closed"
        if getattr(entity, "is_opening", None) is True:
            return "opening"
        return current

    def _device_class(self, entity_id: str, state: State | None) -> str | None:
        """Return the device class from the state, else from the registry."""
        if state is not None and (device_class := state.attributes.get(ATTR_DEVICE_CLASS)):
            return str(device_class)
        entry = er.async_get(self._hass).async_get(entity_id)
        if entry is not None:
            return entry.device_class or entry.original_device_class
        return None

    def _is_sensitive(self, entity_id: str) -> bool:
        """Return True for an entity whose actions can open the house."""
        if entity_id in self._guarded:
            return True
        domain = split_entity_id(entity_id)[0]
        if domain in _SENSITIVE_DOMAINS:
            return True
        if domain == "switch" and (wrapper := self._switch_wrapper(entity_id)) is not None:
            return self._is_sensitive(wrapper[0])
        if domain == "cover":
            return (
                self._device_class(entity_id, self._hass.states.get(entity_id))
                in ENTRANCE_COVER_CLASSES
            )
        return False


# -- pure helpers ---------------------------------------------------------------


def _is_dynamic(value: Any) -> bool:
    """Return True for a template that renders differently at run time."""
    if isinstance(value, Template):
        return not value.is_static
    if isinstance(value, str):
        return "{{" in value or "{%" in value
    if isinstance(value, Mapping):
        return any(_is_dynamic(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_is_dynamic(v) for v in value)
    return False


def _static(value: Any) -> Any:
    """Return a static template's text, anything else unchanged."""
    if isinstance(value, Template):
        return value.template
    return value


_ENTITY_ID_IN_TEXT: Final = re.compile(r"\b([a-z0-9_]+\.[a-z0-9_]+)\b")


def _mentioned_entities(config: Any, registry: er.EntityRegistry) -> set[str]:
    """Return every entity id a trigger configuration mentions.

    `entity_id` values (ids or registry ids) and entity-id-shaped words in any
    string (templates). Over-reads rather than under-reads.
    """
    found: set[str] = set()
    if isinstance(config, Mapping):
        for key, value in config.items():
            if key == ATTR_ENTITY_ID:
                for item in [value] if isinstance(value, str) else value or []:
                    if isinstance(item, str):
                        found.add(er.async_resolve_entity_id(registry, item) or item)
            else:
                found |= _mentioned_entities(value, registry)
    elif isinstance(config, (list, tuple)):
        for item in config:
            found |= _mentioned_entities(item, registry)
    elif isinstance(config, str):
        found.update(_ENTITY_ID_IN_TEXT.findall(config))
    return found


def _names_own_notification(data: Any) -> bool:
    """Return True if service data anywhere names a Home MCP notification id.

    Persistent notifications are reached by `persistent_notification.*` and by
    notify services that pass `data.notification_id` on; either could rewrite
    or dismiss an approval request.
    """
    if isinstance(data, Mapping):
        for key, value in data.items():
            if (
                key == "notification_id"
                and isinstance(value, str)
                and value.strip().lower().startswith(DOMAIN)
            ):
                return True
            if _names_own_notification(value):
                return True
    elif isinstance(data, (list, tuple)):
        return any(_names_own_notification(item) for item in data)
    return False


def _links_approval_page(data: Any) -> bool:
    """Return True if any text in service data points at Home MCP's panel.

    Only Home MCP's own notifications link to its approval pages; a
    notification, message or anything else made from MCP that does could
    dress an unlock request up as something harmless.
    """
    if isinstance(data, str):
        return f"/{PANEL_URL_PATH}" in data.lower().replace("%2f", "/")
    if isinstance(data, Mapping):
        return any(_links_approval_page(value) for value in data.values())
    if isinstance(data, (list, tuple)):
        return any(_links_approval_page(item) for item in data)
    return False


def _truthy(value: Any) -> bool:
    return value is True or (isinstance(value, str) and value.lower() in ("true", "1", "yes", "on"))


def _merge_targets(
    target: Mapping[str, Any], data: Mapping[str, Any]
) -> tuple[dict[str, Any], bool]:
    """Merge target keys from `target` and `data` into one selector.

    Returns the selector and whether any part of it is a template. Values are
    normalised to lists of strings; a value of another type makes the target
    dynamic (the gate cannot say what it reaches).
    """
    selector: dict[str, Any] = {}
    dynamic = "__template__" in data
    for source in (data, target):
        for key in TARGET_KEYS:
            if key not in source:
                continue
            value = source[key]
            if _is_dynamic(value):
                dynamic = True
                continue
            value = _static(value)
            values: Sequence[Any]
            if value is None:
                continue
            values = [value] if isinstance(value, str) else value
            if not isinstance(values, (list, tuple)) or not all(
                isinstance(v, (str, Template)) for v in values
            ):
                dynamic = True
                continue
            items = [str(_static(v)).strip() for v in values]
            expanded = [part.strip() for item in items for part in item.split(",") if part.strip()]
            selector.setdefault(key, []).extend(expanded)
    return selector, dynamic


def _lock_risk(service: str) -> tuple[Risk, str]:
    if service in ("lock", "locking"):
        return Risk.SECURING, "Locks"
    if service in ("unlock", "open", "toggle"):
        return Risk.OPENS_HOUSE, "Unlocks or opens a lock"
    return Risk.UNKNOWN, f"An unknown lock action ({service})"


def _alarm_risk(service: str, state: State | None) -> tuple[Risk, str]:
    if service.startswith(("alarm_arm_", "arm_")):
        return Risk.SECURING, "Arms the alarm"
    if service in ("alarm_disarm", "disarm"):
        return Risk.OPENS_HOUSE, "Disarms the alarm"
    if service in ("alarm_trigger", "trigger"):
        return Risk.SAFE, "Sounds the alarm"
    if service == "toggle":
        if state is not None and state.state.startswith("armed"):
            return Risk.OPENS_HOUSE, "Toggling an armed alarm disarms it"
        return Risk.SECURING, "Toggling a disarmed alarm arms it"
    return Risk.UNKNOWN, f"An unknown alarm action ({service})"


def _opening_risk(
    service: str, data: Mapping[str, Any], current: str | None, what: str
) -> tuple[Risk, str]:
    """Risk of a cover (door, gate, garage) or valve service.

    current: the entity's state as `Gate._motion` reads it (open, opening,
    closed, closing, or None when unknown).
    """
    if service.startswith("close"):
        return Risk.SECURING, f"Closes the {what}"
    if service.startswith("open") or service == "turn_on":
        return Risk.OPENS_HOUSE, f"Opens the {what}"
    if service.startswith("set_"):
        value = _static(data.get("tilt_position" if "tilt" in service else "position"))
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value <= 0:
            return Risk.SECURING, f"Moves the {what} to closed"
        return Risk.OPENS_HOUSE, f"Moves the {what} to an open position"
    if service.startswith("toggle"):
        if current in ("open", "opening"):
            return Risk.SECURING, f"The {what} is {current}, so toggling closes it"
        return (
            Risk.OPENS_HOUSE,
            f"The {what} is {current or 'in an unknown state'}, so toggling may open it",
        )
    if service.startswith("stop"):
        if current == "closing":
            return Risk.OPENS_HOUSE, f"Stopping a closing {what} leaves it open"
        return Risk.SAFE, f"Stops the {what}"
    return Risk.UNKNOWN, f"An unknown {what} action ({service})"
