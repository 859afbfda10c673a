"""The perimeter: every entity whose change can lead to a guarded action.

An automation that can open the house (unlock, open, disarm; or do any other
guarded thing) acts when what it reads changes. Everything it reads is in
the perimeter: the entities, devices, areas, floors and labels of its
triggers (every kind and syntax), conditions and variables, what the
conditions and templates of its actions read, its `at:` helpers, the event
types it listens to (`reads.py`); and, transitively, whatever the state of
those derives from: template entities (their templates), groups (their
members), people (their trackers), helpers set up from the UI (the entities
their options name). A script or template entity whose actions open the
house counts the same way. An automation that turns such a helper on, or
enables or triggers such an automation, is itself one that opens the house
(a fixpoint over the house's macros).

Changing an entity in the perimeter is judged as what the automations it
feeds would do (`Snapshot.reactions`). The index is rebuilt only after the
house's configuration changes (reloads, registry updates, entities added or
removed, group membership), never per call.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from homeassistant.const import STATE_ON
from homeassistant.core import HomeAssistant

from .broker import is_mqtt_key, publishers
from .expansion import HouseMap, build_house_map
from .facts import entity_object
from .fixpoint import End, Fixpoint, Found, Needs, can_set_off, end_of, sort_key
from .footprint import ANY_TAG, Footprint, tapped_keys
from .judge import ANY_VERB, NESTS_TOO_DEEPLY, Judge, secures_house
from .knowledge import Alone
from .live import present
from .macros import named_states, redefines_trigger, walk
from .model import GUARDED_RISKS, Finding, Risk
from .notices import NoticeWatch, Raised
from .perimeter_keys import (
    ANY_CALL,
    ANY_TIMER,
    EVERYTHING,
    Key,
    KeyKind,
    domain_key,
    is_entity_key,
    kind_of,
)
from .proposals import proposed
from .reads import Reads
from .rules import (
    ACKNOWLEDGING,
    DATA_RULES,
    GUARDED_CLASSES,
    HOLDS,
    OPENING_DEVICE_CLASSES,
    Hold,
    keeps_from_securing,
)
from .securing import (
    acting_on,
    checks_on,
    closes_only_what_it_opened,
    computed_settings,
    dependencies,
    does_as_chained,
    ends_wait_or_restarts,
    is_secured,
    moves_away,
    paused_by,
    redefines,
    runner_reads,
    securing_chains,
    securing_runners,
    step_secures,
    stopped_by,
    unsecuring_answers,
)
from .verbs import resulting_states, verb_states
from .wiring import (
    ON_ITS_OWN,
    Runnable,
    Scope,
    TriggerOn,
    condition_checks,
    derivations,
    derived_closure,
    runnables,
)

_UNREADABLE: Final = (
    "Home MCP could not read the house's configuration (see Home Assistant's log), so "
    "nothing can be called harmless"
)


class Snapshot:
    """The perimeter and the house's wiring, as of one build.

    perimeter: key -> the guarded findings changing it leads to (via from it).
    needs: key -> finding of its perimeter -> the states of the key that set
        it off, where not every change does (`Fixpoint._needs_of`).
    computed: entities whose state is computed from others (a template's, a
        group's): whatever an action asks, any state may follow (`leaves`).
        Not an optimistic template entity, which reads nothing: its state is
        the one its action sets.
    computed_settings: those computed from a setting, however indirectly
        (`securing.computed_settings`: a sensor worked out from the "fade
        minutes" helper): a pause read from one is a client's to set.
    opening: automation, script or template entity -> its guarded findings.
    securing: automations and scripts that lock, close or arm.
    undoing: securing automation -> what it closes after opening it in the
        same run, when that is all it secures (`securing.closes_only_what_it_opened`).
    chained: what secures only by setting off a securing automation -> the
        (key, verb) of each change that does (`securing.securing_chains`).
    checked_by / waiting_on: entity (or a domain's key, `*`) -> the
        securing automations whose conditions check it, or what else
        decides whether or when they secure reads it (`checks_on`), with
        the states they accept and which way (`Hold.CHECK`, `Hold.DECIDES`) /
        timer (or the timer domain's key) -> those that wait for it to finish.
    acted_by: entity -> the securing macros whose actions target it.
    unreadable_items: automation, script or template entity -> why the gate could
        not read it; each is `unknown` for itself.
    external_actions: each action leaving Home Assistant the house's
        automations and scripts take (`external.external_key`) -> them.
    options_bound: `input_select` or `select` -> the automations whose
        templates take their values from its options (`script.{{
        trigger.to_state.state }}`), or a helper the house lacks whose
        state their templates read: new options, or making it, change what
        they do.
    options_fed: what a template select among those is computed from (the
        text helper its options are split from) -> the same automations.
    items: every automation, script, template entity and driving helper read
        on its own: what a walk meets too deep to follow is judged as it.
    not_alone: those whose own judgement cannot stand in for a walk's (they,
        or what they run on their own, secure: `Judge.on_its_own`).
    notices: automation -> its `persistent_notification` triggers and
        conditions (`notices.NoticeWatch`): which notifications can run it.
    prompt_tags: tag (`footprint.ANY_TAG`: one a template decides) -> what
        a tap on each of the owner's notifications sent with it fires.
    prompt_channels: the same by the channel each is posted on (every one:
        one without a channel is on `footprint.GENERAL_CHANNEL`).
    tapped_securing: event key -> the securing automations it triggers, or
        whose run waits for it (a tap on a notification's button among them).
    answering: event or entity key -> the securing macros a wait of whose
        run it answers so that they do not secure (the "Not now" tap), each
        with the states that answer it (None: any change).
    acknowledged: alert that can be acknowledged -> the securing automations
        a tap on its notifications' buttons sets off: acknowledging it keeps
        them from being sent again (`Hold.PROMPT`).
    alerts_ended: entity an alert watches -> (the state it notifies in, the
        securing automations a tap on its notifications' buttons sets off):
        leaving that state ends the alert (`Hold.PROMPT`).
    """

    def __init__(self, hass: HomeAssistant, house: HouseMap) -> None:
        """Start with an empty perimeter."""
        self.hass = hass
        self.house = house
        self.perimeter: dict[str, tuple[Finding, ...]] = {}
        self.needs: dict[str, dict[Finding, Needs]] = {}
        self.computed: frozenset[str] = frozenset()
        self.computed_settings: frozenset[str] = frozenset()
        self.opening: dict[str, tuple[Finding, ...]] = {}
        self.securing: frozenset[str] = frozenset()
        self.undoing: dict[str, frozenset[str]] = {}
        self.chained: dict[str, frozenset[tuple[str, str | None]]] = {}
        self._runners: dict[tuple[str, frozenset[str]], list[str]] = {}
        self._read_by: dict[str, set[str]] = {}
        self.triggers_on: dict[str, list[TriggerOn]] = {}
        self._scoped: dict[str, tuple[tuple[Finding, Scope], ...]] = {}
        self._by_domain: dict[str, list[str]] = {}
        self.unreadable_reason: tuple[Finding, ...] = ()
        self.script_reads: dict[str, list[str]] = {}
        self.polled_by: dict[str, list[str]] = {}
        self.derived: dict[str, frozenset[str]] = {}
        self.checked_by: dict[str, list[tuple[str, frozenset[str] | None, Hold]]] = {}
        self.waiting_on: dict[str, list[str]] = {}
        self.acted_by: dict[str, list[str]] = {}
        self.unreadable_items: dict[str, str] = {}
        self.options_bound: dict[str, list[str]] = {}
        self.options_fed: dict[str, list[str]] = {}
        self.external_actions: dict[str, list[str]] = {}
        self.prompted_by: dict[str, list[tuple[str, Footprint, str]]] = {}
        self.items: frozenset[str] = frozenset()
        self.not_alone: frozenset[str] = frozenset()
        self.notices: dict[str, NoticeWatch] = {}
        self.prompt_tags: dict[str, list[Footprint]] = {}
        self.prompt_channels: dict[str, list[Footprint]] = {}
        self.tapped_securing: dict[str, list[str]] = {}
        self.answering: dict[str, list[tuple[str, frozenset[str] | None]]] = {}
        self.acknowledged: dict[str, frozenset[str]] = {}
        self.alerts_ended: dict[str, list[tuple[str, frozenset[str]]]] = {}
        self._touches: dict[str, dict[str, set[str]]] = {}
        self._alone_edges: dict[str, set[str]] = {}
        self._prompts: dict[str, list[Footprint]] = {}
        self._of_kind: dict[KeyKind, tuple[Mapping[str, tuple[Finding, ...]], tuple[str, ...]]] = {}
        self._alone: dict[str, Alone] = {}
        self._mqtt_keys: frozenset[str] = frozenset()
        # `distinct_reactions`' answers, for the perimeter they were worked out from.
        self._distinct: dict[tuple[str, frozenset[str]], tuple[Finding, ...]] = {}
        self._distinct_for: Mapping[str, tuple[Finding, ...]] | None = None

    @classmethod
    def unreadable(cls, hass: HomeAssistant) -> Snapshot:
        """Return the snapshot of a house whose configuration could not be read.

        Every change is then judged unknown: without the house's wiring,
        nothing can be called harmless.
        """
        snapshot = cls(hass, HouseMap())
        snapshot.perimeter[EVERYTHING] = (Finding(Risk.UNKNOWN, None, "house", _UNREADABLE),)
        return snapshot

    def reactions(self, key: str, states: frozenset[str] = frozenset()) -> Iterable[Finding]:
        """Return what changing `key` to one of `states` (empty: any) sets off."""
        if EVERYTHING in self.perimeter and self.perimeter[EVERYTHING][0].reason == _UNREADABLE:
            return self.perimeter[EVERYTHING]
        found = self.perimeter.get(key, ())
        if not (states := self.leaves(key, states)) or not (needs := self.needs.get(key)):
            return found
        return [f for f in found if can_set_off(needs.get(f), states)]

    def distinct_reactions(
        self, key: str, states: frozenset[str] = frozenset()
    ) -> Sequence[Finding]:
        """Return `reactions`, each effect once, by its first way, with no `spared`.

        What judging an action adds of them (`Judge.react`: each effect once
        per walk, by its first path): worked out once per key and states for
        this snapshot, not at each of the many changes that set them off.
        """
        if self._distinct_for is not self.perimeter:
            self._distinct, self._distinct_for = {}, self.perimeter
        if (found := self._distinct.get((key, states))) is None:
            distinct: dict[tuple[Any, ...], Finding] = {}
            for finding in self.reactions(key, states):
                if finding.spared is not None:
                    finding = replace(finding, spared=None)
                effect = (
                    finding.risk,
                    finding.entity_id,
                    finding.service,
                    finding.reason,
                    finding.allowed,
                )
                distinct.setdefault(effect, finding)
            found = self._distinct[key, states] = tuple(distinct.values())
        return found

    def leaves(self, key: str, states: frozenset[str]) -> frozenset[str]:
        """Return the states a change the verb says leaves `key` in `states` can leave it in.

        Empty: any. A template's or a group's state is computed from others,
        not set by the verb: a template switch whose `turn_on` toggles a relay
        it shows may be left `off`, so whatever reads it counts any change.
        """
        return frozenset() if key in self.computed else states

    def in_perimeter(self, entity_id: str) -> bool:
        """Return True if changing `entity_id` sets off something guarded.

        Its change, or the call of its domain's actions that makes it (a
        `call_service` trigger, a notification any action may raise).
        """
        domain = entity_id.partition(".")[0]
        return any(
            key in self.perimeter
            for key in (
                *self.house.change_keys(entity_id),
                Key(KeyKind.SERVICE, domain),
                ANY_CALL,
            )
        )

    def can_open(self, entity_id: str) -> bool:
        """Return True if running this automation or script can do something guarded."""
        return entity_id in self.opening

    def secures(self, entity_id: str, *, now: bool = False) -> bool:
        """Return True if this automation or script locks, closes or arms.

        `now`: as it is now. An automation that only closes what it opened
        itself (`undoing`) secures while it runs, or while what it would
        close is open (opened by someone else, its next run closes it).
        """
        if now and (undone := self.undoing.get(entity_id)) is not None:
            state = present(self.hass, entity_id)
            running = state is not None and bool(state.attributes.get("current"))
            return running or not all(is_secured(present(self.hass, e)) for e in undone)
        return entity_id in self.securing

    def securing_runners(self, macro_id: str) -> list[str]:
        """Return the securing macros that run script or scene `macro_id` (`securing_runners`).

        Read once per script and securing set: each run of it asks.
        """
        key = (macro_id, self.securing)
        if (found := self._runners.get(key)) is None:
            found = securing_runners(self.hass, self.securing, macro_id, self._runner_reads)
            self._runners[key] = found
        return list(found)

    def _runner_reads(self, macro_id: str) -> set[str]:
        if (reads := self._read_by.get(macro_id)) is None:
            reads = self._read_by[macro_id] = runner_reads(self.hass, macro_id)
        return reads

    def is_guarded(self, entity_id: str) -> bool:
        """Return True for an entity whose own actions are guarded (while building).

        While the perimeter is built there is no judgement to ask yet: an
        entity of a class the rule table always guards some action on
        (`rules.GUARDED_CLASSES`), or in the perimeter. Once built, the gate
        asks its judgement instead (`Gate.async_is_guarded_entity`).
        """
        return self.house.sensitive_class(entity_id) in GUARDED_CLASSES or self.in_perimeter(
            entity_id
        )

    def perimeter_entities(self, domain: str) -> Iterable[str]:
        """Return the entities of `domain` in the perimeter (all for a domain-wide read)."""
        if domain_key(domain) in self.perimeter or EVERYTHING in self.perimeter:
            return self.hass.states.async_entity_ids(domain)
        return self._by_domain.get(domain, ())

    def event_keys(self) -> Iterable[str]:
        """Return the event keys something reacts to (read once per perimeter)."""
        return self._keys_of(KeyKind.EVENT)

    def sentence_keys(self) -> Iterable[str]:
        """Return the sentence keys (sentence triggers) something reacts to."""
        return self._keys_of(KeyKind.SENTENCE)

    def _keys_of(self, kind: KeyKind) -> tuple[str, ...]:
        found = self._of_kind.get(kind)
        if found is None or found[0] is not self.perimeter:
            keys = tuple(key for key in self.perimeter if kind_of(key) is kind)
            self._of_kind[kind] = found = (self.perimeter, keys)
        return found[1]

    def mqtt_keys(self) -> Iterable[str]:
        """Return the MQTT keys of the house's `mqtt` triggers (read before its walks)."""
        return self._mqtt_keys

    def sets_off(self, automation_id: str, key: str, notice: Raised) -> bool:
        """Return True if `notice`, raised by a call of key `key`, can run the automation."""
        watch = self.notices.get(automation_id)
        return watch is None or watch.sets_off(key, notice)

    def prompts(
        self, key: str, states: frozenset[str] = frozenset()
    ) -> Iterator[tuple[str, Footprint]]:
        """Yield (automation, what a tap on it fires) of each prompt `key` sets off directly.

        A notification with buttons an automation sends when `key` changes
        (`prompted_by`, by the trigger that reads it): the owner's "someone
        is at the door: unlock?". Changed to one of `states` (empty: any),
        only by a trigger that fires on such a state: "when the reset flag
        turns on" sends nothing when it turns off; a computed state may be
        left in any (`leaves`).
        """
        states = self.leaves(key, states)
        for automation_id, sent, trigger_id in self.prompted_by.get(key, ()):
            ways = [
                trigger
                for trigger in self.triggers_on.get(key, ())
                if trigger.automation_id == automation_id and trigger.trigger_id == trigger_id
            ]
            if not states or not ways or any(trigger.set_off_by(states) for trigger in ways):
                yield automation_id, sent

    def prompts_taken_off(
        self, tag: str | None, sent: Footprint | None, channel: str | None = None
    ) -> list[str]:
        """Return the securing automations a notification keeps from being set off.

        The owner's notifications sent with its `tag` (any, for `ANY_TAG`; and
        those whose tag a template decides) whose buttons set off a securing
        automation: the new one takes their place, or takes them off the
        phone (`sent` None: it leaves nothing to tap). Not those the new
        one's own buttons set off too (the owner's prompt sent again), when
        they are known: buttons a template decides may be none. And those on
        the `channel` it removes or silences (`footprint.channel_taken_off`;
        `ANY_TAG`: every one), whatever its own buttons.
        """
        if not self.prompt_channels or (tag is None and channel is None):
            return []
        taken: set[str] = set()
        if tag is not None:
            known = sent is not None and all(action is not None for _, action in sent.taps)
            still = self._tap_set_off(sent) if sent is not None and known else set()
            taken = self._set_off_by(self.prompt_tags, tag) - still
        if channel is not None:
            taken |= self._set_off_by(self.prompt_channels, channel)
        return sorted(taken)

    def _set_off_by(self, placed: Mapping[str, list[Footprint]], place: str) -> set[str]:
        """Return the securing automations a tap on the owner's prompts in `place` sets off.

        placed: the prompts by tag or by channel. `ANY_TAG` is every place,
        and a prompt placed by a template is in any.
        """
        prompts = (
            [p for sent_with in placed.values() for p in sent_with]
            if place == ANY_TAG
            else [*placed.get(place, ()), *placed.get(ANY_TAG, ())]
        )
        return {macro for prompt in prompts for macro in self._tap_set_off(prompt)}

    def _tap_set_off(self, sent: Footprint) -> set[str]:
        """Return the securing automations a tap on a notification's buttons sets off."""
        known = self.event_keys()
        return {
            macro
            for event_type, action in sent.taps
            for key in tapped_keys(known, event_type, action)
            for macro in self.tapped_securing.get(key, ())
        }

    def while_running(self, entity_id: str) -> Iterator[Finding]:
        """Yield what a running script that reads `entity_id` would do (via from it).

        A script reads its conditions and waits when it gets to them: one
        running now (waiting for a helper, say) can still be set off.
        """
        for script_id in self.script_reads.get(entity_id, ()):
            state = present(self.hass, script_id)
            if state is not None and state.state == STATE_ON:
                for finding in self.opening.get(script_id, ()):
                    yield finding.through(entity_id, script_id)

    def triggered(self, entity_id: str, states: frozenset[str]) -> Iterator[Finding]:
        """Yield what the entity reaching one of `states` sets off (via from it).

        For a securing change: triggers on the entity that fire on such a
        state (and of what the automation would do, only what those
        triggers lead to); triggers on what derives from it (a template
        sensor "all locked", whatever state it takes); and the conditions of
        automations that poll (`time_pattern`), which act like triggers.
        Not what they keep from securing (`_weakenings`): the change has
        just secured the house (the keymaster "locked: cancel the auto-lock
        timer" automation cancels a lock the door no longer needs).
        """
        for finding in self._triggered(entity_id, states):
            if not keeps_from_securing(finding.reason):
                yield finding

    def _triggered(self, entity_id: str, states: frozenset[str]) -> Iterator[Finding]:
        for trigger in self.triggers_on.get(entity_id, ()):
            if trigger.fires(states):
                yield from self._fired(trigger, entity_id)
        for derived in sorted(self.derived.get(entity_id, ())):
            for trigger in self.triggers_on.get(derived, ()):
                for finding in self._fired(trigger, derived):
                    yield finding.through(entity_id)
        for automation_id in self.polled_by.get(entity_id, ()):
            for finding in self.opening.get(automation_id, ()):
                yield finding.through(entity_id, automation_id)

    def stands_alone(self, entity_id: str, *, building: bool = False) -> bool:
        """Return True if the item's own judgement stands in for walking it (`Judge.on_its_own`).

        `building`: asked while the house is read, before what each item
        secures or prompts is known (`build_snapshot` then checks).
        """
        return entity_id in self.items and (building or entity_id not in self.not_alone)

    def alone(self, entity_id: str) -> Alone:
        """Return what an item does judged on its own, with all it runs on its own (`Alone`)."""
        if (found := self._alone.get(entity_id)) is None:
            merged: dict[str, set[str]] = {}
            prompts: list[Footprint] = []
            for item in sorted(_reach(self._alone_edges, entity_id)):
                prompts += self._prompts.get(item, ())
                for key, verbs in self._touches.get(item, {}).items():
                    if is_entity_key(key):  # What it changes, not the runs it starts.
                        merged.setdefault(key, set()).update(verbs - {ON_ITS_OWN})
            found = self._alone[entity_id] = Alone(
                self.opening.get(entity_id, ()),
                {key: frozenset(verbs) for key, verbs in merged.items()},
                tuple(prompts),
            )
        return found

    def waits_on(self, entity_id: str) -> list[str]:
        """Return the securing automations waiting for this timer to finish."""
        if not entity_id.startswith("timer."):
            return []
        return [*self.waiting_on.get(entity_id, ()), *self.waiting_on.get(ANY_TIMER, ())]

    def checks_on(self, entity_id: str) -> list[tuple[str, frozenset[str] | None, Hold]]:
        """Return (securing automation, the states it accepts, how) of what depends on `entity_id`."""
        return checks_on(self.checked_by, entity_id)

    def keeps_from_securing(
        self,
        entity_id: str,
        verb: str,
        *,
        now: bool,
        repeats: bool,
        data: Mapping[str, Any] | None = None,
    ) -> Iterator[tuple[str, Hold]]:
        """Yield the securing macros (enabled automations) `verb` on `entity_id` can stop, and how.

        Each way is a row of the second-order table (`rules.HOLD_RULES`): a
        condition they check fails, or what decides whether or when they
        secure changes (`securing.stopped_by`; not one that
        secures only by setting off others, when `verb` sets them off as it
        would: `securing.does_as_chained`); what they check is a template
        entity computed from this one (any change of it counts); the timer
        they wait for is cancelled, paused, or changed (`timer.change`, or
        `timer.start` with a duration of its own: it ends later, however
        long it is set for); a group, scene or helper a securing macro acts
        on or runs is redefined (`securing.redefines`): it locks something
        else or fails; a `for:` trigger's wait is ended, or a `restart` run
        started over (`securing.ends_wait_or_restarts`): `now`, on what it is doing at
        this moment; `repeats` (a written item), whenever it might; the number a
        `numeric_state` trigger compares is moved away from its range
        (`securing.moves_away`, with the verb's `data`: the value set); an
        alert whose notifications' buttons set it off acknowledged
        (`acknowledged`), or ended by what it watches leaving its state
        (`alerts_ended`), `now` or `repeats` only: the owner's own
        automation that acknowledges it answers a person's tap. A macro
        is yielded once, with the first way found.
        """
        if not is_entity_key(entity_id):  # An event: a tap, a wait's answer.
            for macro_id in self._answered(entity_id, frozenset(), now=now, repeats=repeats):
                yield macro_id, Hold.ANSWER
            return
        found: dict[str, Hold] = {}
        for automation_id, hold in stopped_by(self.checks_on(entity_id), entity_id, verb):
            if not does_as_chained(self.chained.get(automation_id), entity_id, verb):
                found.setdefault(automation_id, hold)
        for derived in sorted(self.derived.get(entity_id, ())):  # A template it feeds.
            for automation_id, _, _ in self.checks_on(derived):
                found.setdefault(automation_id, Hold.DERIVED)
        if HOLDS[Hold.TIMER].applies(verb):  # Stopped, or set to end later: maybe never.
            for automation_id in self.waits_on(entity_id):
                found.setdefault(automation_id, Hold.TIMER)
        if redefines(entity_id, verb):
            for macro_id in (*self.acted_by.get(entity_id, ()), *self.securing_runners(entity_id)):
                found.setdefault(macro_id, Hold.REDEFINED)
        for trigger in self.triggers_on.get(entity_id, ()) if now or repeats else ():
            if trigger.automation_id in self.securing and ends_wait_or_restarts(
                self.hass, trigger, entity_id, verb, now=now
            ):
                found.setdefault(trigger.automation_id, Hold.WAIT)
        for trigger in self.triggers_on.get(entity_id, ()):
            if (
                trigger.threshold is not None
                and trigger.automation_id in self.securing
                and moves_away(self.hass, trigger.threshold, entity_id, verb, data, now=now)
            ):
                found.setdefault(trigger.automation_id, Hold.AWAY)
        states = verb_states(entity_id.partition(".")[0], verb, data)
        for macro_id in self._answered(entity_id, states, now=now, repeats=repeats):
            found.setdefault(macro_id, Hold.ANSWER)
        # The owner's alert acknowledged, by a client or what it runs or writes: not
        # by the owner's automation a tap on the alert's own button sets off.
        if (now or repeats) and verb in ACKNOWLEDGING:
            for automation_id in sorted(self.acknowledged.get(entity_id, ())):
                found.setdefault(automation_id, Hold.PROMPT)
        for notifying, taken in self.alerts_ended.get(entity_id, ()) if now or repeats else ():
            left = self.leaves(entity_id, verb_states(entity_id.partition(".")[0], verb))
            if not left or left - {notifying}:  # It may leave the alert's state: it ends.
                for automation_id in sorted(taken):
                    found.setdefault(automation_id, Hold.PROMPT)
        for macro_id, hold in found.items():
            state = present(self.hass, macro_id)
            if not macro_id.startswith("automation.") or (state and state.state == STATE_ON):
                yield macro_id, hold

    def _answered(
        self, key: str, states: frozenset[str], *, now: bool, repeats: bool
    ) -> Iterator[str]:
        """Yield the securing macros whose wait a change of `key` answers so they do not secure.

        `answering` (`securing.unsecuring_answers`): to one of `states`
        (empty: any), a state the wait's trigger fires on; `now`, while the
        macro runs (its wait is going on); `repeats` (a written item),
        whenever it might.
        """
        for macro_id, accepted in self.answering.get(key, ()):
            if accepted is not None and states and states.isdisjoint(accepted):
                continue
            state = present(self.hass, macro_id)
            running = state is not None and (
                bool(state.attributes.get("current"))
                or (macro_id.startswith("script.") and state.state == STATE_ON)
            )
            if repeats or (now and running):
                yield macro_id

    def _fired(self, trigger: TriggerOn, entity_id: str) -> Iterator[Finding]:
        for finding, scope in self._scoped.get(trigger.automation_id, ()):
            if scope is None or trigger.trigger_id in scope:
                yield finding.through(entity_id, trigger.automation_id)

    def finish(
        self,
        perimeter: Mapping[str, Found],
        opening: Mapping[str, Found],
        needs: Mapping[str, Mapping[End, Needs]],
    ) -> None:
        """Freeze the perimeter, what each of its findings needs, and the opening macros."""

        def ordered(found: Found) -> tuple[tuple[Finding, Scope], ...]:
            return tuple(sorted(found.values(), key=lambda item: sort_key(item[0])))

        self.perimeter = {
            key: tuple(f for f, _ in ordered(found)) for key, found in perimeter.items() if found
        }
        self.needs = {
            key: {f: n for f in self.perimeter[key] if (n := needed.get(end_of(f))) is not None}
            for key, needed in needs.items()
            if key in self.perimeter and any(n is not None for n in needed.values())
        }
        self._scoped = {key: ordered(found) for key, found in opening.items() if found}
        self.opening = {key: tuple(f for f, _ in found) for key, found in self._scoped.items()}
        for key in self.perimeter:
            if is_entity_key(key):
                self._by_domain.setdefault(key.partition(".")[0], []).append(key)


def _reach(edges: Mapping[str, set[str]], item_id: str) -> set[str]:
    """Return the item and every item it runs on its own, and they do, and so on."""
    found, stack = {item_id}, [item_id]
    while stack:
        for other in edges.get(stack.pop(), ()):
            if other not in found:
                found.add(other)
                stack.append(other)
    return found


def _judged_on_their_own(
    snapshot: Snapshot,
    macros: list[Runnable],
    opening: dict[str, Found],
    own_reads: Mapping[str, set[str]],
    securing: set[str],
) -> None:
    """Give each item what the items it met too deep to walk read and prompt.

    What an item runs reads decides what it does: read on their own, those
    items' reads join the caller's inputs, and their notifications with
    buttons are the caller's prompts, as a walk would have made them. One
    that reaches, on its own, an item that secures is `unknown`, as a walk
    too deep always was: its caller would secure too, which only the walk
    can tell (what keeps it from securing).
    """
    edges = snapshot._alone_edges  # noqa: SLF001  # Its own build.
    snapshot.not_alone = frozenset(
        item_id for item_id in snapshot.items if _reach(edges, item_id) & securing
    )
    for runnable in macros:
        touches = snapshot._touches.setdefault(runnable.entity_id, {})  # noqa: SLF001
        for key, verbs in runnable.touched.items():
            touches.setdefault(key, set()).update(verbs)
    for runnable in macros:
        if not (cut := edges.get(runnable.entity_id)):
            continue
        reached = set().union(*(_reach(edges, item_id) for item_id in cut))
        if reached & securing:
            finding = Finding(Risk.UNKNOWN, None, "macro", NESTS_TOO_DEEPLY, tuple(sorted(cut)))
            opening.setdefault(runnable.entity_id, {})[end_of(finding)] = (finding, None)
        extra = set().union(*(own_reads.get(item_id, set()) for item_id in reached))
        if runnable.runs_itself:
            runnable.run_reads |= extra
            runnable.inputs |= extra
            if runnable.polls:
                for key in extra:
                    snapshot.polled_by.setdefault(key, []).append(runnable.entity_id)
            sent = [p for item_id in sorted(reached) for p in snapshot._prompts.get(item_id, ())]  # noqa: SLF001
            for trigger_id, keys in runnable.triggers if sent else ():
                for key in keys:
                    snapshot.prompted_by.setdefault(key, []).append(
                        (runnable.entity_id, _joined(sent), trigger_id)
                    )
        elif runnable.entity_id.startswith("script."):
            for key in extra:
                snapshot.script_reads.setdefault(key, []).append(runnable.entity_id)


def _joined(sent: list[Footprint]) -> Footprint:
    """Return one footprint of everything a macro's notifications can fire."""
    return Footprint(
        tuple(dict.fromkeys(e for f in sent for e in f.events)),
        taps=tuple(dict.fromkeys(t for f in sent for t in f.taps)),
    )


def _judge_runnable(
    snapshot: Snapshot, runnable: Runnable
) -> tuple[Judge, list[tuple[Any, list[Finding]]]]:
    """Walk what a macro does; return its judge and each top-level step with its findings.

    One the gate cannot read (any exception) is `unknown` for itself. Its
    `keyed_reads`, and the conditions of its branches that secure (`checks`),
    are kept on `runnable`.
    """
    hass = snapshot.hass
    judge = Judge(snapshot, now=False, reads=Reads(hass), touched=runnable.touched)
    judge.bindings = runnable.bindings
    judge.writes = runnable.writes
    judge.secured = runnable.secured
    judge.held = runnable.held
    judge.owners = not proposed(runnable.entity_id)[0]
    if runnable.runs_itself:
        judge.all_trigger_ids = frozenset(trigger_id for trigger_id, _ in runnable.triggers)
    steps: list[tuple[Any, list[Finding]]] = []
    try:
        if redefines_trigger(runnable.sequences):
            judge.trigger_ids_known = False
        for sequence in runnable.sequences:
            with judge.nested():  # Each of a template entity's scripts runs on its own.
                for step in sequence if isinstance(sequence, list) else [sequence]:
                    start = len(judge.findings)
                    walk(judge, step, 1)
                    steps.append((step, judge.findings[start:]))
    except Exception as err:  # noqa: BLE001  # One item never fails the house.
        runnable.unreadable = f"{type(err).__name__}: {err}"[:300]
        snapshot.unreadable_items[runnable.entity_id] = runnable.unreadable
    if runnable.unreadable is not None:
        rule = DATA_RULES["unreadable_item"]
        service = f"{runnable.entity_id.partition('.')[0]}.run"
        judge.add(rule.risk, runnable.entity_id, service, rule.reason)
    runnable.keyed_reads = judge.keyed_reads
    runnable.deciding_reads = {
        key: judge.decided_before(key) for key in runnable.touched if is_entity_key(key)
    }
    runnable.securing_reads = judge.securing_reads
    # Read only in part, its pauses may be anything.
    runnable.pause_reads = judge.pause_reads if runnable.unreadable is None else {EVERYTHING}
    # What can end its run before it secures.
    runnable.securing_reads |= judge.halting_before(lambda f: secures_house(snapshot.house, f))
    for conditions, negated in judge.guards:  # A branch's conditions, when it secures.
        runnable.checks += [
            check
            for check in condition_checks(hass, conditions, negated=negated)
            if check[0] not in runnable.acted
        ]
    return judge, steps


def _securing_perimeter(snapshot: Snapshot, macros: list[Runnable]) -> None:
    """Add to what decides whether each securing macro secures what its securing waits on.

    What sets it off and what it waits for have reads of their own: a
    chained macro (`securing.securing_chains`) secures by the step that
    starts the auto-lock's timer or changes the helper: that step's data
    (the timer's duration, a helper's minutes), the conditions of the
    branches around it ("start the timer only if the time helper is not
    empty") and the conditions, waits and `stop`s before it
    (`Runnable.deciding_reads`) decide when, or whether, the house is
    secured: not every read of a script the step runs (the people a
    notification before it goes to, read from every entity); and a script
    it runs and waits for (`action: script.x`, or started and waited on
    until it is off) holds its lock back as long as its delays and waits
    say (`securing.paused_by`).
    """
    pauses = {r.entity_id: r.pause_reads for r in macros if r.pause_reads is not None}
    for runnable in macros:
        if runnable.entity_id not in snapshot.securing or not runnable.runs_itself:
            continue
        reads = paused_by(
            snapshot.hass, _raw_config(snapshot, runnable), snapshot.computed_settings, pauses
        )
        for key, verb in snapshot.chained.get(runnable.entity_id, ()):
            if not _judged_itself(snapshot, key):
                reads |= _deciding(snapshot, runnable, key, verb)
        # Not what opening is judged on itself (the lock the timer's start
        # waits to be unlocked, a code given to the lock): its own actions
        # are judged as such.
        runnable.securing_reads |= {key for key in reads if not _judged_itself(snapshot, key)}


def _deciding(snapshot: Snapshot, runnable: Runnable, key: str, verb: str | None) -> set[str]:
    """Return what decides whether, and when, a chained macro's change of `key` secures.

    The change by `verb`, or (None: one that sets off a securing automation
    only as it does it) by each verb whose state a securing automation's
    trigger on `key` fires on: turning the sleep mode on, which locks, not
    turning it off in another option of the same `choose`; any, where none
    is told (a timer started, its run's event).
    """
    by_verb = runnable.deciding_reads.get(key, {})
    domain = key.partition(".")[0]
    firing = [
        trigger
        for trigger in snapshot.triggers_on.get(key, ())
        if trigger.automation_id in snapshot.securing
    ]
    wanted = {
        done
        for done in by_verb
        if done == verb
        or (
            verb is None
            and (
                not (states := resulting_states(domain, done))
                or any(trigger.fires(states) for trigger in firing)
            )
        )
    }
    if not wanted:  # Not told apart: every change of it.
        wanted = set(by_verb)
    return set().union(
        *(reads for done, reads in by_verb.items() if done in wanted or done == ANY_VERB)
    )


def _answers(snapshot: Snapshot, macros: list[Runnable]) -> None:
    """Note what answers a securing macro's wait so that it does not secure (`answering`).

    Each answer of `securing.unsecuring_answers`: the keys its trigger (or
    `wait_template`) reads, with the states a `state` trigger fires on.
    """
    hass = snapshot.hass
    secures = step_secures(hass, snapshot.securing)
    for runnable in macros:
        if runnable.entity_id not in snapshot.securing:
            continue
        raw = _raw_config(snapshot, runnable)
        if not isinstance(raw, Mapping):
            continue
        steps = raw.get("actions", raw.get("action", raw.get("sequence")))
        try:
            answers = list(unsecuring_answers(steps, secures))
        except Exception:  # noqa: BLE001  # One item never fails the house: its waits unread.
            continue
        for answer in answers:
            kind = answer.get("trigger", answer.get("platform"))
            states = named_states(answer.get("to")) if kind == "state" else None
            for key in sorted(Reads(hass).add(answer).keys):
                snapshot.answering.setdefault(key, []).append((runnable.entity_id, states))


def _judged_itself(snapshot: Snapshot, key: str) -> bool:
    """Return True for a lock, an entrance, a valve or an alarm panel: what opening is judged on."""
    return snapshot.house.entity_class(key) in OPENING_DEVICE_CLASSES


def _raw_config(snapshot: Snapshot, runnable: Runnable) -> Any:
    """Return an automation's or script's configuration as written (None: another item)."""
    return getattr(entity_object(snapshot.hass, runnable.entity_id), "raw_config", None)


def _weakenings(
    snapshot: Snapshot,
    macros: list[Runnable],
    opening: dict[str, Found],
    moot: Callable[[str, str], bool],
) -> None:
    """Add, to each macro, what its changes keep from locking, closing or arming.

    The owner's "party mode" automation that turns the auto-lock's switch
    off, cancels its timer or lengthens its delay keeps the house from being
    secured as a client's own change would (`Snapshot.keeps_from_securing`,
    judged for later): it is `opens_house`, and the fixpoint passes it on to
    what sets it off, as it does an opening. Not where it is moot (`moot`:
    `_moot_weakening`); nor a change of what opening is judged on (a lock's
    own actions are judged as such), nor, passed on through a securing
    effect that sets the macro off, what that effect has just secured
    (`Snapshot.triggered`, `Fixpoint`).
    """
    for runnable in macros:
        found = opening.setdefault(runnable.entity_id, {})
        for key, verbs in runnable.touched.items():
            if not is_entity_key(key) or _judged_itself(snapshot, key):
                continue  # A lock's own actions are judged as such (unlocking opens).
            for verb, (via, scope) in verbs.items():
                if verb == ON_ITS_OWN:
                    continue
                service = verb if "." in verb else f"{key.partition('.')[0]}.{verb}"
                for automation_id, hold in snapshot.keeps_from_securing(
                    key, verb, now=False, repeats=False
                ):
                    if moot(runnable.entity_id, automation_id):
                        continue
                    rule = HOLDS[hold]
                    finding = Finding(rule.risk, automation_id, service, rule.reason, (*via, key))
                    found.setdefault(end_of(finding), (finding, scope))


def _moot_weakening(snapshot: Snapshot, macros: list[Runnable]) -> Callable[[str, str], bool]:
    """Return whether a macro keeping a securing automation from securing is moot.

    A macro keeping itself from securing, or a script it runs (the
    announcement whose speakers its wait reads): its own run goes on. A chained
    macro (`securing.securing_chains`) whose own securing sets off, directly,
    what secures the same entity: "start the auto-lock: cancel its timer,
    then start it for the helper's time", or "turn the lock's retry off,
    and start the auto-lock" keeps an automation that locks the door from
    running only to set off one that locks the same door, and "turn
    extended absence on" keeps "at the chosen time, turn extended absence
    on" from running only to set off the same arming: its changes are
    judged as its securing. And an automation that "secures" only by
    acting on what opening is judged on itself (keymaster's code slot
    synchronised on the lock, which may set off the auto-lock's start):
    that action is judged as such.
    """
    targets = {r.entity_id: set(r.secured) for r in macros if r.entity_id in snapshot.securing}

    def fired(macro_id: str) -> set[str]:
        """Return the securing automations a chained macro's own securing sets off directly."""
        found: set[str] = set()
        for key, _verb in snapshot.chained.get(macro_id, ()):
            found.update(snapshot.waits_on(key))
            found.update(trigger.automation_id for trigger in snapshot.triggers_on.get(key, ()))
        return found & snapshot.securing

    def moot(macro_id: str, automation_id: str) -> bool:
        if automation_id == macro_id or automation_id in snapshot.securing_runners(macro_id):
            return True  # Its own run, or a script its own run runs (an announcement).
        chain = snapshot.chained.get(automation_id)
        if chain and all(_judged_itself(snapshot, key) for key, _verb in chain):
            return True  # It "secures" only by acting on the lock itself (a user code).
        if not (ours := fired(macro_id)):
            return False
        theirs = {automation_id} | fired(automation_id)
        secured = set().union(*(targets.get(other, set()) for other in theirs))
        return bool(ours & theirs) or any(
            not secured.isdisjoint(targets.get(other, ())) for other in ours
        )

    return moot


def _shown_runs(macros: list[Runnable], sources: dict[str, set[str]]) -> None:
    """Add what a trigger-based template entity shows of its actions' run.

    Its state is computed each time they run, from what they leave: it
    changes (to any state) with each run, and derives from what they read.
    """
    for runnable in macros:
        if runnable.shows_its_run:
            runnable.touched.setdefault(runnable.entity_id, {}).setdefault("set_state", ((), None))
            sources.setdefault(runnable.entity_id, set()).update(runnable.run_reads)


def _read_runnable(
    snapshot: Snapshot,
    runnable: Runnable,
    opening: dict[str, Found],
    securing: set[str],
    undoing: dict[str, frozenset[str]],
    own_reads: dict[str, set[str]],
) -> None:
    """Judge one automation, script or template entity's actions; note what they do."""
    judge, steps = _judge_runnable(snapshot, runnable)
    assert judge.reads is not None
    own_reads.setdefault(runnable.entity_id, set()).update(judge.reads.keys)
    snapshot._alone_edges.setdefault(runnable.entity_id, set()).update(judge.on_their_own)  # noqa: SLF001
    snapshot._prompts.setdefault(runnable.entity_id, []).extend(judge.prompts)  # noqa: SLF001
    for tag, channel, sent in judge.prompts_placed:
        if tag is not None:
            snapshot.prompt_tags.setdefault(tag, []).append(sent)
        snapshot.prompt_channels.setdefault(channel, []).append(sent)
    for key in judge.externals:
        snapshot.external_actions.setdefault(key, []).append(runnable.entity_id)
    if judge.prompts and runnable.runs_itself:
        for trigger_id, keys in runnable.triggers:
            for key in keys:
                snapshot.prompted_by.setdefault(key, []).append(
                    (runnable.entity_id, _joined(judge.prompts), trigger_id)
                )
    if (record := getattr(runnable.bindings, "record", None)) is not None and record.rendered:
        for entity_id in record.options_of:
            snapshot.options_bound.setdefault(entity_id, []).append(runnable.entity_id)
    if runnable.runs_itself:
        # What its actions read, and what can end its run before it opens.
        runnable.run_reads = judge.reads.keys | judge.halting_before(
            lambda f: f.risk in GUARDED_RISKS
        )
        if runnable.shows_its_run:  # Its state shows what its actions' answers hold.
            runnable.run_reads |= judge.answers
        runnable.inputs |= runnable.run_reads
        if runnable.polls:
            for key in runnable.inputs:
                snapshot.polled_by.setdefault(key, []).append(runnable.entity_id)
        # Its run fires its events, and an automation's changes its own
        # entity (`last_triggered`, `current`).
        domain = runnable.entity_id.partition(".")[0]
        own = [runnable.entity_id] if domain == "automation" else []
        for key in (Key(KeyKind.RUN, runnable.entity_id), Key(KeyKind.RUN, domain), *own):
            runnable.touched.setdefault(key, {}).setdefault("fire", ((), None))
    else:
        if runnable.entity_id.startswith("script."):
            for key in judge.reads.keys:
                snapshot.script_reads.setdefault(key, []).append(runnable.entity_id)
        runnable.inputs, runnable.triggers = set(), []
    found = opening.setdefault(runnable.entity_id, {})
    for finding, scope in zip(judge.findings, judge.scopes(), strict=True):
        if finding.risk in GUARDED_RISKS:
            found[end_of(finding)] = (finding, scope)
    if any(secures_house(snapshot.house, finding) for finding in judge.findings):
        securing.add(runnable.entity_id)
        if runnable.runs_itself and (undone := closes_only_what_it_opened(steps)):
            undoing[runnable.entity_id] = undone


def build_snapshot(
    hass: HomeAssistant, guarded: Iterable[str], opening_actions: Iterable[str] = ()
) -> Snapshot:
    """Read the whole house and compute its perimeter, at once (`snapshot_steps`)."""
    steps = snapshot_steps(hass, guarded, opening_actions)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            snapshot: Snapshot = done.value
            return snapshot


def snapshot_steps(
    hass: HomeAssistant, guarded: Iterable[str], opening_actions: Iterable[str] = ()
) -> Generator[None, None, Snapshot]:
    """Read the whole house and compute its perimeter, pausing between items.

    Each automation, script and template entity is read on its own: one the
    gate cannot read is `unknown` for itself (`Snapshot.unreadable_items`), and the
    rest of the house is judged as usual. The generator stops after reading
    each item and each whole-house step, so that `HouseIndex` can hand the
    event loop back between them; it returns the snapshot. Whoever drives it
    must start again if the house changes before it ends: what it read
    before the change is not read again.
    """
    snapshot = Snapshot(hass, build_house_map(hass, guarded, opening_actions))
    yield
    unreadable = snapshot.unreadable_items = dict(snapshot.house.unreadable)
    macros: list[Runnable] = []
    for runnable in runnables(hass, snapshot.house, snapshot.triggers_on, unreadable):
        macros.append(runnable)
        yield
    snapshot.items = frozenset(runnable.entity_id for runnable in macros)
    snapshot.notices = {r.entity_id: r.notices for r in macros if r.notices is not None}
    snapshot._mqtt_keys = frozenset(  # noqa: SLF001  # Its own build.
        key for runnable in macros for key in runnable.reads(None) if is_mqtt_key(key)
    )
    opening: dict[str, Found] = {}
    securing: set[str] = set()
    undoing: dict[str, frozenset[str]] = {}
    own_reads: dict[str, set[str]] = {}
    for runnable in macros:
        _read_runnable(snapshot, runnable, opening, securing, undoing, own_reads)
        yield
    snapshot.chained = securing_chains(macros, snapshot.triggers_on, securing, undoing)
    snapshot.securing = frozenset(securing)
    snapshot.undoing = undoing
    snapshot.acted_by = acting_on(macros, securing)
    yield
    sources = derivations(hass, unreadable)
    yield
    _shown_runs(macros, sources)
    snapshot.computed_settings = computed_settings(sources)
    _judged_on_their_own(snapshot, macros, opening, own_reads, securing)
    yield
    _securing_perimeter(snapshot, macros)
    yield
    for runnable in macros:
        if runnable.entity_id in securing and runnable.runs_itself:
            for key, accepted, hold in dependencies(runnable):
                snapshot.checked_by.setdefault(key, []).append((runnable.entity_id, accepted, hold))
            for timer in runnable.timers:
                snapshot.waiting_on.setdefault(timer, []).append(runnable.entity_id)
            # A tap it is set off by, or its run waits for (`wait_for_trigger` after its prompt).
            triggered = {key for _, keys in runnable.triggers for key in keys}
            for key in sorted(triggered | runnable.run_reads):
                if kind_of(key) is KeyKind.EVENT:
                    snapshot.tapped_securing.setdefault(key, []).append(runnable.entity_id)
    _answers(snapshot, macros)
    for runnable in macros:  # The owner's alerts whose buttons secure.
        if runnable.watches is None:
            continue
        sent = snapshot._prompts.get(runnable.entity_id, ())  # noqa: SLF001  # Its own build.
        if taken := frozenset().union(*(snapshot._tap_set_off(p) for p in sent)):  # noqa: SLF001
            if runnable.acknowledgeable:
                snapshot.acknowledged[runnable.entity_id] = taken
            watched, state = runnable.watches
            snapshot.alerts_ended.setdefault(watched, []).append((state, taken))
    snapshot.computed = frozenset(key for key, keys in sources.items() if keys)
    snapshot.derived = derived_closure(sources)
    for source, derived in snapshot.derived.items():
        for select in sorted(derived & snapshot.options_bound.keys()):
            snapshot.options_fed.setdefault(source, []).extend(snapshot.options_bound[select])
    yield
    moot = _moot_weakening(snapshot, macros)
    _weakenings(snapshot, macros, opening, moot)
    yield
    fixpoint = Fixpoint(
        macros, sources, opening, securing, snapshot.triggers_on, moot,
        publishers(hass, snapshot.mqtt_keys()),
    )  # fmt: skip
    snapshot.finish(*(yield from fixpoint.steps(snapshot.house)))
    return snapshot
