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

from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
import logging
from typing import Any, Final

from homeassistant.const import ATTR_ENTITY_ID
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from homeassistant.helpers.entity_component import DATA_INSTANCES

from ..const import DOMAIN
from .expansion import HouseMap, build_house_map
from .judge import Judge
from .macros import walk
from .model import GUARDED_RISKS, Finding, Risk
from .reads import EVERYTHING, Reads
from .rules import OPENING_DEVICE_CLASSES, EntityClass

_LOGGER = logging.getLogger(__name__)

_RUN_VERBS: Final = frozenset({"turn_on", "toggle", "trigger"})
_STOP_VERBS: Final = frozenset({"turn_off", "toggle"})
_INPUT_KEYS: Final = (
    "triggers",
    "trigger",
    "conditions",
    "condition",
    "variables",
    "trigger_variables",
)
type End = tuple[Risk, str | None, str, str]


def _end(finding: Finding) -> End:
    return (finding.risk, finding.entity_id, finding.service, finding.reason)


def is_entity_key(key: str) -> bool:
    """Return True for an entity id key (not `domain:`, `event:`, `service:`, `*`)."""
    return ":" not in key and "." in key


@dataclass(slots=True)
class _Runnable:
    """An automation, script or template entity script: what it reads and does."""

    entity_id: str
    sequences: list[Any]
    inputs: set[str] = field(default_factory=set)
    runs_itself: bool = True
    touched: dict[str, dict[str, tuple[str, ...]]] = field(default_factory=dict)


class Snapshot:
    """The perimeter and the house's wiring, as of one build.

    perimeter: key -> the guarded findings changing it leads to (via from it).
    opening: automation, script or template entity -> its guarded findings.
    securing: automations and scripts that lock, close or arm.
    """

    def __init__(self, hass: HomeAssistant, house: HouseMap) -> None:
        """Start with an empty perimeter."""
        self.hass = hass
        self.house = house
        self.perimeter: dict[str, tuple[Finding, ...]] = {}
        self.opening: dict[str, tuple[Finding, ...]] = {}
        self.securing: frozenset[str] = frozenset()
        self._by_domain: dict[str, list[str]] = {}

    def reactions(self, key: str) -> Iterable[Finding]:
        """Return what changing `key` sets off."""
        return self.perimeter.get(key, ())

    def in_perimeter(self, entity_id: str) -> bool:
        """Return True if changing `entity_id` sets off something guarded."""
        domain = entity_id.partition(".")[0]
        return any(key in self.perimeter for key in (entity_id, f"domain:{domain}", EVERYTHING))

    def can_open(self, entity_id: str) -> bool:
        """Return True if running this automation or script can do something guarded."""
        return entity_id in self.opening

    def secures(self, entity_id: str) -> bool:
        """Return True if this automation or script locks, closes or arms."""
        return entity_id in self.securing

    def is_guarded(self, entity_id: str) -> bool:
        """Return True for an entity whose own actions are guarded (while building)."""
        return self.house.sensitive_class(entity_id) in OPENING_DEVICE_CLASSES | {
            EntityClass.OPENER,
            EntityClass.GUARDED,
        } or self.in_perimeter(entity_id)

    def perimeter_entities(self, domain: str) -> Iterable[str]:
        """Return the entities of `domain` in the perimeter (all for a domain-wide read)."""
        if f"domain:{domain}" in self.perimeter or EVERYTHING in self.perimeter:
            return self.hass.states.async_entity_ids(domain)
        return self._by_domain.get(domain, ())

    def event_keys(self) -> Iterable[str]:
        """Return the `event:` keys something reacts to."""
        return [key for key in self.perimeter if key.startswith("event:")]

    def finish(self, perimeter: Mapping[str, Mapping[End, Finding]]) -> None:
        """Freeze the perimeter, in a stable order."""
        self.perimeter = {
            key: tuple(sorted(found.values(), key=_end))
            for key, found in perimeter.items()
            if found
        }
        for key in self.perimeter:
            if is_entity_key(key):
                self._by_domain.setdefault(key.partition(".")[0], []).append(key)


def build_snapshot(hass: HomeAssistant, guarded: Iterable[str]) -> Snapshot:
    """Read the whole house and compute its perimeter."""
    snapshot = Snapshot(hass, build_house_map(hass, guarded))
    runnables = list(_runnables(hass, snapshot.house))
    opening: dict[str, dict[End, Finding]] = {}
    securing: set[str] = set()
    for runnable in runnables:
        judge = Judge(snapshot, now=False, reads=Reads(hass), touched=runnable.touched)
        for sequence in runnable.sequences:
            walk(judge, sequence, 1)
        assert judge.reads is not None
        if runnable.runs_itself:
            runnable.inputs |= judge.reads.keys
        else:
            runnable.inputs = set()
        found = opening.setdefault(runnable.entity_id, {})
        found.update((_end(f), f) for f in judge.findings if f.risk in GUARDED_RISKS)
        if any(f.risk is Risk.SECURING for f in judge.findings):
            securing.add(runnable.entity_id)
    snapshot.securing = frozenset(securing)
    _Fixpoint(runnables, _sources(hass), opening, securing).run(snapshot)
    return snapshot


class _Fixpoint:
    """Grows the perimeter and the opening macros until nothing changes."""

    def __init__(
        self,
        runnables: list[_Runnable],
        sources: Mapping[str, set[str]],
        opening: dict[str, dict[End, Finding]],
        securing: set[str],
    ) -> None:
        self._runnables = {r.entity_id: r for r in runnables}
        self._sources = sources
        self._opening = opening
        self._perimeter: dict[str, dict[End, Finding]] = {}
        self._users: dict[str, list[tuple[str, str, tuple[str, ...]]]] = {}
        self._users_by_domain: dict[str, list[tuple[str, str, tuple[str, ...]]]] = {}
        self._queue: deque[str] = deque()
        for runnable in runnables:
            for key, verbs in runnable.touched.items():
                for verb, via in verbs.items():
                    use = (runnable.entity_id, verb, via)
                    self._users.setdefault(key, []).append(use)
                    if is_entity_key(key):
                        self._users_by_domain.setdefault(key.partition(".")[0], []).append(use)
                    if key in securing and verb in _STOP_VERBS and key.startswith("automation."):
                        finding = Finding(
                            Risk.OPENS_HOUSE, key, f"automation.{verb}",
                            "Disables an automation that locks, closes or arms", via,
                        )  # fmt: skip
                        opening.setdefault(runnable.entity_id, {})[_end(finding)] = finding
        self._queue.extend(key for key, found in opening.items() if found)

    def run(self, snapshot: Snapshot) -> None:
        """Propagate, then store the result in `snapshot`."""
        while self._queue:
            runnable_id = self._queue.popleft()
            found = list(self._opening.get(runnable_id, {}).values())
            runnable = self._runnables.get(runnable_id)
            for key in sorted(runnable.inputs) if runnable is not None else ():
                prefix = (key, runnable_id) if is_entity_key(key) else (runnable_id,)
                self._grow(key, [f.through(*prefix) for f in found])
            for user_id, verb, via in self._users.get(runnable_id, ()):
                if verb in _RUN_VERBS:
                    self._gain(user_id, [f.through(*via, runnable_id) for f in found])
        snapshot.opening = {
            key: tuple(sorted(found.values(), key=_end))
            for key, found in self._opening.items()
            if found
        }
        snapshot.finish(self._perimeter)

    def _grow(self, key: str, findings: list[Finding]) -> None:
        stack = [(key, findings)]
        while stack:
            key, found = stack.pop()
            slot = self._perimeter.setdefault(key, {})
            fresh = [f for f in found if _end(f) not in slot]
            if not fresh:
                continue
            slot.update((_end(f), f) for f in fresh)
            for user_id, _verb, via in self._users_of(key):
                self._gain(user_id, [f.through(*via) for f in fresh])
            for source in self._sources.get(key, ()):
                through = (source,) if is_entity_key(source) else ()
                stack.append((source, [f.through(*through) for f in fresh]))

    def _users_of(self, key: str) -> Iterator[tuple[str, str, tuple[str, ...]]]:
        if key == EVERYTHING:
            for uses in self._users.values():
                yield from uses
            return
        domain = key.removeprefix("domain:").partition(".")[0]
        yield from self._users.get(key, ())
        yield from self._users.get(f"domain:{domain}", ()) if is_entity_key(key) else ()
        if key.startswith("domain:"):
            yield from self._users_by_domain.get(domain, ())

    def _gain(self, runnable_id: str, findings: list[Finding]) -> None:
        found = self._opening.setdefault(runnable_id, {})
        fresh = [f for f in findings if _end(f) not in found]
        if fresh:
            found.update((_end(f), f) for f in fresh)
            self._queue.append(runnable_id)


def _runnables(hass: HomeAssistant, house: HouseMap) -> Iterator[_Runnable]:
    """Yield every automation, script and template entity script with what it reads."""
    components = hass.data.get(DATA_INSTANCES, {})
    for domain, attribute in (("automation", "action_script"), ("script", "script")):
        if (component := components.get(domain)) is None:
            continue
        for entity in component.entities:
            script = getattr(entity, attribute, None)
            runnable = _Runnable(
                entity.entity_id,
                [getattr(script, "sequence", None)],
                runs_itself=domain != "script",
            )
            reads = Reads(hass)
            raw = getattr(entity, "raw_config", None)
            if isinstance(raw, Mapping):
                reads.add({key: raw.get(key) for key in _INPUT_KEYS})
            reads.add(getattr(entity, "_trigger_config", None))
            reads.add(getattr(getattr(entity, "_condition", None), "config", None))
            runnable.inputs = reads.keys
            yield runnable
    for entity_id, scripts in house.scripts.items():
        yield _Runnable(
            entity_id, [getattr(s, "sequence", None) for s in scripts.values()], runs_itself=False
        )
    for component in components.values():
        for entity in component.entities:
            coordinator = getattr(entity, "coordinator", None)
            config = getattr(coordinator, "config", None)
            script = getattr(coordinator, "_script", None)
            if isinstance(config, Mapping) and script is not None and entity.entity_id:
                reads = Reads(hass).add({key: config.get(key) for key in _INPUT_KEYS})
                yield _Runnable(entity.entity_id, [script.sequence], reads.keys)


def _sources(hass: HomeAssistant) -> dict[str, set[str]]:
    """Return entity -> the keys its state derives from."""
    sources: dict[str, set[str]] = {}
    for component in hass.data.get(DATA_INSTANCES, {}).values():
        for entity in component.entities:
            scripts = getattr(entity, "_action_scripts", None)
            config = getattr(entity, "_config", None)
            if scripts is None or not isinstance(config, Mapping) or not entity.entity_id:
                continue  # Only template entities keep both.
            reads = Reads(hass)
            reads.add({k: v for k, v in config.items() if k not in scripts and k != "device_id"})
            coordinator_config = getattr(getattr(entity, "coordinator", None), "config", None)
            if isinstance(coordinator_config, Mapping):
                reads.add({key: coordinator_config.get(key) for key in _INPUT_KEYS})
            sources.setdefault(entity.entity_id, set()).update(reads.keys)
    persons = hass.states.async_entity_ids("person")
    for state in hass.states.async_all():
        if state.domain in ("scene", "script", "automation"):
            continue
        members = state.attributes.get(ATTR_ENTITY_ID)
        if isinstance(members, (list, tuple)):
            sources.setdefault(state.entity_id, set()).update(
                str(m).lower() for m in members if isinstance(m, str)
            )
        trackers = state.attributes.get("device_trackers")
        if isinstance(trackers, (list, tuple)):
            sources.setdefault(state.entity_id, set()).update(str(t) for t in trackers)
        if state.domain == "zone":
            sources.setdefault(state.entity_id, set()).update(persons)
    registry = er.async_get(hass)
    for entry in hass.config_entries.async_entries():
        # Template helpers are read from their entities (without their scripts).
        if entry.domain in (DOMAIN, "template") or not entry.options:
            continue
        options = {k: v for k, v in entry.options.items() if k != "device_id"}
        keys = {key for key in Reads(hass).add(options).keys if key != EVERYTHING}
        if keys:
            for entity_entry in er.async_entries_for_config_entry(registry, entry.entry_id):
                sources.setdefault(entity_entry.entity_id, set()).update(keys)
    return sources
