"""What an effect reaches beyond its entity: the house's own wiring.

`HouseMap` is read once per change of the house (`perimeter.HouseIndex`
keeps it current) and answers, for any entity:

- its class for the rule table (`rules.EntityClass`): device classes come
  from the state or the entity registry, the person's extra guarded
  entities count;
- Switch as X: a switch shown as a lock, cover or valve is that lock, cover
  or valve (turning it on unlocks or opens; `invert` honoured);
- template entities: a template switch, button, lock, cover, alarm, ...
  runs its own action scripts (`turn_on`, `press`, `unlock`, ...); those
  scripts are judged as what the verb does;
- device siblings: a button, switch or remote on the same device as a lock,
  entrance cover, valve or alarm panel can open it (garage openers expose
  one).

It also turns scene states and device actions into the entity's own verb
(`verbs.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import probatio

from homeassistant.config_entries import ConfigEntry
from homeassistant.const import (
    ATTR_DEVICE_CLASS,
    ATTR_DEVICE_ID,
    ATTR_ENTITY_ID,
    CONF_ACTIONS,
    CONF_CONDITION,
    CONF_DEVICE_ID,
    CONF_VARIABLES,
    SERVICE_CLOSE_COVER,
    SERVICE_CLOSE_VALVE,
    SERVICE_LOCK,
    SERVICE_OPEN_COVER,
    SERVICE_OPEN_VALVE,
    SERVICE_SET_COVER_TILT_POSITION,
    SERVICE_TOGGLE,
    SERVICE_TURN_OFF,
    SERVICE_TURN_ON,
    SERVICE_UNLOCK,
)
from homeassistant.core import HomeAssistant, State, split_entity_id
from homeassistant.helpers import config_validation as cv, entity_registry as er
from homeassistant.helpers.entity_component import DATA_INSTANCES
from homeassistant.helpers.entity_platform import async_get_platforms

from ..const import DOMAIN
from .internals import (
    TEMPLATE_CONFIG,
    TEMPLATE_SCRIPTS,
    TRIGGER_TEMPLATE_CONFIG,
    Unreadable,
    private,
)
from .perimeter_keys import EVERYTHING, Key, KeyKind, domain_key, is_entity_key
from .proposals import proposed_ids
from .reads import Reads
from .rules import (
    ENTRANCE_COVER_CLASSES,
    NOT_OPENER_DEVICE_CLASSES,
    OPENER_DOMAINS,
    OPENING_DEVICE_CLASSES,
    EntityClass,
)
from .verbs import DEVICE_ACTION_VERBS, GENERIC_VERBS, LEVEL_DATA, STATE_VERBS, integration_verbs

_DOMAIN_CLASSES = {
    "lock": EntityClass.LOCK,
    "valve": EntityClass.VALVE,
    "alarm_control_panel": EntityClass.ALARM,
    "automation": EntityClass.AUTOMATION,
    "script": EntityClass.SCRIPT,
    "scene": EntityClass.SCENE,
}
_FOLLOWED_ELSEWHERE = frozenset({DOMAIN, "switch_as_x", "template", "group"})
_WRAPPER_VERBS = {
    "lock": (SERVICE_UNLOCK, SERVICE_LOCK),
    "cover": (SERVICE_OPEN_COVER, SERVICE_CLOSE_COVER),
    "valve": (SERVICE_OPEN_VALVE, SERVICE_CLOSE_VALVE),
}


@dataclass(frozen=True, slots=True)
class Wrapper:
    """A switch that Switch as X shows as a lock, cover or valve.

    entity_id: the lock, cover or valve Switch as X made.
    verbs: switch verb -> the wrapper's verb (`turn_on` -> `unlock`).
    """

    entity_id: str
    verbs: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Wrapped:
    """The switch a Switch as X entity drives, and which of its actions each verb runs.

    Any Switch as X entity (a light, fan, siren, lock, cover, valve): acting
    on it switches the wrapped switch, which may be anything a switch can be
    (a template switch with its own scripts, a relay on an opener's device).

    switch_id: the wrapped switch.
    verbs: the entity's verb -> the switch's (`unlock` -> `turn_on`).
    """

    switch_id: str
    verbs: Mapping[str, str]

    def switch_verbs(self, verb: str) -> tuple[str, ...]:
        """Return what `verb` on the entity does to the switch (either way when unsure)."""
        if (mapped := self.verbs.get(verb)) is not None:
            return (mapped,)
        return (SERVICE_TURN_ON, SERVICE_TURN_OFF)


@dataclass(slots=True)
class HouseMap:
    """The house's wiring as the gate reads it; rebuilt when the house changes.

    classes: entity id -> class, for every entity that is not `OTHER`.
    wrappers: switch entity id -> the Switch as X lock, cover or valve
        showing it.
    wrapped: Switch as X entity id (any kind) -> the switch it drives.
    siblings: opener entity id -> the locks, doors, valves and alarm panels
        on its device.
    scripts: template entity id -> its action scripts by name (`turn_on`).
    variables: template entity id -> its own `variables:` (its block's, its
        blueprint's inputs), which its action scripts are given.
    controls: helper entity id -> the entities its config entry names, which
        it may act on (a generic thermostat's heater switch).
    unreadable: entity id -> why the gate cannot read it (`internals`).
    opening_actions: the actions leaving Home Assistant the person marked as
        opening in the options (`external.external_key`).
    """

    classes: dict[str, EntityClass] = field(default_factory=dict)
    wrappers: dict[str, Wrapper] = field(default_factory=dict)
    wrapped: dict[str, Wrapped] = field(default_factory=dict)
    siblings: dict[str, tuple[str, ...]] = field(default_factory=dict)
    scripts: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    variables: dict[str, Any] = field(default_factory=dict)
    controls: dict[str, tuple[str, ...]] = field(default_factory=dict)
    platforms: Mapping[str, str] = field(default_factory=dict)
    by_platform: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    unreadable: dict[str, str] = field(default_factory=dict)
    opening_actions: frozenset[str] = frozenset()

    def platform(self, entity_id: str) -> str | None:
        """Return the integration that provides `entity_id`, if registered."""
        return self.platforms.get(entity_id)

    def change_keys(self, entity_id: str) -> list[str]:
        """Return the read keys a change of `entity_id` reaches (`reads.Reads`).

        The entity, its domain, every entity, and what its integration
        may fire on the way (source keys: `timer.finished` after
        `timer.start`).
        """
        domain = split_entity_id(entity_id)[0]
        keys = [entity_id, domain_key(domain), EVERYTHING, Key(KeyKind.SOURCE, domain)]
        if (platform := self.platform(entity_id)) is not None and platform != domain:
            keys.append(Key(KeyKind.SOURCE, platform))
        return keys

    def platform_entities(self, platform: str) -> tuple[str, ...]:
        """Return the entities an integration provides (registered, or set up without an id)."""
        return self.by_platform.get(platform, ())

    def entity_class(self, entity_id: str) -> EntityClass:
        """Return the class the rule table judges `entity_id` as."""
        return self.classes.get(entity_id, EntityClass.OTHER)

    def is_plain(self, entity_id: str) -> bool:
        """Return True for an entity no rule, wrapper or script makes special."""
        return (
            entity_id not in self.classes
            and entity_id not in self.wrappers
            and entity_id not in self.wrapped
            and entity_id not in self.scripts
            and entity_id not in self.controls
        )

    def sensitive_class(self, entity_id: str) -> EntityClass:
        """Return the class an entity's own actions are judged as (wrappers: theirs)."""
        if (wrapper := self.wrappers.get(entity_id)) is not None:
            return self.entity_class(wrapper.entity_id)
        return self.entity_class(entity_id)


def build_house_map(
    hass: HomeAssistant, guarded: Iterable[str], opening_actions: Iterable[str] = ()
) -> HouseMap:
    """Read the house's classes, wrappers, siblings and template scripts."""
    marked = frozenset(guarded)
    registry = er.async_get(hass)
    house = HouseMap(opening_actions=frozenset(opening_actions))
    for state in hass.states.async_all():
        entity_class = natural_class(state, registry)
        if state.entity_id in marked and entity_class not in OPENING_DEVICE_CLASSES:
            entity_class = EntityClass.ENTRANCE if state.domain == "cover" else EntityClass.GUARDED
        if entity_class is not EntityClass.OTHER:
            house.classes[state.entity_id] = entity_class
    for entity_id in proposed_ids():  # An item that does not exist yet (`proposals`).
        house.classes.setdefault(entity_id, _DOMAIN_CLASSES[split_entity_id(entity_id)[0]])
    house.wrappers, house.wrapped = _switch_as_x(hass, registry)
    house.siblings = _siblings(hass, registry, house)
    for entity in template_entities(hass):
        try:
            scripts, config = template_parts(entity)
        except Unreadable as err:
            house.unreadable[entity.entity_id] = err.reason
            continue
        if scripts:
            house.scripts[entity.entity_id] = dict(scripts)
            house.variables[entity.entity_id] = config.get(CONF_VARIABLES)
    house.controls = _controls(hass, registry)
    house.platforms = {entry.entity_id: entry.platform for entry in registry.entities.values()}
    by_platform: dict[str, list[str]] = {}
    for entity_id, platform in house.platforms.items():
        by_platform.setdefault(platform, []).append(entity_id)
    for integration in sorted(hass.config.components):
        # Entities without a unique id (set up from YAML) are the platform's too.
        for entity_platform in async_get_platforms(hass, integration):
            known = set(by_platform.get(integration, ()))
            by_platform.setdefault(integration, []).extend(
                entity_id for entity_id in entity_platform.entities if entity_id not in known
            )
    house.by_platform = {platform: tuple(ids) for platform, ids in by_platform.items()}
    return house


def template_entities(hass: HomeAssistant) -> list[Any]:
    """Return the template integration's entities (YAML, UI helpers, trigger-based)."""
    return [
        entity
        for component in hass.data.get(DATA_INSTANCES, {}).values()
        for entity in component.entities
        if entity.entity_id
        and getattr(getattr(entity, "platform", None), "platform_name", None) == "template"
    ]


TEMPLATE_BLOCK_KEYS: Final = frozenset({"raw_configs", "raw_blueprint_inputs"})
"""What Home Assistant adds to each YAML template entity's configuration for its
own use: the raw configuration of the whole `template:` block (every entity in it)
and the blueprint's inputs (already filled into the entity's own templates). The
block's variables are merged into each entity's own `variables`: what one entity
reads is in its other keys, not in what its neighbours in the block read."""


def template_parts(entity: Any) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """Return a template entity's action scripts (by name) and its own configuration.

    Raises `internals.Unreadable` when Home Assistant keeps them elsewhere.
    """
    scripts = private(entity, TEMPLATE_SCRIPTS)
    config = private(entity, TEMPLATE_CONFIG)
    if not isinstance(scripts, Mapping) or not isinstance(config, Mapping):
        raise Unreadable("its actions or templates are not kept as Home MCP reads them")
    if not all(isinstance(getattr(s, "sequence", None), list) for s in scripts.values()):
        raise Unreadable("its actions are not kept as scripts Home MCP reads")
    return scripts, {key: value for key, value in config.items() if key not in TEMPLATE_BLOCK_KEYS}


def trigger_config(entity: Any) -> Mapping[str, Any] | None:
    """Return the configuration of a trigger-based template entity's block (None: state-based).

    Its triggers, variables, conditions and actions are its coordinator's.
    Raises `internals.Unreadable` when Home Assistant keeps them elsewhere.
    """
    coordinator = getattr(entity, "coordinator", None)
    if coordinator is None:
        return None
    config = private(coordinator, TRIGGER_TEMPLATE_CONFIG)
    if not isinstance(config, Mapping):
        raise Unreadable("its block's triggers and actions are not kept as Home MCP reads them")
    return config


def moved_actions(config: Mapping[str, Any]) -> str | None:
    """Return why a trigger-based block's actions are unread, where it keeps them elsewhere.

    Without `actions`, a key holding what can only be a script's steps: a
    release that keeps them under another name. Read as none, they would
    run unjudged.
    """
    if config.get(CONF_ACTIONS):
        return None
    moved = sorted(str(key) for key, value in config.items() if _holds_steps(value))
    if not moved:
        return None
    return (
        f"its block keeps what look like actions under {moved[0]!r}, "
        f"not under {CONF_ACTIONS!r} where Home MCP reads them"
    )


_STEP_KEYS: Final = frozenset(cv.ACTIONS_SET) - {
    CONF_CONDITION,
    CONF_DEVICE_ID,
    CONF_VARIABLES,
    "and",
    "or",
    "not",
}
"""What names a step of a script only (`cv.ACTIONS_SET` less what an entity's or a
condition's configuration also holds: `variables`, `device_id`, a condition)."""


def _holds_steps(value: Any) -> bool:
    """Return True for a list of what can only be a script's steps (`action:`, `delay:` …).

    Each names a step, and the list is a script as Home Assistant's own
    schema reads one (a template vacuum's `stop:` actions are no `stop` step).
    """
    if not (
        isinstance(value, list)
        and value
        and all(isinstance(item, Mapping) and _STEP_KEYS & set(item) for item in value)
    ):
        return False
    try:
        cv.SCRIPT_SCHEMA(value)
    except probatio.Invalid:
        return False
    return True


def entry_entities(hass: HomeAssistant, entry: ConfigEntry) -> set[str]:
    """Return the entity ids a config entry's options, data and subentries name.

    Template helpers are read from their entities instead (their scripts are
    what they do, not what they read); device ids are where an entity is
    shown, not what it reads.
    """
    config: list[Any] = [dict(entry.options), dict(entry.data)]
    config += [dict(subentry.data) for subentry in entry.subentries.values()]
    reads = Reads(hass).add(
        [{k: v for k, v in part.items() if k != ATTR_DEVICE_ID} for part in config]
    )
    return {key for key in reads.keys if is_entity_key(key)}


def _controls(hass: HomeAssistant, registry: er.EntityRegistry) -> dict[str, tuple[str, ...]]:
    """Return helper entity -> the existing entities its config entry names.

    Switch as X (`wrappers`), template helpers (`scripts`) and groups (their
    members are targets) are followed on their own.
    """
    found: dict[str, tuple[str, ...]] = {}
    for entry in hass.config_entries.async_entries():
        if entry.domain in _FOLLOWED_ELSEWHERE:
            continue
        own = er.async_entries_for_config_entry(registry, entry.entry_id)
        if not own:
            continue
        own_ids = {e.entity_id for e in own}
        named = sorted(
            e for e in entry_entities(hass, entry) - own_ids if hass.states.get(e) is not None
        )
        if named:
            for entity_entry in own:
                found[entity_entry.entity_id] = tuple(named)
    return found


def natural_class(state: State, registry: er.EntityRegistry) -> EntityClass:
    """Return the class an entity has by its domain and device class alone."""
    if (entity_class := _DOMAIN_CLASSES.get(state.domain)) is not None:
        return entity_class
    if state.domain != "cover":
        return EntityClass.OTHER
    device_class = state.attributes.get(ATTR_DEVICE_CLASS)
    if not device_class and (entry := registry.async_get(state.entity_id)) is not None:
        device_class = entry.device_class or entry.original_device_class
    return EntityClass.ENTRANCE if device_class in ENTRANCE_COVER_CLASSES else EntityClass.COVER


def _switch_as_x(
    hass: HomeAssistant, registry: er.EntityRegistry
) -> tuple[dict[str, Wrapper], dict[str, Wrapped]]:
    """Return Switch as X both ways.

    Switch -> the lock, cover or valve Switch as X shows it as (`Wrapper`),
    and every Switch as X entity -> the switch it drives (`Wrapped`).
    """
    found: dict[str, Wrapper] = {}
    wrapped: dict[str, Wrapped] = {}
    for entry in hass.config_entries.async_entries("switch_as_x"):
        source = entry.options.get(ATTR_ENTITY_ID)
        domain = entry.options.get("target_domain")
        if not isinstance(source, str) or not isinstance(domain, str):
            continue
        switch_id = er.async_resolve_entity_id(registry, source)
        wrappers = er.async_entries_for_config_entry(registry, entry.entry_id)
        if switch_id is None or not wrappers:
            continue
        on, off = _WRAPPER_VERBS.get(domain, (SERVICE_TURN_ON, SERVICE_TURN_OFF))
        if entry.options.get("invert") and domain in _WRAPPER_VERBS:
            on, off = off, on  # Switch as X inverts covers, locks and valves only.
        for wrapper in wrappers:
            wrapped[wrapper.entity_id] = Wrapped(
                switch_id,
                {on: SERVICE_TURN_ON, off: SERVICE_TURN_OFF, SERVICE_TOGGLE: SERVICE_TOGGLE},
            )
        if domain in _WRAPPER_VERBS:
            found[switch_id] = Wrapper(
                wrappers[0].entity_id,
                {SERVICE_TURN_ON: on, SERVICE_TURN_OFF: off, SERVICE_TOGGLE: SERVICE_TOGGLE},
            )
    return found, wrapped


def _siblings(
    hass: HomeAssistant, registry: er.EntityRegistry, house: HouseMap
) -> dict[str, tuple[str, ...]]:
    """Return opener -> the locks, doors, valves and alarms on its device; class openers."""
    openers_by_device: dict[str, list[str]] = {}
    for entity_id, entity_class in house.classes.items():
        entry = registry.async_get(entity_id)
        if entity_class in OPENING_DEVICE_CLASSES and entry is not None and entry.device_id:
            openers_by_device.setdefault(entry.device_id, []).append(entity_id)
    wrapped = {wrapper.entity_id: switch for switch, wrapper in house.wrappers.items()}
    found: dict[str, tuple[str, ...]] = {}
    for device_id, opening in openers_by_device.items():
        for entry in er.async_entries_for_device(
            registry, device_id, include_disabled_entities=True
        ):
            if entry.domain not in OPENER_DOMAINS or entry.entity_id in house.wrappers:
                continue
            state = hass.states.get(entry.entity_id)
            device_class = (
                (state.attributes.get(ATTR_DEVICE_CLASS) if state is not None else None)
                or entry.device_class
                or entry.original_device_class
            )
            if device_class in NOT_OPENER_DEVICE_CLASSES:
                continue
            targets = tuple(sorted(e for e in opening if wrapped.get(e) != entry.entity_id))
            if targets and entry.entity_id not in house.classes:
                found[entry.entity_id] = targets
                house.classes[entry.entity_id] = EntityClass.OPENER
    return found


def entity_verbs(
    action_domain: str, service: str, entity_id: str, data: Mapping[str, Any]
) -> tuple[str, ...]:
    """Return the verbs `action_domain.service` may have on `entity_id` (none: not known).

    `homeassistant.*` forwards to the entity's domain (`GENERIC_VERBS`); an
    entity component's services act only on its own entities (none for the
    others); another integration's service acts by its own means
    (`domain.service`), except where `INTEGRATION_VERBS` knows it as one of
    the entity's own verbs (Alarmo's `arm` of a panel), or as one of several
    (`CLOSED_FIELDS`: Alarmo's `arm` with a templated mode).
    """
    entity_domain = split_entity_id(entity_id)[0]
    if action_domain == "homeassistant":
        return (GENERIC_VERBS.get(entity_domain, {}).get(service, service),)
    if action_domain == entity_domain:
        return (service,)
    return integration_verbs(entity_domain, f"{action_domain}.{service}", data)


def state_verbs(
    entity_id: str, state: Any, attributes: Mapping[str, Any]
) -> list[tuple[str, dict[str, Any]]]:
    """Return the verbs (with data) Home Assistant uses to set `entity_id` to `state`."""
    domain = split_entity_id(entity_id)[0]
    value = str(state).strip().lower() if state is not None else ""
    table = STATE_VERBS.get(domain, {})
    verb = table.get(value) or STATE_VERBS["*"].get(value) or "set_state"
    # A level set with it (a light `on` at brightness 0 is off): what it leaves is not known.
    levels = {key: attributes[key] for key in LEVEL_DATA.get(domain, ()) if key in attributes}
    verbs: list[tuple[str, dict[str, Any]]] = [(verb, levels)]
    if domain == "timer" and verb == "start" and attributes.get("duration") is not None:
        return [(verb, {"duration": attributes["duration"]})]  # Started for that long.
    if domain not in ("cover", "valve"):
        return verbs
    for key in ("current_position", "position"):
        if (position := attributes.get(key)) is not None:
            verbs.append((f"set_{domain}_position", {"position": position}))
            break
    for key in ("current_tilt_position", "tilt_position"):
        if domain == "cover" and (tilt := attributes.get(key)) is not None:
            verbs.append((SERVICE_SET_COVER_TILT_POSITION, {"tilt_position": tilt}))
            break
    return verbs


def any_state(entity_id: str) -> list[str | None]:
    """Return a state of each kind a scene could keep for `entity_id`.

    Every state `STATE_VERBS` names for its domain, `on` and `off`, and
    None: a state it does not list (`set_state`, which no rule for a lock,
    door, valve or alarm accepts).
    """
    domain = split_entity_id(entity_id)[0] if "." in entity_id else ""
    return [*STATE_VERBS.get(domain, {}), *STATE_VERBS["*"], None]


def device_action_verb(domain: str, kind: str) -> str:
    """Return a device action's `type` as the entity's own verb."""
    return DEVICE_ACTION_VERBS.get(domain, {}).get(kind, kind)


def template_scripts(
    scripts: Mapping[str, Any], verb: str, data: Mapping[str, Any] | None = None
) -> list[tuple[str, Any]]:
    """Return the action scripts of a template entity that `verb` with `data` may run.

    The script of the same name (`turn_on`, `press`, `unlock`; alarm verbs
    without their `alarm_` prefix), the `set_*` scripts a turn-on or an
    opening may use, the `set_<field>` script of each field the call's data
    carries (a template thermostat's `set_temperature` with an `hvac_mode`
    runs its `set_hvac_mode` first; a templated data block may carry any),
    both sides for a toggle, and every script for a verb that names none
    of them.
    """
    data = data or {}
    short = verb.removeprefix("alarm_")
    names = [name for name in (verb, short) if name in scripts]
    if (
        verb in (SERVICE_TURN_ON, SERVICE_TOGGLE)
        or verb.startswith("open")
        or "__template__" in data
    ):
        names += [name for name in scripts if name.startswith("set_")]
    names += [f"set_{key}" for key in data if f"set_{key}" in scripts]
    if verb.startswith("toggle") or not names:
        names = list(scripts)
    return [(name, scripts[name]) for name in dict.fromkeys(names)]
