"""The gate: one decision for every path an action can take.

`Gate.async_check` judges an `Action` before anything moves: its data as the
service's own schema reads it, then every effect it has (`judge.Judge`),
each decided by the rule table (`rules.py`), with what the house's own
automations would do in reaction (the perimeter, `perimeter.HouseIndex`).
The same judgement answers the catalogue (`async_service_risk`), the
`guarded` flags of read tools (`async_is_guarded_entity`) and what may be
pre-approved (`async_is_sensitive_entity`). The gate knows nothing of MCP
or HTTP: it takes an action and returns a decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
import logging
from typing import Any

import probatio

from homeassistant.const import ATTR_ENTITY_ID, SERVICE_TURN_ON
from homeassistant.core import CoreState, HomeAssistant, callback, split_entity_id

from .expansion import HouseMap
from .facts import SCRIPT_CONTROLS, script_service
from .footprint import HELPER_WRITE, judge_footprint, write_footprint
from .index import HouseIndex
from .judge import Judge
from .live import Read, distinct, reading, still
from .macros import ASKED_STEPS
from .model import SEVERITY, Action, Decision, Finding, Risk
from .perimeter import Snapshot, build_snapshot
from .proposals import Proposed, is_proposing, judge_change, proposing
from .rules import (
    CATALOGUE_DATA,
    CATALOGUE_NOTES,
    HELPER_WRITE_RULES,
    SENSITIVE_CLASSES,
    HelperWrite,
)
from .targets import acts_on_own_entities_only
from .tripwire import Tripwire
from .verbs import GENERIC_ACTIONS

_LOGGER = logging.getLogger(__name__)


class _Knowledge:
    """A snapshot of the house, with the gate's own idea of what is guarded."""

    def __init__(self, gate: Gate, snapshot: Snapshot) -> None:
        self.hass = snapshot.hass
        self.house: HouseMap = snapshot.house
        self._gate = gate
        self.snapshot = snapshot
        self.reactions = snapshot.reactions
        self.distinct_reactions = snapshot.distinct_reactions
        self.can_open = snapshot.can_open
        self.secures = snapshot.secures
        self.perimeter_entities = snapshot.perimeter_entities
        self.event_keys = snapshot.event_keys
        self.mqtt_keys = snapshot.mqtt_keys
        self.sentence_keys = snapshot.sentence_keys
        self.prompts = snapshot.prompts
        self.prompts_taken_off = snapshot.prompts_taken_off
        self.sets_off = snapshot.sets_off
        self.triggered = snapshot.triggered
        self.while_running = snapshot.while_running
        self.keeps_from_securing = snapshot.keeps_from_securing
        self.waits_on = snapshot.waits_on
        self.securing_runners = snapshot.securing_runners
        self.unreadable_items = snapshot.unreadable_items
        self.options_bound = snapshot.options_bound
        self.options_fed = snapshot.options_fed
        self.computed_settings = snapshot.computed_settings
        self.stands_alone = snapshot.stands_alone
        self.alone = snapshot.alone

    def is_guarded(self, entity_id: str) -> bool:
        return self._gate.async_is_guarded_entity(entity_id)


class Gate:
    """Classifies actions before anything moves.

    guarded_entities: entities the person marked as guarded (a relay switch
        that opens a gate).
    allowed_entities: entities the person pre-approved: their `opens_house`
        findings no longer stop an action. Per entity, never per domain.
    opening_actions: actions leaving Home Assistant the person marked as
        opening (`rest_command.open_gate`, `mqtt.publish gate/set`).
    index: the house's perimeter (shared and kept current by the config
        entry); a gate made without one reads the house once.
    tripwire: watches what the actions the gate let through set off.
    Both lists come from the config entry's options and can only be changed in
    Home Assistant's UI.
    """

    def __init__(
        self,
        hass: HomeAssistant,
        *,
        guarded_entities: Iterable[str] = (),
        allowed_entities: Iterable[str] = (),
        opening_actions: Iterable[str] = (),
        index: HouseIndex | None = None,
        tripwire: Tripwire | None = None,
    ) -> None:
        """Create a gate for `hass` with the person's lists."""
        self._hass = hass
        self._allowed = frozenset(allowed_entities)
        self.index = index or HouseIndex(hass, guarded_entities, opening_actions)
        self.tripwire = tripwire
        self._judging: set[str] = set()
        self._entered = 0  # Checks and questions in progress (`_check`, `async_is_guarded_entity`).
        self._asked_steps = 0  # Steps the checks `_is_guarded` ran for the outermost one walked.
        # `async_check_all`'s decisions, kept with the present states each read, for one snapshot.
        self._kept: dict[str, tuple[Decision, tuple[Read, ...]]] = {}
        self._kept_for: Snapshot | None = None
        # `async_is_guarded_entity`'s answers, kept so too.
        self._flags: dict[str, tuple[bool, tuple[Read, ...]]] = {}

    async def async_ready(self) -> None:
        """Bring the house's index up to date, handing the event loop back as it builds.

        Await it before asking the gate: the gate's answers are as right
        without it (`HouseIndex.async_current` builds at once), only slower
        to come and holding the loop in a large house.
        """
        await self.index.async_ready()

    def _knowledge(self) -> _Knowledge:
        return _Knowledge(self, self.index.async_current())

    @callback
    def async_check_all(self, actions: Iterable[Action]) -> list[Decision]:
        """Return the decision on each action, judged together in this moment.

        The same as `async_check` on each (nothing can change between them:
        no await), sharing the walks of what they have in common (the
        scripts and template entities many macros run), as `list_macros`
        judges a page. Each decision is kept, and given again, while it
        would be the same: the house's index has not been rebuilt (its
        configuration is as it was) and each present state the judgement
        read is the same (`live`: the lock a macro toggles, whether the
        automation it turns off is on). A page asked again judges only
        what changed since.
        """
        memo: dict[tuple[Any, ...], Any] = {}
        knowledge = self._knowledge()
        if not self._keeps(knowledge.snapshot):
            return [self._check(action, knowledge, memo) for action in actions]
        decisions = []
        for action in actions:
            key = repr(action)
            kept = self._kept.get(key)
            if kept is not None and still(self._hass, kept[1]):
                decisions.append(replace(kept[0], action=action))
                continue
            with reading() as found:
                decision = self._check(action, knowledge, memo)
            self._kept[key] = (decision, distinct(found))
            decisions.append(decision)
        return decisions

    def _keeps(self, snapshot: Snapshot) -> bool:
        """Return True if decisions can be kept now, forgetting those of another snapshot.

        Only with an index that follows the house's changes (a new snapshot
        after each), once Home Assistant runs, outside a proposed change
        and a judgement in progress.
        """
        if snapshot is not self._kept_for:
            self._kept, self._flags, self._kept_for = {}, {}, snapshot
        return (
            self.index.follows
            and self._hass.state is CoreState.running
            and not is_proposing()
            and not self._judging
        )

    @callback
    def async_check(self, action: Action) -> Decision:
        """Return the decision on `action`; never raises for odd input.

        Anything the gate cannot understand (malformed targets, a macro it
        cannot read) becomes an `unknown` finding, which is guarded.
        """
        return self._check(action, self._knowledge(), None)

    def _check(
        self,
        action: Action,
        knowledge: _Knowledge,
        memo: dict[tuple[Any, ...], Any] | None,
        *,
        validate: bool = True,
        now: bool = True,
    ) -> Decision:
        """Return the decision on `action`.

        validate: its data as Home Assistant reads it (a catalogue's action
            has no data to read).
        now: judged on the house as it is (False: on any state each entity
            may be in, the worst any call of it could get).
        """
        if not self._entered:
            self._asked_steps = 0
        asked = bool(self._judging)  # Asked whether an entity is guarded: its steps count there.
        judge = Judge(knowledge, now=now, memo=memo)
        self._entered += 1
        try:
            return self._decide(action, judge, validate=validate)
        finally:
            self._entered -= 1
            if asked:
                self._asked_steps += judge.steps

    def _decide(self, action: Action, judge: Judge, *, validate: bool) -> Decision:
        data, rejected = action.service_data(), None
        try:  # The index fails closed on its own (`HouseIndex.async_current`).
            if self._hass.state is not CoreState.running:
                judge.unknown(
                    action.name,
                    "Home Assistant is still starting: Home MCP cannot see the whole house yet",
                )
            if validate:
                data, rejected = self._as_home_assistant_reads_it(action, judge)
            targets = judge.call(action.domain, action.service, {}, data, 0)
        except Exception:  # The gate must fail closed, never open.
            _LOGGER.exception("Gate could not analyse %s", action.name)
            judge.unknown(
                action.name, "Home MCP could not analyse this action, so it is treated as guarded"
            )
            targets = []
        found = dict.fromkeys(judge.findings)  # The same finding reached twice is one.
        return Decision(action, tuple(targets), self._with_allowed(found), data, rejected)

    def _with_allowed(self, findings: Iterable[Finding]) -> tuple[Finding, ...]:
        return tuple(
            Finding(f.risk, f.entity_id, f.service, f.reason, f.via, allowed=True)
            if f.risk is Risk.OPENS_HOUSE and f.entity_id in self._allowed
            else f
            for f in findings
        )

    def _as_home_assistant_reads_it(
        self, action: Action, judge: Judge
    ) -> tuple[dict[str, Any], str | None]:
        """Return the action's data as the service's own schema validates it, and why not.

        Home Assistant normalises service data before acting (entity ids are
        lower-cased and trimmed, `entities` of a scene become states, numbers
        are coerced); judging the raw data would judge something else. Data
        the schema rejects is judged raw, with an `unknown` finding, and
        Home Assistant's message is returned with it.
        """
        data = action.service_data()
        services = self._hass.services.async_services_for_domain(action.domain)
        service = services.get(action.service)
        schema = service.schema if service is not None else None
        if schema is None:
            return data, None
        try:
            validated = schema(data)
        except (probatio.Invalid, ValueError, TypeError) as err:
            judge.unknown(
                action.name,
                f"Home Assistant rejects this data ({err}), so Home MCP does not judge it",
            )
            return data, str(err)
        return (dict(validated) if isinstance(validated, Mapping) else data), None

    @callback
    def async_judge_write(self, entity_id: str, item: Proposed | None) -> tuple[Finding, ...]:
        """Return what writing automation, script or scene `entity_id` (None: removing it) changes.

        The house is read again as it would be with the change
        (`proposals.proposing`) and its perimeter compared with today's
        (`proposals.judge_change`): what the item would do when it runs,
        what becomes able to open the house, and securing automations or
        scripts removed, changed or no longer securing. Fails closed: a
        house that cannot be read with the change is an `unknown` finding.
        What the item's run does is judged as a macro run later is (on any
        state): opening, and keeping what secures the house from securing it;
        so is what the house's automations do on what the write itself
        fires (`footprint.WRITES`: its domain's reload, the entity
        registry's update, `home_mcp_config_written`).
        """
        return self.async_judge_writes({entity_id: item})

    @callback
    def async_judge_writes(self, items: Mapping[str, Proposed | None]) -> tuple[Finding, ...]:
        """Return what writing several automations, scripts or scenes at once changes.

        As `async_judge_write`, the house read once with all of `items`
        (entity id -> the item as it would be, None: removed): a blueprint
        rewritten changes every automation and script that uses it together.
        """
        current = self.index.async_current()
        findings: list[Finding] = []
        try:
            ran_by = {entity_id: current.securing_runners(entity_id) for entity_id in items}
            with proposing(items):
                future = build_snapshot(self._hass, self.index.guarded, self.index.opening_actions)
                for entity_id, item in items.items():
                    findings.extend(judge_change(current, future, entity_id, removed=item is None))
                judge = Judge(_Knowledge(self, future), now=False, repeats=True)
                for entity_id, item in items.items():
                    if item is not None:
                        # What running it does, on any state: opening, and also
                        # keeping what secures the house from doing so. Its own
                        # runs, not a caller's beside them (`paths.judge_start_script`).
                        judge.run_macro(entity_id, 0)
                # What the write itself fires: the reload, the registry's and
                # Home MCP's events (`footprint.WRITES`).
                written = {
                    (split_entity_id(entity_id)[0], "delete" if item is None else "save"): None
                    for entity_id, item in items.items()
                }
                for domain, operation in written:
                    judge_footprint(judge, write_footprint(domain, operation))
                findings.extend(judge.findings)
                findings.extend(
                    Finding(
                        Risk.SYSTEM,
                        entity_id,
                        f"{split_entity_id(entity_id)[0]}.{'delete' if item is None else 'save'}",
                        f"{macro} runs it, and locks, closes or arms",
                        (macro,),
                    )
                    for entity_id, item in items.items()
                    for macro in ran_by[entity_id]
                )
        except Exception:  # The gate must fail closed, never open.
            _LOGGER.exception("Gate could not judge a change to %s", ", ".join(items))
            findings = [
                Finding(
                    Risk.UNKNOWN,
                    entity_id,
                    f"{split_entity_id(entity_id)[0]}.save",
                    "Home MCP could not read the house with this change, so it is guarded",
                )
                for entity_id in items
            ]
        return self._with_allowed(dict.fromkeys(findings))

    @callback
    def async_judge_footprint(self, domain: str, operation: str) -> tuple[Finding, ...]:
        """Return what the house's automations do on what a write of `domain` fires.

        For a write that changes no entity (a dashboard's): only what it
        fires (`footprint.WRITES`) can set something off.
        """
        judge = Judge(_Knowledge(self, self.index.async_current()), now=False)
        judge_footprint(judge, write_footprint(domain, operation))
        return self._with_allowed(dict.fromkeys(judge.findings))

    @callback
    def async_judge_helper_write(self, entity_id: str, service: str) -> tuple[Finding, ...]:
        """Return what creating, changing or deleting helper `entity_id` risks.

        A helper does what the house does when it changes: the first line of
        `rules.HELPER_WRITE_RULES` whose condition holds decides (one whose
        value can open the house, in the perimeter, opens it; one that what
        secures the house reads or waits for, or acts on, "select Night"
        failing, is a system change). What the house's automations do on
        what the write itself fires (`footprint.HELPER_WRITE`) is the
        write's own effect too.
        """
        snapshot = self.index.async_current()
        judge = Judge(_Knowledge(self, snapshot), now=False)
        judge_footprint(judge, HELPER_WRITE)
        bound = snapshot.options_bound.get(entity_id)
        acting = snapshot.acted_by.get(entity_id)
        # What its change sets off that secures: rewritten or deleted, it may not (not
        # a helper being created, which sets nothing off yet).
        firing = sorted(
            {
                trigger.automation_id
                for trigger in snapshot.triggers_on.get(entity_id, ())
                if trigger.automation_id in snapshot.securing
            }
            if self._hass.states.get(entity_id) is not None
            else ()
        )
        holds: Mapping[HelperWrite, Callable[[], object]] = {
            HelperWrite.OPTIONS_BOUND: lambda: bound,
            HelperWrite.IN_PERIMETER: lambda: snapshot.in_perimeter(entity_id),
            HelperWrite.SETS_OFF_SECURING: lambda: firing,
            HelperWrite.GUARDED: lambda: self.async_is_guarded_entity(entity_id),
            HelperWrite.ACTED_ON: lambda: acting,
            HelperWrite.PLAIN: lambda: True,
        }
        rule = next(rule for rule in HELPER_WRITE_RULES if holds[rule.when]())
        named = {
            HelperWrite.OPTIONS_BOUND: bound,
            HelperWrite.SETS_OFF_SECURING: firing,
            HelperWrite.ACTED_ON: acting,
        }
        via = list(named.get(rule.when) or [])[:1]
        reason = rule.reason.format(macro=via[0]) if via else rule.reason
        finding = Finding(rule.risk, entity_id, service, reason, tuple(via))
        return self._with_allowed(dict.fromkeys([finding, *judge.findings]))

    @callback
    def async_is_guarded_entity(self, entity_id: str) -> bool:
        """Return True if some action on `entity_id`, or some change of it, is guarded.

        The `guarded` flag of read tools (`get_entity`, `list_entities`, the
        overview's covers, the rooms), and what a judgement asks of an entity
        brought into a group (`When.GUARDED`), of a device's or an
        integration scene's siblings: the decisions `async_check` makes on
        the actions on it (`actions_on`), asked of the same code (`_check`),
        never a list of conditions of its own. Each is judged with whatever
        data it may carry: no call is made, so Home Assistant's schema is not
        asked, and what the data leaves out the judge reads on its dangerous
        side (`set_cover_position` without a position opens). A pre-approved
        entity stays guarded here: its approval lets its openings through,
        it does not make them harmless. Kept, as `async_check_all` keeps its
        decisions, while the snapshot and every state the judgement read
        are the same.
        """
        if not self._entered:
            self._asked_steps = 0
        self._entered += 1
        try:
            return self._is_guarded(entity_id)
        finally:
            self._entered -= 1

    def _is_guarded(self, entity_id: str) -> bool:
        snapshot = self.index.async_current()
        keeps = self._keeps(snapshot)
        kept = self._flags.get(entity_id) if keeps else None
        if kept is not None and still(self._hass, kept[1]):
            return kept[0]
        if entity_id in self._judging:
            return True  # A macro that puts itself in a group: the cautious answer.
        if self._asked_steps > ASKED_STEPS:
            return True  # Its checks would walk past what one check may ask: the same.
        knowledge = _Knowledge(self, snapshot)
        memo: dict[tuple[Any, ...], Any] = {}
        self._judging.add(entity_id)
        try:
            with reading() as found:
                guarded = any(
                    self._check(action, knowledge, memo, validate=False).guards
                    for action in self.actions_on(entity_id)
                )
        finally:
            self._judging.discard(entity_id)
        if keeps:
            self._flags[entity_id] = (guarded, distinct(found))
        return guarded

    def actions_on(self, entity_id: str) -> list[Action]:
        """Return the actions on `entity_id` whose decisions make its `guarded` flag.

        A scene setting it to a state no verb names (`scene.apply`): any
        change of it, as what watches it sees it, a group's passed to its
        members. Its run, for a script, a scene or an automation
        (`macro_action`, what `list_macros` asks). Each of its domain's own
        entity services, and `homeassistant.turn_on`, `turn_off` and
        `toggle`. What a rule says of an action as a whole is the action's,
        not the entity's (`Decision.guards`): `update.install` waits, the
        update entity is not guarded for it.
        """
        domain = split_entity_id(entity_id)[0]
        target = {ATTR_ENTITY_ID: [entity_id]}
        actions = [Action("scene", "apply", {}, {"entities": {entity_id: None}})]
        if domain in ("script", "scene", "automation"):
            actions.append(self.macro_action(entity_id))
        actions.extend(
            Action(domain, service, target)
            for service in sorted(self._hass.services.async_services_for_domain(domain))
            if acts_on_own_entities_only(self._hass, domain, service)
        )
        actions.extend(Action("homeassistant", verb, target) for verb in GENERIC_ACTIONS)
        # An automation's run is its own `automation.trigger`: judged once.
        return list({repr(action): action for action in actions}.values())

    @callback
    def async_is_sensitive_entity(self, entity_id: str) -> bool:
        """Return True for an entity whose own actions can open the house.

        Locks, valves, alarm panels, entrance covers, switches that Switch as
        X presents as one of those, and the person's extra guarded entities.
        These are what can be pre-approved.
        """
        return self.index.async_current().house.sensitive_class(entity_id) in SENSITIVE_CLASSES

    def macro_action(self, entity_id: str) -> Action:
        """Return the action that runs a script, scene or automation entity.

        Scripts run through their own service (`script.<key>`, which a
        renamed entity keeps), which waits for the script to finish; scenes
        through `scene.turn_on`; automations through `automation.trigger`
        (their actions only).
        """
        domain = split_entity_id(entity_id)[0]
        if domain == "script":
            return Action("script", script_service(self._hass, entity_id))
        if domain == "scene":
            return Action("scene", SERVICE_TURN_ON, {ATTR_ENTITY_ID: [entity_id]})
        return Action("automation", "trigger", {ATTR_ENTITY_ID: [entity_id]})

    @callback
    def async_service_risk(self, domain: str, service: str) -> tuple[Risk, str]:
        """Return the most severe risk `domain.service` can have here, and why.

        For catalogues (`list_services`): the action is judged on every
        entity of its domain that the rules or the perimeter make special, on
        any state (a toggle may open), so the answer is the worst a call
        could get; `call_service` judges the real call the same way.
        """
        if domain == "script" and service not in SCRIPT_CONTROLS:
            return _worst(self.async_check(Action("script", service)).findings)
        knowledge = self._knowledge()
        every = (
            self._hass.states.async_entity_ids()
            if domain == "homeassistant"
            else self._hass.states.async_entity_ids(domain)
        )
        snapshot = self.index.async_current()
        special = sorted(
            e for e in every if not knowledge.house.is_plain(e) or snapshot.in_perimeter(e)
        )
        target = {ATTR_ENTITY_ID: special} if special else {}
        data = CATALOGUE_DATA[domain][0] if domain in CATALOGUE_DATA else {}
        decision = self._check(
            Action(domain, service, target, data), knowledge, None, validate=False, now=False
        )
        findings = list(decision.findings)
        if (note := CATALOGUE_NOTES.get(f"{domain}.{service}")) is not None:
            findings.append(Finding(note[0], None, f"{domain}.{service}", note[1]))
        return _worst(findings)


def _worst(findings: Iterable[Finding]) -> tuple[Risk, str]:
    """Return the most severe finding's risk and reason, saying where.

    Findings that stop an action come first: a pre-approved entity's
    opening is said only when nothing else is guarded.
    """
    found = list(findings)
    found = [f for f in found if f.blocks] or found
    for risk in SEVERITY:
        for finding in found:
            if finding.risk is risk:
                where = " via ".join(
                    dict.fromkeys(e for e in (finding.entity_id, *finding.via[::-1]) if e)
                )
                reason = f"{finding.reason} ({where})" if where else finding.reason
                return risk, reason
    return Risk.SAFE, "Does not open the house"
