"""The perimeter's second order: a fixpoint over the house's macros.

An automation that changes an entity in the perimeter, or that turns on,
enables or triggers an automation that can open the house, can itself open
the house; what it reads joins the perimeter, until nothing changes. Seeds:
what Switch as X shows, and what a lock, entrance, valve or alarm panel's
state derives from. `perimeter.build_snapshot` runs it once per build.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Mapping
from typing import Final

from .expansion import HouseMap
from .model import Finding, Risk
from .reads import EVERYTHING
from .rules import OPENING_DEVICE_CLASSES
from .wiring import Runnable, Scope

_RUN_VERBS: Final = frozenset({"turn_on", "toggle", "trigger"})
_STOP_VERBS: Final = frozenset({"turn_off", "toggle"})
_FOLLOWS: Final = (
    "Switch as X shows a switch as {wrapper}: whatever changes that switch's state opens "
    "or closes it"
)
_DERIVES: Final = (
    "{entity}'s state is computed from this one (a template or a group): changing this changes it"
)
type End = tuple[Risk, str | None, str, str]
type Found = dict[End, tuple[Finding, Scope]]


def end_of(finding: Finding) -> End:
    """Return what makes a finding distinct: its risk, entity, action and reason."""
    return (finding.risk, finding.entity_id, finding.service, finding.reason)


def sort_key(finding: Finding) -> tuple[str, str, str, str]:
    """Return a key that orders findings, whichever of their fields are missing."""
    return (finding.risk, finding.entity_id or "", finding.service, finding.reason)


def _union(first: Scope, second: Scope) -> Scope:
    return None if first is None or second is None else first | second


def is_entity_key(key: str) -> bool:
    """Return True for an entity id key (not `domain:`, `event:`, `service:`, `*`)."""
    return ":" not in key and "." in key


class Fixpoint:
    """Grows the perimeter and the opening macros until nothing changes."""

    def __init__(
        self,
        macros: list[Runnable],
        sources: Mapping[str, set[str]],
        opening: dict[str, Found],
        securing: set[str],
    ) -> None:
        """Start from what each macro does on its own (`opening`) and what it touches."""
        self._runnables = {r.entity_id: r for r in macros}
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
        self._queue.extend(key for key, found in opening.items() if found)

    def run(self, house: HouseMap) -> tuple[dict[str, Found], dict[str, Found]]:
        """Seed, propagate, then return the perimeter and the opening macros.

        Seeds: what Switch as X shows, and what a lock, entrance, valve or
        alarm panel derives from.
        """
        for derived_id, keys in sorted(self._sources.items()):
            # A template alarm panel that shows an `input_select`, a template
            # lock that shows a helper: changing the helper changes the panel.
            if house.entity_class(derived_id) in OPENING_DEVICE_CLASSES:
                reason = _DERIVES.format(entity=derived_id)
                domain = derived_id.partition(".")[0]
                seed = Finding(Risk.OPENS_HOUSE, derived_id, f"{domain}.state", reason)
                for source in sorted(keys - {derived_id}):
                    path = (source,) if is_entity_key(source) else ()
                    self._grow(source, [(seed.through(*path), None)])
        for switch_id, wrapper in house.wrappers.items():
            if house.entity_class(wrapper.entity_id) in OPENING_DEVICE_CLASSES:
                reason = _FOLLOWS.format(wrapper=wrapper.entity_id)
                domain = wrapper.entity_id.partition(".")[0]
                seed = Finding(Risk.OPENS_HOUSE, wrapper.entity_id, f"{domain}.state", reason)
                # What the switch's own state derives from (a group's members,
                # a template's inputs) drives the lock, valve or cover too.
                for source in self._sources.get(switch_id, ()):
                    through = (source, switch_id) if is_entity_key(source) else (switch_id,)
                    self._grow(source, [(seed.through(*through), None)])
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
            runnable = self._runnables.get(runnable_id)
            if runnable is not None:
                extra = self._extra.get(runnable_id, {})
                for finding, scope in [*new, *grown]:
                    reads = runnable.reads(scope) | extra.get(end_of(finding), set())
                    self._pass_on(runnable_id, finding, sorted(reads))
            done.update((end, scope) for end, (_, scope) in found.items())
            if new:
                for user_id, verb, via, _scope in self._users.get(runnable_id, ()):
                    if verb in _RUN_VERBS:
                        self._gain(
                            user_id,
                            [(f.through(*via, runnable_id), s) for f, s in new],
                            self._keyed_for(user_id, runnable_id),
                        )
        return self._perimeter, self._opening

    def _pass_on(self, runnable_id: str, finding: Finding, keys: list[str]) -> None:
        """Put what `finding` of a macro does in the perimeter of each key it reads."""
        end = end_of(finding)
        for key in keys:
            if end in self._perimeter.get(key, {}):
                continue
            prefix = (key, runnable_id) if is_entity_key(key) else (runnable_id,)
            self._grow(key, [(finding.through(*prefix), None)])

    def _grow(self, key: str, findings: list[tuple[Finding, Scope]]) -> None:
        stack = [(key, findings)]
        while stack:
            key, found = stack.pop()
            slot = self._perimeter.setdefault(key, {})
            fresh = [(f, scope) for f, scope in found if end_of(f) not in slot]
            if not fresh:
                continue
            slot.update((end_of(f), (f, scope)) for f, scope in fresh)
            for user_id, _verb, via, scope in self._users_of(key):
                extra = self._keyed_for(user_id, key)
                self._gain(user_id, [(f.through(*via), scope) for f, _ in fresh], extra)
            for source in self._sources.get(key, ()):
                has = self._perimeter.get(source, {})
                if news := [f for f, _ in fresh if end_of(f) not in has]:
                    through = (source,) if is_entity_key(source) else ()
                    stack.append((source, [(f.through(*through), None) for f in news]))

    def _users_of(self, key: str) -> Iterator[tuple[str, str, tuple[str, ...], Scope]]:
        if key == EVERYTHING:
            for uses in self._users.values():
                yield from uses
            return
        domain = key.removeprefix("domain:").partition(".")[0]
        yield from self._users.get(key, ())
        yield from self._users.get(f"domain:{domain}", ()) if is_entity_key(key) else ()
        if key.startswith("domain:"):
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
        if key.startswith("domain:"):
            return self._keyed_domains.get(runnable_id, {}).get(key.removeprefix("domain:"), set())
        return runnable.keyed_reads.get(key, set())

    def _gain(
        self, runnable_id: str, findings: list[tuple[Finding, Scope]], extra: set[str]
    ) -> None:
        """Add what a macro can now set off, reading `extra` too; queue it again if that is news."""
        found = self._opening.setdefault(runnable_id, {})
        reads = self._extra.setdefault(runnable_id, {})
        changed = False
        for finding, scope in findings:
            end = end_of(finding)
            if end not in found:
                found[end] = (finding, scope)
                changed = True
            elif (wider := _union(found[end][1], scope)) != found[end][1]:
                found[end] = (found[end][0], wider)
                changed = True
            if extra and not extra <= (known := reads.setdefault(end, set())):
                known |= extra
                self._dirty.setdefault(runnable_id, set()).add(end)
                changed = True
        if changed:
            self._queue.append(runnable_id)
