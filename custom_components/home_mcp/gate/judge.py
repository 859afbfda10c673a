"""One analysis: an action walked down to its effects, each judged by the rules.

`Judge.call` takes a service call (from a client, or inside a macro) and
reduces it to effects on entities: targets expanded (`targets.py`), each
entity's own verb (`expansion.entity_verb`), scene states as verbs, device
actions, `group.set` newcomers, presence. `Judge.effect` then follows what
the effect reaches beyond its entity (a Switch as X relay's lock, a
template entity's own scripts, a script's or scene's contents), judges the
effect with the rule table (`rules.entity_rule`), and adds what the house's
own automations would do in reaction (`Knowledge.reactions`, the
perimeter). Nothing here knows how the action was asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Protocol

from homeassistant.const import ATTR_ENTITY_ID
from homeassistant.core import HomeAssistant, State, split_entity_id
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers.entity_component import DATA_INSTANCES

from .expansion import HouseMap, device_action_verb, entity_verb, state_verbs, template_scripts
from .macros import MAX_DEPTH, walk
from .messages import names_own_notification, speaks_as_home_mcp
from .model import Effect, Finding, Risk
from .reads import EVERYTHING, Reads
from .rules import (
    ALARM_LEVELS,
    ARM_MODES,
    DATA_RULES,
    MESSAGE_DOMAINS,
    SERVICE_RULES,
    EntityClass,
    When,
    alarm_level,
    entity_rule,
)
from .targets import (
    expand,
    group_leaves,
    group_members,
    group_problem,
    group_set,
    group_set_newcomers,
    group_set_problem,
    is_dynamic,
    is_entity_domain,
    merge_targets,
    static,
)

_PLAIN_REASON = "Does not open the house"


class Knowledge(Protocol):
    """What a judge knows about the house beyond the action (`perimeter.Snapshot`)."""

    hass: HomeAssistant
    house: HouseMap

    def reactions(self, key: str) -> Iterable[Finding]:
        """Return what changing `key` sets off (perimeter findings, via from `key`)."""

    def can_open(self, entity_id: str) -> bool:
        """Return True if running an automation or script can open the house."""

    def secures(self, entity_id: str) -> bool:
        """Return True if an automation or script locks, closes or arms."""

    def is_guarded(self, entity_id: str) -> bool:
        """Return True if some action on the entity is guarded."""

    def perimeter_entities(self, domain: str) -> Iterable[str]:
        """Return the entities of `domain` changing which sets something off."""

    def event_keys(self) -> Iterable[str]:
        """Return the `event:` keys something reacts to."""


def entity_object(hass: HomeAssistant, entity_id: str) -> Any:
    """Return the entity object behind `entity_id` from its component."""
    component = hass.data.get(DATA_INSTANCES, {}).get(split_entity_id(entity_id)[0])
    return component.get_entity(entity_id) if component is not None else None


class Judge:
    """Findings for one action, or for one macro the perimeter reads.

    now: True when the action runs now, so the house's present state counts
        (a toggle of an open garage closes it); False for what runs later
        (an automation), judged on any state (a toggle may open).
    reads: collects what the walked sequences read (for the perimeter).
    touched: collects, for the perimeter, every entity (or `domain:`) key an
        effect that is not securing reaches: key -> {verb: via}.
    """

    def __init__(
        self,
        knowledge: Knowledge,
        *,
        now: bool = True,
        reads: Reads | None = None,
        touched: dict[str, dict[str, tuple[str, ...]]] | None = None,
    ) -> None:
        """Start an analysis with nothing found."""
        self._k = knowledge
        self._hass = knowledge.hass
        self._house = knowledge.house
        self.now = now
        self.reads = reads
        self.touched = touched
        self.findings: list[Finding] = []
        self.path: tuple[str, ...] = ()

    def add(self, risk: Risk, entity_id: str | None, service: str, reason: str) -> None:
        """Record a finding reached through the current path."""
        self.findings.append(Finding(risk, entity_id, service, reason, self.path))

    def unknown(self, service: str, reason: str) -> None:
        """Record something that cannot be judged before it runs."""
        self.add(Risk.UNKNOWN, None, service, reason)

    def _data_rule(self, key: str, service: str) -> None:
        rule = DATA_RULES[key]
        self.add(rule.risk, None, service, rule.reason)

    @contextmanager
    def through(self, *entity_ids: str) -> Iterator[None]:
        """Judge what runs inside as reached through `entity_ids`."""
        saved = self.path
        self.path = (*self.path, *entity_ids)
        try:
            yield
        finally:
            self.path = saved

    # -- service calls -------------------------------------------------------

    def call(
        self,
        domain: Any,
        service: Any,
        target: Mapping[str, Any],
        data: Mapping[str, Any],
        depth: int,
    ) -> list[str]:
        """Judge one service call; return the entities it targets directly."""
        if is_dynamic(domain) or is_dynamic(service):
            self._data_rule("templated_action", "templated action")
            return []
        domain, service = str(static(domain)), str(static(service))
        name = f"{domain}.{service}"
        if depth > MAX_DEPTH:
            self.unknown(name, "Macros nest too deeply to analyse")
            return []
        data = data if isinstance(data, Mapping) else {}
        target = target if isinstance(target, Mapping) else {}
        moves, ruled = True, False
        for rule in SERVICE_RULES:
            if rule.matches(domain, service):
                ruled = True
                moves = moves and rule.effects
                if rule.risk is not Risk.SAFE:
                    self.add(rule.risk, None, name, rule.reason)
        if names_own_notification(data):
            self._data_rule("own_notification", name)
        elif speaks_as_home_mcp(data):
            self._data_rule("speaks_as_home_mcp", name)
        for key in (f"service:{name}", f"service:{domain}", "service:*"):
            self._react(key, "call")
        if not moves:
            return []
        entities = self._targets(domain, name, target, data)
        if entities is None:
            return []
        if (domain, service) == ("group", "set"):
            self._group_set(data, name, depth)
        elif (domain, service) == ("group", "remove") and isinstance(data.get("object_id"), str):
            self.effect(Effect(f"group.{data['object_id'].strip().lower()}", "remove"), depth)
        elif (domain, service) == ("device_tracker", "see"):
            self._presence(data, depth)
        elif domain == "script" and service not in ("turn_on", "turn_off", "toggle"):
            self.run_macro(f"script.{service}", depth)
        elif (domain, service) == ("scene", "apply"):
            self._scene_states(data.get("entities"), depth)
        elif (domain, service) == ("scene", "create"):
            self._scene_create(data, depth)
        known = is_entity_domain(self._hass, domain) or domain == "homeassistant"
        if not known and not entities and not ruled and domain not in MESSAGE_DOMAINS:
            self._data_rule("own_means", name)
        elif not known and str(data.get("broadcast", "")).lower() in ("true", "1", "yes", "on"):
            self._data_rule("broadcast", name)
        for entity_id, via in entities.items():
            verb = entity_verb(domain, service, entity_id)
            if verb is None and known:
                continue  # An entity component acts only on its own entities.
            with self.through(*via):
                self.effect(Effect(entity_id, verb or name, data), depth)
        return [entity_id for entity_id, via in entities.items() if not via]

    def _targets(
        self, domain: str, name: str, target: Mapping[str, Any], data: Mapping[str, Any]
    ) -> dict[str, tuple[str, ...]] | None:
        """Return the entities a call reaches (None: judged unknown, nothing more to do)."""
        selector, dynamic = merge_targets(target, data)
        if dynamic:
            if domain == "homeassistant":
                return dict.fromkeys(self._hass.states.async_entity_ids(), ())
            if not is_entity_domain(self._hass, domain):
                self._data_rule("templated_target", name)
                return None
            # An entity component's service reaches only its own entities:
            # judged on every one that is not plain.
            if self.touched is not None:
                self.touched.setdefault(f"domain:{domain}", {}).setdefault(name, self.path)
            ids = [
                *(e for e in self._hass.states.async_entity_ids(domain)
                  if not self._house.is_plain(e)),
                *self._k.perimeter_entities(domain),
            ]  # fmt: skip
            return dict.fromkeys(ids, ())
        if (problem := group_problem(self._hass, selector.get(ATTR_ENTITY_ID, []))) is not None:
            self.unknown(name, problem)
            return None
        try:
            return expand(self._hass, domain, selector)
        except ValueError as err:  # An entity id Home Assistant would refuse.
            self.unknown(name, f"A target Home MCP cannot read: {err}")
            return None

    # -- effects -------------------------------------------------------------

    def effect(self, effect: Effect, depth: int) -> None:
        """Judge one effect, what it reaches, and what it sets off."""
        entity_id, verb = effect.entity_id, effect.verb
        if verb != "join_group" and (wrapper := self._house.wrappers.get(entity_id)) is not None:
            before = len(self.findings)
            with self.through(entity_id):
                mapped = wrapper.verbs.get(verb, verb)
                self.effect(Effect(wrapper.entity_id, mapped, effect.data, effect.state), depth)
            if not any(f.risk is Risk.SECURING for f in self.findings[before:]):
                self._react(entity_id, verb)
            return
        if verb != "join_group" and self._house.is_plain(entity_id):
            self.add(Risk.SAFE, entity_id, effect.service, _PLAIN_REASON)
            self._react(entity_id, verb)
            return
        entity_class = self._house.entity_class(entity_id)
        rule = entity_rule(entity_class, verb, _Facts(self, effect))
        reason = f"{rule.reason} (sets it to {effect.state})" if effect.state else rule.reason
        if entity_class is EntityClass.OPENER and rule.risk is Risk.OPENS_HOUSE:
            with self.through(entity_id):
                for sibling in self._house.siblings.get(entity_id, ()):
                    self.add(Risk.OPENS_HOUSE, sibling, effect.service, rule.reason)
        else:
            self.add(rule.risk, entity_id, effect.service, reason)
        if rule.risk is Risk.SECURING or verb == "join_group":
            return  # Securing actions are never gated, nor what they set off.
        if (
            entity_class is EntityClass.SCRIPT
            and verb in ("turn_on", "toggle")
            or entity_id.startswith("scene.")
            and verb == "turn_on"
            or entity_class is EntityClass.AUTOMATION
            and verb == "trigger"
        ):
            self.run_macro(entity_id, depth)
        if (scripts := self._house.scripts.get(entity_id)) and entity_id not in self.path:
            with self.through(entity_id):
                for _name, script in template_scripts(scripts, verb):
                    walk(self, getattr(script, "sequence", None), depth + 1)
        self._react(entity_id, verb)

    def _react(self, key: str, verb: str | None) -> None:
        """Add what the house's automations would do when `key` changes."""
        if verb is not None and self.touched is not None:
            self.touched.setdefault(key, {}).setdefault(verb, self.path)
        is_entity = "." in key and ":" not in key
        prefix = (*self.path, key) if is_entity else self.path
        keys = [key, f"domain:{key.partition('.')[0]}", EVERYTHING] if is_entity else [key]
        for name in keys:
            for finding in self._k.reactions(name):
                self.findings.append(finding.through(*prefix))

    # -- macros and scene states ---------------------------------------------

    def run_macro(self, entity_id: str, depth: int) -> None:
        """Judge what running a script, scene or automation does."""
        if entity_id in self.path:
            return  # A loop: its actions are already being judged.
        domain = split_entity_id(entity_id)[0]
        with self.through(entity_id):
            entity = entity_object(self._hass, entity_id)
            if domain == "scene":
                self._scene(entity_id, entity, depth)
                return
            if entity is None:
                self.add(Risk.SAFE, entity_id, f"{domain}.run", "No such macro: nothing would run")
                return
            script = getattr(entity, "script" if domain == "script" else "action_script", None)
            sequence = getattr(script, "sequence", None)
            if not isinstance(sequence, list):
                self.add(Risk.UNKNOWN, entity_id, f"{domain}.run",
                         "Home MCP cannot read this macro's actions")  # fmt: skip
                return
            walk(self, sequence, depth + 1)

    def _scene(self, entity_id: str, entity: Any, depth: int) -> None:
        """Judge the states a scene would set."""
        states = getattr(getattr(entity, "scene_config", None), "states", None)
        if isinstance(states, Mapping):
            for target_id, state in states.items():
                if isinstance(state, State):
                    self.state(target_id, state.state, state.attributes, depth)
            return
        if entity is None and self._hass.states.get(entity_id) is None:
            self.add(Risk.SAFE, entity_id, "scene.turn_on", "No such scene: nothing would change")
            return
        # A scene kept by an integration (Hue, deCONZ, ...) reaches only that
        # integration's devices.
        registry = er.async_get(self._hass)
        entry = registry.async_get(entity_id)
        if entry is None or entry.config_entry_id is None:
            self.add(Risk.UNKNOWN, entity_id, "scene.turn_on",
                     "Home MCP cannot read what this scene sets")  # fmt: skip
            return
        siblings = er.async_entries_for_config_entry(registry, entry.config_entry_id)
        if sensitive := sorted(e.entity_id for e in siblings if self._k.is_guarded(e.entity_id)):
            self.add(Risk.UNKNOWN, entity_id, "scene.turn_on",
                     f"This {entry.platform} scene cannot be read, and its integration "
                     f"also controls {', '.join(sensitive[:5])}")  # fmt: skip
        else:
            self.add(Risk.SAFE, entity_id, "scene.turn_on",
                     f"A {entry.platform} scene; that integration controls nothing guarded")  # fmt: skip

    def _scene_states(self, entities: Any, depth: int) -> None:
        """Judge `scene.apply`'s or `scene.create`'s `entities` (entity_id -> state)."""
        if not isinstance(entities, Mapping):
            if entities is not None:
                self.unknown("scene.apply", "The scene's states cannot be read")
            return
        for target_id, value in entities.items():
            if isinstance(value, State):
                self.state(str(target_id), value.state, value.attributes, depth)
            elif isinstance(value, Mapping):
                self.state(str(target_id), value.get("state"), value, depth)
            else:
                self.state(str(target_id), value, {}, depth)

    def _scene_create(self, data: Mapping[str, Any], depth: int) -> None:
        """Judge a scene `scene.create` makes as if applied now.

        A scene is read when it is turned on, a moment after Home MCP judged
        that call: one redefined meanwhile would set what was never judged.
        Snapshotted entities count with their present state.
        """
        self._scene_states(data.get("entities"), depth)
        snapshot = data.get("snapshot_entities")
        for entity_id in [snapshot] if isinstance(snapshot, str) else snapshot or []:
            if (state := self._hass.states.get(str(entity_id).strip().lower())) is not None:
                self.state(state.entity_id, state.state, state.attributes, depth)

    def state(self, entity_id: str, state: Any, attributes: Mapping[str, Any], depth: int) -> None:
        """Judge setting an entity to `state`; a group passes it to every member."""
        entity_id = entity_id.strip().lower()
        if group_members(self._hass, entity_id) is not None and entity_id not in self.path:
            if (problem := group_problem(self._hass, [entity_id])) is not None:
                self.add(Risk.UNKNOWN, entity_id, "scene.apply", problem)
                return
            with self.through(entity_id):
                for member in group_leaves(self._hass, entity_id):
                    self._state_one(member, state, attributes, depth)
        self._state_one(entity_id, state, attributes, depth)

    def _state_one(
        self, entity_id: str, state: Any, attributes: Mapping[str, Any], depth: int
    ) -> None:
        text = str(static(state)).lower() if state is not None else None
        for verb, data in state_verbs(entity_id, static(state), attributes):
            self.effect(Effect(entity_id, verb, data, text), depth)

    # -- other paths ---------------------------------------------------------

    def device_action(self, action: Mapping[str, Any], depth: int) -> None:
        """Judge a device action (`device_id`, `domain`, `type`, maybe `entity_id`)."""
        domain, kind = static(action.get("domain")), static(action.get("type"))
        raw_entity = static(action.get(ATTR_ENTITY_ID))
        registry = er.async_get(self._hass)
        entity_id = (
            er.async_resolve_entity_id(registry, raw_entity)
            if isinstance(raw_entity, str)
            else None
        )
        if not isinstance(domain, str) or not isinstance(kind, str):
            self.add(
                Risk.UNKNOWN, entity_id, "device action", "A device action Home MCP cannot read"
            )
            return
        if entity_id is None:
            device_id = static(action.get("device_id"))
            entries = (
                er.async_entries_for_device(registry, device_id, include_disabled_entities=True)
                if isinstance(device_id, str)
                else []
            )
            if guarded := [e.entity_id for e in entries if self._k.is_guarded(e.entity_id)]:
                self.add(Risk.UNKNOWN, guarded[0], f"{domain}.{kind}",
                         "A device action on a device that also has a lock, door, valve "
                         "or alarm: what it does there cannot be read")  # fmt: skip
            return
        verb = (
            device_action_verb(domain, kind)
            if domain == split_entity_id(entity_id)[0]
            else f"{domain}.{kind}"
        )
        data = {k: v for k, v in action.items() if k in ("position", "tilt_position")}
        self.effect(Effect(entity_id, verb, data), depth)

    def event(self, event_type: Any, depth: int) -> None:
        """Judge firing an event: the automations it triggers."""
        if is_dynamic(event_type) or not isinstance(static(event_type), str):
            keys = [*self._k.event_keys(), "event:*"]
        else:
            keys = [f"event:{static(event_type)}", "event:*"]
        for key in keys:
            self._react(key, "fire")

    def _group_set(self, data: Mapping[str, Any], name: str, depth: int) -> None:
        """Judge `group.set`: what joins the group, and the group's own change."""
        if (found := group_set(self._hass, data)) is None:
            return
        group_id, members = found
        if problem := group_set_problem(self._hass, group_id, members):
            self.unknown(name, problem)
            return
        for newcomer in group_set_newcomers(self._hass, group_id, members):
            self.effect(Effect(newcomer, "join_group"), depth)
        self.effect(Effect(group_id, "set"), depth)

    def _presence(self, data: Mapping[str, Any], depth: int) -> None:
        """Judge `device_tracker.see`: the tracker (and its person) changes."""
        dev_id = data.get("dev_id")
        trackers = (
            [f"device_tracker.{dev_id.strip().lower()}"]
            if isinstance(dev_id, str)
            else self._hass.states.async_entity_ids("device_tracker")
        )
        for tracker in trackers:
            self.effect(Effect(tracker, "see"), depth)


class _Facts:
    """The conditions of `rules.When` for one effect."""

    def __init__(self, judge: Judge, effect: Effect) -> None:
        self._judge = judge
        self._effect = effect

    def _state(self) -> State | None:
        return self._judge._hass.states.get(self._effect.entity_id)  # noqa: SLF001

    def _motion(self) -> str | None:
        """Return open, opening, closed or closing, as the state and the entity say."""
        state = self._state()
        current = state.state if state is not None else None
        entity = entity_object(self._judge._hass, self._effect.entity_id)  # noqa: SLF001
        if entity is None:
            return current
        if getattr(entity, "is_closing", None) is True:
            return "closing"
        if getattr(entity, "is_closed", None) is True:
            return "closed"
        if getattr(entity, "is_opening", None) is True:
            return "opening"
        return current

    def holds(self, when: When) -> bool:
        """Return True if `when` is true for the effect."""
        knowledge = self._judge._k  # noqa: SLF001
        entity_id, now = self._effect.entity_id, self._judge.now
        if when is When.POSITION_ZERO:
            key = "tilt_position" if "tilt" in self._effect.verb else "position"
            value = static(self._effect.data.get(key))
            return isinstance(value, (int, float)) and not isinstance(value, bool) and value <= 0
        if when is When.IS_OPEN:
            return now and self._motion() in ("open", "opening")
        if when is When.IS_CLOSING:
            return not now or self._motion() == "closing"
        if when is When.IS_ARMED:
            state = self._state()
            return not now or state is None or state.state != "disarmed"
        if when is When.WATCHES_LESS:
            state = self._state() if now else None
            current = (
                alarm_level(state.state, state.attributes)
                if state is not None
                else ALARM_LEVELS["armed_away"]
            )
            return ALARM_LEVELS[ARM_MODES[self._effect.verb]] < current
        if when is When.CAN_OPEN:
            return knowledge.can_open(entity_id)
        if when is When.SECURES:
            return knowledge.secures(entity_id)
        if when is When.RUNNING_SECURES:
            state = self._state()
            return (not now or (state is not None and state.state == "on")) and knowledge.secures(
                entity_id
            )
        return knowledge.is_guarded(entity_id)  # When.GUARDED
