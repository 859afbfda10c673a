"""The perimeter's second order: a fixpoint over the house's macros.

An automation that changes an entity in the perimeter, or that turns on,
enables or triggers an automation that can open the house, can itself open
the house; what it reads joins the perimeter, until nothing changes. Seeds:
what Switch as X shows, and what a lock, entrance, valve or alarm panel's
state derives from. `perimeter.snapshot_steps` runs it once per build, a
macro's turn at a time.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Generator, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from homeassistant.const import SERVICE_TOGGLE, SERVICE_TURN_OFF, SERVICE_TURN_ON

from .bindings import given_state, is_template
from .expansion import HouseMap
from .model import Finding, Risk
from .perimeter_keys import EVERYTHING, KeyKind, domain_key, is_entity_key, kind_of, name_of
from .rules import OPENING_DEVICE_CLASSES, keeps_from_securing
from .securing import is_secured_state
from .verbs import resulting_states, verb_states
from .wiring import ON_ITS_OWN, Runnable, Scope, TriggerOn

_RUN_VERBS: Final = frozenset({SERVICE_TURN_ON, SERVICE_TOGGLE, "trigger", ON_ITS_OWN})
_STOP_VERBS: Final = frozenset({SERVICE_TURN_OFF, SERVICE_TOGGLE})
_FOLLOWS: Final = (
    "Switch as X shows a switch as {wrapper}: whatever changes that switch's state opens "
    "or closes it"
)
_DERIVES: Final = (
    "{entity}'s state is computed from this one (a template or a group): changing this changes it"
)
type End = tuple[Risk, str | None, str, str, tuple[str, frozenset[str]] | None]
type Found = dict[End, tuple[Finding, Scope]]
type _Steps = Generator[None]

_USERS_PER_STEP: Final = 64
"""Macros a key's growth gives its findings to between two pauses (`Fixpoint.steps`)."""


@dataclass(frozen=True, slots=True)
class Besides:
    """Any state of a key but `states` sets a finding off (`Finding.spared`)."""

    states: frozenset[str]


type Needs = frozenset[str] | Besides | None
"""The states of a key that set a finding off (None: any change)."""


def end_of(finding: Finding) -> End:
    """Return what makes a finding distinct: its risk, entity, action, reason, and when it is not."""
    return (finding.risk, finding.entity_id, finding.service, finding.reason, finding.spared)


def sort_key(finding: Finding) -> tuple[str, str, str, str]:
    """Return a key that orders findings, whichever of their fields are missing."""
    return (finding.risk, finding.entity_id or "", finding.service, finding.reason)


def _union(first: Scope, second: Scope) -> Scope:
    return None if first is None or second is None else first | second


def _wider(first: Needs, second: Needs) -> Needs:
    if first is None or second is None:
        return None
    if isinstance(first, Besides) and isinstance(second, Besides):
        return Besides(first.states & second.states)
    if isinstance(first, Besides) or isinstance(second, Besides):
        besides, listed = (first, second) if isinstance(first, Besides) else (second, first)
        assert isinstance(besides, Besides) and isinstance(listed, frozenset)
        return Besides(besides.states - listed)
    return first | second


def _sparing(needs: Needs, states: frozenset[str]) -> Needs:
    """Return `needs` but for `states`, in which the key leaves the finding harmless."""
    if needs is None:
        return Besides(states)
    if isinstance(needs, Besides):
        return Besides(needs.states | states)
    return needs - states


def can_set_off(needs: Needs, states: frozenset[str]) -> bool:
    """Return True if a change leaving its entity in one of `states` (empty: unknown) meets `needs`."""
    if needs is None or not states:
        return True
    if isinstance(needs, Besides):
        return bool(states - needs.states)
    return bool(states & needs)


class Fixpoint:
    """Grows the perimeter and the opening macros until nothing changes."""

    def __init__(
        self,
        macros: list[Runnable],
        sources: Mapping[str, set[str]],
        opening: dict[str, Found],
        securing: set[str],
        triggers_on: Mapping[str, list[TriggerOn]] | None = None,
        moot: Callable[[str, str], bool] | None = None,
        publishers: Mapping[str, Mapping[str, Needs]] | None = None,
    ) -> None:
        """Start from what each macro does on its own (`opening`) and what it touches.

        `moot(macro, automation)`: the macro keeping that securing automation
        from securing is moot (`perimeter._moot_weakening`): not passed on to it.
        `publishers`: MQTT key -> the MQTT entities whose commands set it
        off, and the states an action must leave one in to (`broker.publishers`).
        """
        self._moot = moot or (lambda _macro, _automation: False)
        self._moot_known: dict[tuple[str, str], bool] = {}
        # (macro, scope) -> the findings (ends) it has under that scope or a
        # wider one, each with all it reads (`_grow`): asked again, it gains nothing.
        self._given: dict[tuple[str, Scope], set[End]] = {}
        self._publishers = publishers or {}
        self._runnables = {r.entity_id: r for r in macros}
        self._triggers_on = triggers_on or {}
        # Key -> finding -> the states of the key that set it off (`_needs`).
        self._needs: dict[str, dict[End, Needs]] = {}
        self._sources = sources
        self._opening = opening
        self._perimeter: dict[str, Found] = {}
        type Use = tuple[str, str, tuple[str, ...], Scope]
        self._users: dict[str, list[Use]] = {}
        self._users_by_domain: dict[str, list[Use]] = {}
        self._queue: deque[str] = deque()
        # What a macro's finding depends on beyond its inputs: the data of the
        # step that changed what set the finding off (`Runnable.keyed_reads`).
        self._extra: dict[str, dict[End, set[str]]] = {}
        self._dirty: dict[str, set[End]] = {}
        self._keyed_all: dict[str, set[str]] = {}
        self._keyed_domains: dict[str, dict[str, set[str]]] = {}
        # The runs a securing effect sets off (`_secured_uses`): what they keep
        # from securing is not passed on (the effect has just secured the house).
        self._secured_runs: set[tuple[str, str, tuple[str, ...], Scope]] = set()
        self._house: HouseMap | None = None
        for runnable in macros:
            for touched, keys in runnable.keyed_reads.items():
                self._keyed_all.setdefault(runnable.entity_id, set()).update(keys)
                by_domain = self._keyed_domains.setdefault(runnable.entity_id, {})
                by_domain.setdefault(touched.partition(".")[0], set()).update(keys)
        for runnable in macros:
            for key, verbs in runnable.touched.items():
                for verb, (via, scope) in verbs.items():
                    use = (runnable.entity_id, verb, via, scope)
                    self._users.setdefault(key, []).append(use)
                    if is_entity_key(key):
                        self._users_by_domain.setdefault(key.partition(".")[0], []).append(use)
                    if key in securing and verb in _STOP_VERBS and key.startswith("automation."):
                        finding = Finding(
                            Risk.OPENS_HOUSE, key, f"automation.{verb}",
                            "Disables an automation that locks, closes or arms", via,
                        )  # fmt: skip
                        opening.setdefault(runnable.entity_id, {})[end_of(finding)] = (
                            finding,
                            scope,
                        )
                        extra = self._extra.setdefault(runnable.entity_id, {})
                        extra.setdefault(end_of(finding), set()).update(
                            runnable.keyed_reads.get(key, ())
                        )
        self._secured_uses(macros)
        self._queue.extend(key for key, found in opening.items() if found)

    def _secured_uses(self, macros: list[Runnable]) -> None:
        """Note each macro that secures an entity as running what that sets off.

        A macro that locks, closes or arms sets off the automations a trigger
        of which fires on the state it leaves the entity in, those triggered
        by a template or group computed from it (any change of theirs), and
        those that poll (`time_pattern`) what it reads: what they do, it does
        (`Knowledge.triggered`, as the gate judges an action).
        """
        derived: dict[str, set[str]] = {}
        polling: dict[str, list[str]] = {}  # Whose conditions act like triggers.
        for runnable in macros:
            for key in runnable.inputs if runnable.polls else ():
                polling.setdefault(key, []).append(runnable.entity_id)
        for derived_id, keys in self._sources.items():
            for key in keys - {derived_id}:
                derived.setdefault(key, set()).add(derived_id)
        for runnable in macros:
            for key, verbs in runnable.secured.items():
                for verb, (via, scope) in verbs.items():
                    states = resulting_states(key.partition(".")[0], verb)
                    fired = [
                        (trigger.automation_id, (*via, key))
                        for trigger in self._triggers_on.get(key, ())
                        if trigger.fires(states)
                    ]
                    fired += [
                        (trigger.automation_id, (*via, key, derived_id))
                        for derived_id in sorted(derived.get(key, ()))
                        for trigger in self._triggers_on.get(derived_id, ())
                    ]
                    fired += [(polled, (*via, key)) for polled in polling.get(key, ())]
                    for automation_id, path in fired:
                        if automation_id != runnable.entity_id:
                            use = (runnable.entity_id, "trigger", path, scope)
                            self._users.setdefault(automation_id, []).append(use)
                            self._secured_runs.add(use)

    def steps(
        self, house: HouseMap
    ) -> Generator[
        None, None, tuple[dict[str, Found], dict[str, Found], dict[str, dict[End, Needs]]]
    ]:
        """Seed and propagate, pausing after each macro's turn (`perimeter.snapshot_steps`).

        Seeds: what Switch as X shows, and what a lock, entrance, valve or
        alarm panel derives from. Returns the perimeter, the opening macros,
        and what they need.
        """
        self._house = house
        for derived_id, keys in sorted(self._sources.items()):
            # A template alarm panel that shows an `input_select`, a template
            # lock that shows a helper: changing the helper changes the panel.
            if house.entity_class(derived_id) in OPENING_DEVICE_CLASSES:
                reason = _DERIVES.format(entity=derived_id)
                domain = derived_id.partition(".")[0]
                seed = Finding(Risk.OPENS_HOUSE, derived_id, f"{domain}.state", reason)
                for source in sorted(keys - {derived_id}):
                    path = (source,) if is_entity_key(source) else ()
                    yield from self._grow(source, [(seed, path, None)])
        for switch_id, wrapper in house.wrappers.items():
            if house.entity_class(wrapper.entity_id) in OPENING_DEVICE_CLASSES:
                reason = _FOLLOWS.format(wrapper=wrapper.entity_id)
                domain = wrapper.entity_id.partition(".")[0]
                seed = Finding(Risk.OPENS_HOUSE, wrapper.entity_id, f"{domain}.state", reason)
                # What the switch's own state derives from (a group's members,
                # a template's inputs) drives the lock, valve or cover too.
                for source in self._sources.get(switch_id, ()):
                    through = (source, switch_id) if is_entity_key(source) else (switch_id,)
                    yield from self._grow(source, [(seed, through, None)])
        # Each macro passes on only what is new since its last turn: its new
        # findings (or those whose own reads grew) to all they read and to
        # what runs it, so every finding crosses every edge once. What a
        # finding reads: every run's inputs, its triggers' (`Runnable.reads`),
        # and the data of the step that changed what set it off (`_extra`).
        sent: dict[str, dict[End, Scope]] = {}
        while self._queue:
            runnable_id = self._queue.popleft()
            found = self._opening.get(runnable_id, {})
            done = sent.setdefault(runnable_id, {})
            dirty = self._dirty.pop(runnable_id, set())
            new = [(f, scope) for end, (f, scope) in found.items() if done.get(end, 0) != scope]
            grown = [
                found[end] for end in dirty if end in found and done.get(end, 0) == found[end][1]
            ]
            # What this turn passes on: a scope its own turn widens (a branch
            # setting off its own trigger) is news for the next one.
            turn = {end: scope for end, (_, scope) in found.items()}
            runnable = self._runnables.get(runnable_id)
            if runnable is not None:
                yield from self._pass_on(runnable, [*new, *grown])
            done.update(turn)
            if new:
                for use in self._users.get(runnable_id, ()):
                    # What runs, enables or sets it off does so under its own
                    # triggers (`use_scope`), not under those of what it runs.
                    user_id, verb, via, use_scope = use
                    secured = use in self._secured_runs
                    passed = [
                        (f, (*via, runnable_id), use_scope)
                        for f, _ in new
                        if not (secured and keeps_from_securing(f.reason))
                    ]
                    if verb in _RUN_VERBS and passed:
                        self._gain(user_id, passed, self._keyed_for(user_id, runnable_id))
            yield
        return self._perimeter, self._opening, self._needs

    def _pass_on(self, runnable: Runnable, findings: list[tuple[Finding, Scope]]) -> _Steps:
        """Put what these findings of a macro do in the perimeter of each key they read.

        A finding reads its run's inputs under its scope (`Runnable.reads`)
        and what the data of the step that set it off reads (`_extra`). Each
        key is grown once, with all that reaches it.
        """
        extra = self._extra.get(runnable.entity_id, {})
        reaching: dict[str, list[tuple[Finding, tuple[str, ...], Needs]]] = {}
        read: dict[Scope, set[str]] = {}
        needed: dict[tuple[str, Scope], Needs] = {}
        for finding, scope in findings:
            keyed = extra.get(end_of(finding), set())
            if (keys := read.get(scope)) is None:
                keys = read[scope] = runnable.reads(scope)
            for key in keys | keyed if keyed else keys:
                if key in keyed:
                    needs: Needs = None
                elif (key, scope) in needed:
                    needs = needed[key, scope]
                else:
                    needs = needed[key, scope] = self._needs_of(runnable, key, scope)
                if keeps_from_securing(finding.reason) and self._only_secured(key, needs):
                    continue
                prefix = (key, runnable.entity_id) if is_entity_key(key) else (runnable.entity_id,)
                reaching.setdefault(key, []).append((finding, prefix, needs))
        for key in sorted(reaching):
            yield from self._grow(key, reaching[key])

    def _only_secured(self, key: str, needs: Needs) -> bool:
        """Return True if only `key` secured sets a finding off (a lock `to: locked`).

        What a macro set off so keeps another from securing is moot: what
        opening is judged on is secured already (keymaster's "locked: cancel
        the auto-lock timer").
        """
        return (
            self._house is not None
            and isinstance(needs, frozenset)
            and bool(needs)
            and all(is_secured_state(state) for state in needs)
            and self._house.entity_class(key) in OPENING_DEVICE_CLASSES
        )

    def _needs_of(self, runnable: Runnable, key: str, scope: Scope) -> Needs:
        """Return the states of `key` that can set off what a macro does (None: any).

        An automation does not run while a condition at its top (`held`) is
        false: leaving the entity in another state sets nothing off. Read
        only by its triggers, the states they fire on. Read as it runs (a
        wait, a choice after a delay): any change, while it may be running.
        """
        if not is_entity_key(key) or key in runnable.run_reads:
            return None
        held = runnable.held.get(key)
        fired: frozenset[str] | None = None
        if key not in runnable.inputs:
            ways = [
                trigger
                for trigger in self._triggers_on.get(key, ())
                if trigger.automation_id == runnable.entity_id
                and (scope is None or trigger.trigger_id in scope)
            ]
            if ways and all(t.needs() is not None for t in ways):
                fired = frozenset().union(*(t.needs() or () for t in ways))
        if held is None:
            return fired
        return held if fired is None else held & fired

    def _grow(self, key: str, findings: list[tuple[Finding, tuple[str, ...], Needs]]) -> _Steps:
        """Put each finding, reached through its path, in `key`'s perimeter; pass on what is news.

        A house whose every entity can open reaches each key by many paths:
        a finding is made anew (`Finding.through`) only where it is news, and
        a macro already given the same findings under the same scope is not
        asked again (`_given`). It pauses every `_USERS_PER_STEP` macros.
        """
        stack = [(key, findings)]
        asked = 0
        while stack:
            key, found = stack.pop()
            slot = self._perimeter.setdefault(key, {})
            needed = self._needs.setdefault(key, {})
            fresh: list[tuple[Finding, Needs]] = []
            for finding, path, given in found:
                needs = given
                if finding.spared is not None and finding.spared[0] == key:
                    # Changed to one of those states, the key leaves it harmless.
                    needs = _sparing(given, finding.spared[1])
                end = end_of(finding)
                if end not in slot:
                    slot[end] = (finding.through(*path), None)
                    needed[end] = needs
                elif (wider := _wider(needed[end], needs)) != needed[end]:
                    needed[end] = wider  # Set off by more states: passed on again.
                else:
                    continue
                fresh.append((slot[end][0], needed[end]))
            if not fresh:
                continue
            # A template's or a group's state is computed: any may follow.
            known = is_entity_key(key) and key not in self._sources
            states_of = key.partition(".")[0] if known else None
            # A macro writing `key` passes a finding spared by it on changed (`_rewritten`).
            respared = any(f.spared is not None and f.spared[0] == key for f, _ in fresh)
            # The findings a change leaving `key` in such states sets off, and their ends.
            chosen: dict[frozenset[str], tuple[list[Finding], frozenset[End]]] = {}
            for user_id, verb, via, scope in self._users_of(key):
                states = verb_states(states_of, verb) if states_of else frozenset()
                if not states and states_of:
                    states = self._written(user_id, key)
                if (picked := chosen.get(states)) is None:
                    set_off = [f for f, n in fresh if can_set_off(n, states)]
                    picked = chosen[states] = (set_off, frozenset(map(end_of, set_off)))
                set_off, ends = picked
                extra = self._keyed_for(user_id, key)
                plain = not respared and not extra
                had = self._given.get((user_id, scope)) if plain else None
                if not set_off or (had is not None and ends <= had):
                    continue
                gained = [(self._rewritten(f, user_id, key), via, scope) for f in set_off]
                self._gain(user_id, gained, extra)
                if plain:
                    self._given.setdefault((user_id, scope), set()).update(ends)
                asked += 1
                if asked % _USERS_PER_STEP == 0:
                    yield
            for source in self._sources.get(key, ()):
                through = (source,) if is_entity_key(source) else ()
                stack.append((source, [(f, through, None) for f, _ in fresh]))
            # An MQTT entity's command the broker hands to an `mqtt` trigger.
            for entity_id, fires in self._publishers.get(key, {}).items():
                stack.append((entity_id, [(f, (entity_id,), fires) for f, _ in fresh]))

    def _writes(self, user_id: str, key: str) -> tuple[Any, ...] | None:
        """Return what a macro's writes set `key` to (None: not known, or not all said).

        Not known when it also acts on a whole domain, or on everything.
        """
        runnable = self._runnables.get(user_id)
        if runnable is None or {domain_key(key.partition(".")[0]), EVERYTHING} & set(
            runnable.touched
        ):
            return None
        return runnable.writes.get(key)

    def _written(self, user_id: str, key: str) -> frozenset[str]:
        """Return the states a macro's writes leave `key` in, when its data says (empty: any)."""
        values = self._writes(user_id, key)
        if not values or not all(
            isinstance(value, str) and not is_template(value) for value in values
        ):
            return frozenset()
        return frozenset(str(value) for value in values)

    def _rewritten(self, finding: Finding, user_id: str, key: str) -> Finding:
        """Return `finding` as a macro that writes `key` passes it on.

        It set `key` itself: the state `key` changed to is no longer what the
        finding reads, so it is no longer spared by it; unless the macro
        copies another entity's state into `key` (keymaster's "copy from
        parent" PIN), which then spares it in the same states.
        """
        if finding.spared is None or finding.spared[0] != key:
            return finding
        states = finding.spared[1]
        sources: set[str] = set()
        kept = set(states)
        for value in self._writes(user_id, key) or [None]:
            for state in states:
                found = given_state(value, state)
                if found is None or not all(str(item) in states for item in found[1]):
                    kept.discard(state)
                else:
                    sources.add(found[0])
        if len(sources) == 1 and kept:
            return replace(finding, spared=(sources.pop(), frozenset(kept)))
        return replace(finding, spared=None)

    def _users_of(self, key: str) -> Iterator[tuple[str, str, tuple[str, ...], Scope]]:
        if key == EVERYTHING:
            for uses in self._users.values():
                yield from uses
            return
        domain = (name_of(key, KeyKind.DOMAIN) or key).partition(".")[0]
        yield from self._users.get(key, ())
        yield from self._users.get(domain_key(domain), ()) if is_entity_key(key) else ()
        if kind_of(key) is KeyKind.DOMAIN:
            yield from self._users_by_domain.get(domain, ())

    def _keyed_for(self, runnable_id: str, key: str) -> set[str]:
        """Return what a macro's steps that change `key` read (`Judge.step`).

        A step's data counts only for what changing `key` sets off, and only
        once that is guarded: a notification's template reading every light
        does not make the lights inputs of the unlock beside it.
        """
        runnable = self._runnables.get(runnable_id)
        if runnable is None or not runnable.runs_itself or not runnable.keyed_reads:
            return set()
        if key == EVERYTHING:
            return self._keyed_all.get(runnable_id, set())
        if (domain := name_of(key, KeyKind.DOMAIN)) is not None:
            return self._keyed_domains.get(runnable_id, {}).get(domain, set())
        return runnable.keyed_reads.get(key, set())

    def _gain(
        self,
        runnable_id: str,
        findings: list[tuple[Finding, tuple[str, ...], Scope]],
        extra: set[str],
    ) -> None:
        """Add what a macro can now set off (each finding reached through its path).

        What it reads grows by `extra`; the macro is queued again if that is news.
        """
        found = self._opening.setdefault(runnable_id, {})
        reads = self._extra.setdefault(runnable_id, {})
        changed = False
        for finding, path, scope in findings:
            end = end_of(finding)
            if (had := found.get(end)) is None:
                if keeps_from_securing(finding.reason) and self._is_moot(
                    runnable_id, str(finding.entity_id)
                ):
                    continue
                found[end] = (finding.through(*path), scope)
                changed = True
            elif (wider := _union(had[1], scope)) != had[1]:
                found[end] = (had[0], wider)
                changed = True
            if extra and not extra <= (known := reads.setdefault(end, set())):
                known |= extra
                self._dirty.setdefault(runnable_id, set()).add(end)
                changed = True
        if changed:
            self._queue.append(runnable_id)

    def _is_moot(self, runnable_id: str, automation_id: str) -> bool:
        """Return `moot(runnable_id, automation_id)`, asked once per pair."""
        key = (runnable_id, automation_id)
        if (known := self._moot_known.get(key)) is None:
            known = self._moot_known[key] = self._moot(runnable_id, automation_id)
        return known
