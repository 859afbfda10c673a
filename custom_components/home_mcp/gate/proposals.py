"""A configuration that does not exist yet, read by the gate as if it did.

The gate reads automations, scripts and scenes from their entity objects
(their `raw_config`, their script's `sequence`, their triggers and
conditions, a scene's states). To
judge a write before it happens, `proposing` installs, for the current task
only, the proposed items: an automation, script or scene added or replaced (a
`Proposed` built from its validated configuration) or removed (`None`).
`macro_entities` (which automations and scripts exist) and `facts.entity_object`
(the object behind an entity id) then answer for the house as it would be;
outside `proposing`, nothing changes.

`judge_change` compares the perimeter of the house as it is with the one it
would have (`perimeter.build_snapshot`, run again with the proposal):

- what the item itself would do when it runs (opening the house, or anything
  the gate cannot read) is its own finding;
- an entity or event that becomes able to open the house (a new automation
  "when input_boolean.x turns on, open the garage") opens the house;
- an automation or script that secures the house (locks, closes, arms), and
  is removed or changed, or stops securing, is a system change.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from homeassistant.components.homeassistant.scene import STATES_SCHEMA as SCENE_STATES_SCHEMA
from homeassistant.components.scene import STATES as SCENE_PLATFORM_STATES
from homeassistant.const import CONF_ENTITIES
from homeassistant.core import HomeAssistant, State, split_entity_id
from homeassistant.helpers.entity_component import DATA_INSTANCES

from .model import Finding, Risk
from .perimeter_keys import Key, KeyKind

_PROPOSED: ContextVar[Mapping[str, Proposed | None] | None] = ContextVar(
    "home_mcp_proposed", default=None
)


@dataclass(slots=True)
class _Sequence:
    sequence: list[Any]


@dataclass(slots=True)
class _Conditions:
    config: list[Any]


@dataclass(slots=True)
class _SceneStates:
    states: dict[str, State]


@dataclass(slots=True)
class Proposed:
    """An automation, script or scene as its entity object would hold it (what the gate reads)."""

    entity_id: str
    raw_config: dict[str, Any]
    action_script: _Sequence | None = None
    script: _Sequence | None = None
    scene_config: _SceneStates | None = None
    _trigger_config: list[Any] = field(default_factory=list)
    _condition: _Conditions | None = None
    _variables: Any = None

    @classmethod
    def of(cls, entity_id: str, raw: dict[str, Any], validated: Mapping[str, Any]) -> Proposed:
        """Return the proposed item `entity_id`: its configuration as written and as validated."""
        domain = split_entity_id(entity_id)[0]
        if domain == "automation":
            conditions = validated.get("conditions") or []
            return cls(
                entity_id,
                raw,
                action_script=_Sequence(list(validated.get("actions") or [])),
                _trigger_config=list(validated.get("triggers") or []),
                _condition=_Conditions(list(conditions)) if conditions else None,
                _variables=validated.get("variables"),
            )
        if domain == "scene":
            # The states as the scene platform holds them (`State` objects);
            # the editor's schema validates a scene as a platform of one.
            scene = (validated.get(SCENE_PLATFORM_STATES) or [validated])[0]
            states = dict(scene.get(CONF_ENTITIES) or {})
            if not all(isinstance(state, State) for state in states.values()):
                states = SCENE_STATES_SCHEMA(states)
            return cls(entity_id, raw, scene_config=_SceneStates(states))
        return cls(entity_id, raw, script=_Sequence(list(validated.get("sequence") or [])))


@contextmanager
def proposing(changes: Mapping[str, Proposed | None]) -> Iterator[None]:
    """Make the gate read the house with `changes` (entity id -> item, or None: removed)."""
    token = _PROPOSED.set(changes)
    try:
        yield
    finally:
        _PROPOSED.reset(token)


def proposed(entity_id: str) -> tuple[bool, Proposed | None]:
    """Return (whether `entity_id` is part of the proposal, its proposed item or None)."""
    changes = _PROPOSED.get()
    if changes is None or entity_id not in changes:
        return False, None
    return True, changes[entity_id]


def is_proposing() -> bool:
    """Return True while the gate reads the house with a proposed change (`proposing`)."""
    return _PROPOSED.get() is not None


def proposed_ids() -> list[str]:
    """Return the entity ids the proposal adds or replaces (not those it removes)."""
    changes = _PROPOSED.get()
    return [entity_id for entity_id, item in (changes or {}).items() if item is not None]


def macro_entities(hass: HomeAssistant, domain: str) -> list[Any]:
    """Return the automation or script entity objects, the proposal applied."""
    component = hass.data.get(DATA_INSTANCES, {}).get(domain)
    entities: list[Any] = list(component.entities) if component is not None else []
    changes = _PROPOSED.get()
    if not changes:
        return entities
    kept = [entity for entity in entities if entity.entity_id not in changes]
    kept += [
        item
        for entity_id, item in changes.items()
        if item is not None and split_entity_id(entity_id)[0] == domain
    ]
    return kept


def judge_change(current: Any, future: Any, entity_id: str, removed: bool) -> list[Finding]:
    """Return what writing (or removing) `entity_id` changes, between two snapshots.

    `current` and `future`: `perimeter.Snapshot`s of the house as it is and
    as it would be.
    """
    findings: list[Finding] = []
    if not removed:
        findings.extend(finding.through(entity_id) for finding in future.opening.get(entity_id, ()))
    service = f"{split_entity_id(entity_id)[0]}.{'delete' if removed else 'save'}"
    for key, reached in sorted(future.perimeter.items()):
        if key == Key(KeyKind.RUN, entity_id):
            continue  # Running the item itself: its own findings above.
        before = set(current.perimeter.get(key, ()))
        for finding in reached:
            if finding not in before and finding.risk is Risk.OPENS_HOUSE:
                changed = key if "." in key and ":" not in key else None
                findings.append(
                    Finding(
                        Risk.OPENS_HOUSE,
                        changed,
                        service,
                        f"Makes {key} able to open the house: {finding.reason}",
                        tuple(dict.fromkeys((entity_id, *finding.via))),
                    )
                )
                break
    for macro in sorted(current.securing):
        if not current.secures(macro, now=True):
            continue  # It only closes what it opened, and is not running.
        if macro == entity_id or macro not in future.securing:
            what = "Removes" if removed and macro == entity_id else "Changes"
            findings.append(
                Finding(
                    Risk.SYSTEM,
                    macro,
                    service,
                    f"{what} {macro}, which locks, closes or arms",
                    (entity_id,),
                )
            )
    return findings
