"""What a configuration reads: the inputs of triggers, conditions and templates.

`Reads` collects keys from any piece of Home Assistant configuration (a
trigger, a condition, variables, a template entity's templates), in every
syntax: `entity_id` (entity ids or registry ids), `device_id`, `area_id`,
`floor_id`, `label_id` (the target-style triggers and conditions, expanded
with Home Assistant's target helper; a device's every entity counts),
entity ids as plain values (`at: input_datetime.wake`, `zone: zone.home`),
event types, and templates in any spelling (`states('lock.x')`,
`states.lock.x.state`, `states['lock.x']`, `is_state(...)`, domain-wide
`states.lock`, every entity for a bare `states`, `area_entities('Garage')`,
`'input_boolean.' ~ name` as the whole domain, every entity for a
state-reading function whose entity is computed as it runs, called, as a
filter or a test, or named in `select`/`map`:
`is_state(states('input_text.x'), 'on')`, `names | select('is_state',
'on')`). It over-reads rather than under-reads.

Keys: an entity id, `EVERYTHING`, or a `perimeter_keys.Key` of each kind
(`perimeter_keys.py` says what sets each off): a domain read whole; an event a trigger waits
for (an event no loaded integration's name starts is fired by scripts'
`event:` actions only); an action being called; an integration that may
fire it; a sentence; a run; an MQTT topic.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
import re
from typing import Any, Final

from homeassistant.const import (
    ATTR_AREA_ID,
    ATTR_DEVICE_ID,
    ATTR_ENTITY_ID,
    ATTR_FLOOR_ID,
    ATTR_LABEL_ID,
)
from homeassistant.core import HomeAssistant, split_entity_id, valid_entity_id
from homeassistant.helpers import (
    area_registry as ar,
    entity_registry as er,
    floor_registry as fr,
    label_registry as lr,
)
from homeassistant.helpers.entity import entity_sources
from homeassistant.helpers.entity_component import DATA_INSTANCES
from homeassistant.helpers.target import TargetSelection, async_extract_referenced_entity_ids
from homeassistant.helpers.template import Template

from .bindings import has_template
from .broker import trigger_key
from .footprint import TAPPED, tap_key
from .internals import custom_templates
from .perimeter_keys import ANY_CALL, ANY_EVENT, EVERYTHING, Key, KeyKind, domain_key
from .proposals import Proposed, macro_entities
from .templates import jinja_text, with_macros

ANY_CAUSE: Final = frozenset({EVERYTHING, ANY_CALL, ANY_EVENT})
"""Keys no cause in particular fires: what waits on them may come after any action
(an integration's own notification, a device trigger's event), not because of it."""
_ENTITY_ID: Final = re.compile(r"[a-z0-9_]+\.[a-z0-9_]+")
_DOTTED: Final = re.compile(r"(?<![a-z0-9_])[a-z0-9_]++(?:\s*+\.\s*+[a-z0-9_]++)+")
"""Dotted names, tried only where a word starts and never backtracking: linear in the text."""
_STATES_ITEM: Final = re.compile(
    r"states\s*\[\s*['\"]([a-z0-9_]+)['\"]\s*\](?!\s*[\[.]\s*['\"]?[a-z0-9_])"
)
_STATES_PAIR: Final = re.compile(
    r"states\s*(?:\.\s*([a-z0-9_]+)|\[\s*['\"]([a-z0-9_]+)['\"]\s*\])"
    r"\s*(?:\.\s*([a-z0-9_]+)|\[\s*['\"]([a-z0-9_]+)['\"]\s*\])"
)
_DOMAIN_PREFIX: Final = re.compile(
    r"\b(?:states|is_state|state_attr|is_state_attr|has_value|expand|states\.get)\s*[(\[]"
    r"\s*['\"]([a-z0-9_]+)\.['\"]\s*[~+]"
)
_BARE_STATES: Final = re.compile(r"(?<![\w.])states\b(?!\s*[.\[(])")
_LOOKUP: Final = re.compile(
    r"\b(area_entities|area_devices|device_entities|label_entities|floor_entities"
    r"|floor_areas|integration_entities)\s*\(\s*['\"]([^'\"]+)['\"]"
)
_TARGET_KEYS: Final = (ATTR_DEVICE_ID, ATTR_AREA_ID, ATTR_FLOOR_ID, ATTR_LABEL_ID)
_RUN_EVENTS: Final = {"automation_triggered": "automation", "script_started": "script"}


class Reads:
    """Keys read by the configuration given to `add`."""

    def __init__(self, hass: HomeAssistant) -> None:
        """Start an empty set for `hass`'s registries."""
        self._hass = hass
        self.keys: set[str] = set()
        self._known: Mapping[str, tuple[str, ...]] = {}

    @contextmanager
    def _knowing(self, known: Mapping[str, tuple[str, ...]]) -> Iterator[None]:
        """Read what is added inside with `known` as the run's entity variables."""
        saved, self._known = self._known, known
        try:
            yield
        finally:
            self._known = saved

    def add(self, config: Any, known: Mapping[str, tuple[str, ...]] | None = None) -> Reads:
        """Add what `config` (any configuration value) reads; return self.

        `known`: the variables its run holds entity ids in
        (`bindings.Bindings.entity_names`): `states(door)` reads those.
        """
        if known is not None:
            with self._knowing(known):
                return self.add(config)
        if isinstance(config, Template):
            self.add_template(config.template)
        elif isinstance(config, str):
            if "{{" in config or "{%" in config:
                self.add_template(config)
            elif _ENTITY_ID.fullmatch(text := config.strip().lower()):
                self.keys.add(text)
        elif isinstance(config, Mapping):
            self._add_mapping(config)
        elif isinstance(config, (list, tuple, set, frozenset)):
            for item in config:
                self.add(item)
        elif isinstance(variables := getattr(config, "variables", None), Mapping):
            self.add(variables)  # `ScriptVariables`, as validated `variables:` are kept.
        return self

    def add_templated(
        self, config: Any, known: Mapping[str, tuple[str, ...]] | None = None
    ) -> Reads:
        """Add what only the templated parts of `config` read (its plain values are outputs)."""
        if known is not None:
            with self._knowing(known):
                return self.add_templated(config)
        if isinstance(config, Mapping):
            for value in config.values():
                self.add_templated(value)
        elif isinstance(config, (list, tuple)):
            for item in config:
                self.add_templated(item)
        elif (isinstance(config, Template) and not config.is_static) or (
            isinstance(config, str) and ("{{" in config or "{%" in config)
        ):
            self.add(config)
        return self

    def _add_mapping(self, config: Mapping[str, Any]) -> None:
        kind = config.get("trigger", config.get("platform"))
        if kind == "event":
            self._add_event_trigger(config)
        elif kind == "conversation":  # Text handed to Assist that matches a sentence.
            self.keys |= sentence_keys(config.get("command"))
        elif kind == "tag":
            self.keys.add(Key(KeyKind.EVENT, "tag_scanned"))  # A tag trigger listens to tag scans.
        elif kind == "device":
            # Many integrations' device triggers listen to an event of theirs
            # (`zha_event`, `deconz_event`): any event may set one off.
            self.keys.add(ANY_EVENT)
        elif kind == "mqtt" and (key := trigger_key(config)) is not None:
            self.keys.add(key)  # What Home Assistant publishes on its topic sets it off.
        elif kind == "persistent_notification":
            # `persistent_notification.create`, notify services and entities
            # that pass a notification on, and any other action: integrations
            # raise notifications of their own (a demo button's "Button pressed").
            self.keys |= {
                Key(KeyKind.SERVICE, "persistent_notification"),
                Key(KeyKind.SERVICE, "notify"),
                domain_key("notify"),
                ANY_CALL,
            }
        for key, value in config.items():
            if key == ATTR_ENTITY_ID:
                self._add_entity_ids(value)
            elif key in _TARGET_KEYS:
                self._add_target(key, value)
            else:
                self.add(value)

    def _add_entity_ids(self, value: Any) -> None:
        registry = er.async_get(self._hass)
        for item in [value] if isinstance(value, (str, Template)) else value or []:
            if isinstance(item, Template) or (isinstance(item, str) and "{" in item):
                self.add(item)
            elif isinstance(item, str):
                text = item.strip().lower()
                self.keys.add(er.async_resolve_entity_id(registry, text) or text)

    def _add_target(self, key: str, value: Any) -> None:
        items = [value] if isinstance(value, (str, Template)) else value or []
        ids = [str(item) for item in items if isinstance(item, str) and "{" not in item]
        for item in items:
            if not (isinstance(item, str) and "{" not in item):
                self.add(item)
        if not ids:
            return
        selected = async_extract_referenced_entity_ids(
            self._hass, TargetSelection({key: ids}), expand_group=True
        )
        self.keys |= selected.referenced | selected.indirectly_referenced
        if key == ATTR_DEVICE_ID:  # Hidden and configuration entities count too.
            registry = er.async_get(self._hass)
            for device_id in ids:
                self.keys.update(
                    entry.entity_id
                    for entry in er.async_entries_for_device(
                        registry, device_id, include_disabled_entities=True
                    )
                )

    def _add_event_trigger(self, config: Mapping[str, Any]) -> None:
        """Add what can fire an event trigger's events.

        `state_changed` and `call_service` are every change and every call
        (or those their data names); `automation_triggered` and
        `script_started`, the runs of the automation or script their data
        names (`run:` keys); any other event can be fired by its
        integration, as a side effect of its actions or of actions on its
        entities (`source:` keys, from the event type's prefixes that are
        loaded integrations: `image_processing.detect_face`,
        `demo_button_pressed`, `logbook_entry`).
        """
        types = config.get("event_type")
        data = config.get("event_data") or {}
        data = data if isinstance(data, Mapping) else {}
        for event_type in types if isinstance(types, (list, tuple)) else [types]:
            if event_type is None:
                continue
            text = event_type.template if isinstance(event_type, Template) else str(event_type)
            if "{" in text or text == "*":  # Any event: any change, any call may be it.
                self.keys |= ANY_CAUSE
            elif text == "state_changed":
                if not data.get("entity_id"):
                    self.keys.add(EVERYTHING)
            elif text == "call_service":
                domain, service = data.get("domain"), data.get("service")
                if isinstance(domain, str) and isinstance(service, str):
                    self.keys.add(Key(KeyKind.SERVICE, f"{domain}.{service}"))
                else:
                    self.keys.add(
                        Key(KeyKind.SERVICE, domain) if isinstance(domain, str) else ANY_CALL
                    )
            elif text in _RUN_EVENTS:
                self.keys |= self._runs(_RUN_EVENTS[text], data)
            else:
                tapped = data.get(TAPPED[text]) if text in TAPPED else None
                if isinstance(tapped, str) and not has_template(tapped):
                    self.keys.add(tap_key(text, tapped))  # Only a tap on that action fires it.
                else:
                    self.keys.add(Key(KeyKind.EVENT, text))
                sources = integrations_named(self._hass, text)
                if own := own_entities(data.get(ATTR_ENTITY_ID), sources):
                    self.keys |= own  # Fired for those entities only: by what acts on them.
                else:
                    self.keys |= {Key(KeyKind.SOURCE, domain) for domain in sources}

    def _runs(self, domain: str, data: Mapping[str, Any]) -> set[str]:
        """Return the run keys of the automations or scripts an event's data names."""
        wanted = data.get("entity_id")
        if isinstance(wanted, str):
            return {Key(KeyKind.RUN, wanted.strip().lower())}
        name = data.get("name")
        if isinstance(name, str):
            named: set[str] = {
                Key(KeyKind.RUN, entity_id)
                for entity_id, run_name in self._run_names(domain).items()
                if run_name == name
            }
            if named:
                return named
        return {Key(KeyKind.RUN, domain)}

    def _run_names(self, domain: str) -> dict[str, str]:
        """Return, per automation or script, the name its run event carries.

        Home Assistant names a script's `script_started` by its script's
        alias and an automation's `automation_triggered` by the entity's own
        name, never by a name given in the entity's settings, which is what
        people see (`state.name`, used only without an entity object). A
        proposed item (`proposals.proposing`) carries the alias it would have.
        """
        names = {state.entity_id: state.name for state in self._hass.states.async_all(domain)}
        for entity in macro_entities(self._hass, domain):
            own: Any
            if isinstance(entity, Proposed):
                alias = entity.raw_config.get("alias")
                own = alias if isinstance(alias, str) else split_entity_id(entity.entity_id)[1]
            else:
                own = getattr(getattr(entity, "script", None), "name", None)
                own = own or getattr(entity, "name", None)
            if isinstance(own, str):
                names[entity.entity_id] = own
        return names

    def add_template(self, text: str) -> None:
        """Add what a template reads, as Jinja reads it (`jinja_text`).

        A string literal that is a domain's name alone (`'input_boolean'`,
        `'light.'`) reads that whole domain: whatever joins it to an object
        id (`~`, `join`, `format`, `%`) is not followed. So does one that
        starts with a domain (`'input_boolean.rt_'`) when it names no entity
        or when the template builds text from it (`jinja_text`'s `built`: `~`, `+`, `%`
        beside it, `[` or a method after it, piped to `join`, `format` or `replace`).
        One only ever given whole as the entity a state reader reads
        (`is_state('group.door_locks', 'locked')`) reads that entity, even
        before it exists (a `group.set` creates it by that id).
        """
        text, literals, built, exact = jinja_text(self._with_imports(text), self._known)
        text = text.lower()
        domains = self._hass.data.get(DATA_INSTANCES, {})
        for literal in literals:
            name = literal.strip().lower()
            domain, dot, rest = name.partition(".")
            if domain not in domains:
                continue
            missing = literal not in exact and self._hass.states.get(name) is None
            if not rest or (dot and (literal in built or missing)):
                self.keys.add(domain_key(domain))
        for chain in _DOTTED.findall(text):
            parts = [part.strip() for part in chain.split(".")]
            self.keys.update(f"{a}.{b}" for a, b in zip(parts, parts[1:], strict=False))
            if parts[0] == "states" and len(parts) == 2:
                self.keys.add(domain_key(parts[1]))
        for dot_domain, item_domain, dot_object, item_object in _STATES_PAIR.findall(text):
            self.keys.add(f"{dot_domain or item_domain}.{dot_object or item_object}")
        for domain in _STATES_ITEM.findall(text):
            self.keys.add(domain_key(domain))
        for domain in _DOMAIN_PREFIX.findall(text):
            self.keys.add(domain_key(domain))
        if _BARE_STATES.search(text):
            self.keys.add(EVERYTHING)
        for function, argument in _LOOKUP.findall(text):
            self._add_lookup(function, argument)

    def _with_imports(self, text: str) -> str:
        """Return `text` followed by what each custom template macro it calls renders from.

        A macro of `custom_templates/alarm.jinja` reads what the template
        calling it reads, as that call renders it (`templates.with_macros`).
        One that cannot be found, or named by an expression, may read
        anything.
        """
        text, anything = with_macros(text, custom_templates(self._hass))
        if anything:
            self.keys.add(EVERYTHING)
        return text

    def _add_lookup(self, function: str, argument: str) -> None:
        """Add the entities a registry lookup in a template returns."""
        if function == "integration_entities":
            self.keys.update(integration_entities(self._hass, argument))
            return
        key, ident = {
            "area_entities": (ATTR_AREA_ID, _area_id(self._hass, argument)),
            "area_devices": (ATTR_AREA_ID, _area_id(self._hass, argument)),
            "device_entities": (ATTR_DEVICE_ID, argument),
            "label_entities": (ATTR_LABEL_ID, _label_id(self._hass, argument)),
            "floor_entities": (ATTR_FLOOR_ID, _floor_id(self._hass, argument)),
            "floor_areas": (ATTR_FLOOR_ID, _floor_id(self._hass, argument)),
        }[function]
        self._add_target(key, ident)


def integration_entities(hass: HomeAssistant, name: str) -> set[str]:
    """Return what `integration_entities(name)` can return, as Home Assistant finds it.

    The entities of the config entries titled `name`, else those an
    integration of that domain provides (`entity_sources`): both, since
    either may apply by the time the template runs.
    """
    registry = er.async_get(hass)
    found = {
        entity.entity_id
        for entry in hass.config_entries.async_entries()
        if entry.title == name
        for entity in er.async_entries_for_config_entry(registry, entry.entry_id)
    }
    found.update(
        entity_id for entity_id, info in entity_sources(hass).items() if info["domain"] == name
    )
    found.update(entry.entity_id for entry in registry.entities.values() if entry.platform == name)
    return found


def _area_id(hass: HomeAssistant, name: str) -> str:
    registry = ar.async_get(hass)
    area = registry.async_get_area(name) or registry.async_get_area_by_name(name)
    return area.id if area is not None else name


def _label_id(hass: HomeAssistant, name: str) -> str:
    registry = lr.async_get(hass)
    label = registry.async_get_label(name) or registry.async_get_label_by_name(name)
    return label.label_id if label is not None else name


def _floor_id(hass: HomeAssistant, name: str) -> str:
    registry = fr.async_get(hass)
    floor = registry.async_get_floor(name) or registry.async_get_floor_by_name(name)
    return floor.floor_id if floor is not None else name


def own_entities(named: Any, sources: set[str]) -> set[str]:
    """Return the entities an event's `entity_id` data names, when its integration's own.

    An entity domain's event that names its entity (`timer.finished` with
    `entity_id: timer.x`) is fired for that entity, by its own changes and
    the actions on it: what acts on another timer never fires it. Empty
    (any action of the integration may fire it) for a template, a value
    that is no entity id, or an entity of another domain than the event's
    integration (an event an integration fires for entities of another).
    """
    items = [named] if isinstance(named, str) else named
    if not isinstance(items, list) or not items:
        return set()
    found = set()
    for item in items:
        text = item.template if isinstance(item, Template) and item.is_static else item
        if not isinstance(text, str) or has_template(text):
            return set()
        entity_id = text.strip().lower()
        if not valid_entity_id(entity_id) or split_entity_id(entity_id)[0] not in sources:
            return set()
        found.add(entity_id)
    return found


def integrations_named(hass: HomeAssistant, event_type: str) -> set[str]:
    """Return the loaded integrations an event type's name can come from (`zha_event`: zha)."""
    components = hass.config.components
    found = set()
    for cut, char in enumerate(event_type):
        if char in "._" and (prefix := event_type[:cut]) in components:
            found.add(prefix)
    if event_type in components:
        found.add(event_type)
    return found


def sentence_keys(commands: Any) -> set[str]:
    """Return the keys of a conversation trigger's sentences (`command:`, one or a list)."""
    items = commands if isinstance(commands, (list, tuple)) else [commands]
    return {Key(KeyKind.SENTENCE, item) for item in items if isinstance(item, str) and item}
