"""What a configuration refers to that this house does not have.

Home Assistant's validators check a configuration's shape, not whether the
entities, devices, areas and actions it names exist (an automation saved
with a typo in an entity id loads, and does nothing). `async_unknown`
lists those references, found the way Home Assistant finds what an
automation or script refers to (the `Script` helper's `referenced_*`, the
trigger and condition helpers' `async_extract_*`): the write tools return
them as warnings, with close matches, before anything is written.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
import logging
from typing import Any, Final

from homeassistant.const import CONF_ACTION, CONF_ENTITIES
from homeassistant.core import HomeAssistant, valid_entity_id
from homeassistant.helpers import (
    area_registry as ar,
    condition as condition_helper,
    device_registry as dr,
    entity_registry as er,
    floor_registry as fr,
    label_registry as lr,
    trigger as trigger_helper,
)
from homeassistant.helpers.script import Script

from ..exposure import async_exposed_test
from .editors import ConfigKind

_LOGGER = logging.getLogger(__name__)

_ACTIONS: Final = {
    ConfigKind.AUTOMATION: "actions",
    ConfigKind.SCRIPT: "sequence",
}


@dataclass(frozen=True, slots=True, order=True)
class Unknown:
    """A reference to something this house does not have.

    kind: entity, device, area, floor, label or action.
    value: the id (or `domain.service`) as the configuration writes it.
    """

    kind: str
    value: str


@dataclass(slots=True)
class _References:
    entities: set[str]
    devices: set[str]
    areas: set[str]
    floors: set[str]
    labels: set[str]
    actions: set[str]


def _referenced(hass: HomeAssistant, kind: ConfigKind, config: Mapping[str, Any]) -> _References:
    """Return what a validated configuration refers to, as Home Assistant finds it."""
    found = _References(set(), set(), set(), set(), set(), set())
    if kind is ConfigKind.SCENE:
        # Validated, a scene is the `homeassistant` platform's: `{platform, states: [scene]}`.
        for scene in config.get("states") or [config]:
            entities = scene.get(CONF_ENTITIES) or {}
            found.entities.update(key for key in entities if isinstance(key, str))
        return found
    sequence = config.get(_ACTIONS[kind]) or []
    # Not top level: a top-level script registers itself with Home Assistant until unloaded.
    script = Script(hass, sequence, "Home MCP check", kind.value, logger=_LOGGER, top_level=False)
    found.entities |= script.referenced_entities
    found.devices |= script.referenced_devices
    found.areas |= script.referenced_areas
    found.floors |= script.referenced_floors
    found.labels |= script.referenced_labels
    found.actions.update(_actions(sequence))
    for condition in config.get("conditions") or []:
        if isinstance(condition, dict):
            found.entities |= condition_helper.async_extract_entities(condition)
            found.devices |= condition_helper.async_extract_devices(condition)
    for trigger in config.get("triggers") or []:
        if isinstance(trigger, dict):
            found.entities.update(trigger_helper.async_extract_entities(trigger))
            found.devices.update(trigger_helper.async_extract_devices(trigger))
    return found


def _actions(node: Any) -> Iterator[str]:
    """Yield every `domain.service` an action list calls (not templated ones)."""
    if isinstance(node, list):
        for item in node:
            yield from _actions(item)
    elif isinstance(node, Mapping):
        action = node.get(CONF_ACTION)
        if isinstance(action, str) and "." in action and "{" not in action:
            yield action
        for value in node.values():
            if isinstance(value, (list, Mapping)):
                yield from _actions(value)


def async_unknown(
    hass: HomeAssistant, kind: ConfigKind, config: Mapping[str, Any]
) -> list[Unknown]:
    """Return what a validated configuration of `kind` names that this house lacks, sorted."""
    found = _referenced(hass, kind, config)
    exposed = async_exposed_test(hass)  # Unexposed: as missing, with only what is exposed.
    entities = er.async_get(hass)
    devices = dr.async_get(hass)
    areas = ar.async_get(hass)
    floors = fr.async_get(hass)
    labels = lr.async_get(hass)
    unknown = [
        Unknown("entity", entity_id)
        for entity_id in found.entities
        if valid_entity_id(entity_id)
        and (
            (hass.states.get(entity_id) is None and entities.async_get(entity_id) is None)
            or (exposed is not None and not exposed(entity_id))
        )
    ]
    unknown += [Unknown("device", d) for d in found.devices if devices.async_get(d) is None]
    unknown += [Unknown("area", a) for a in found.areas if areas.async_get_area(a) is None]
    unknown += [Unknown("floor", f) for f in found.floors if floors.async_get_floor(f) is None]
    unknown += [
        Unknown("label", lab) for lab in found.labels if labels.async_get_label(lab) is None
    ]
    unknown += [
        Unknown("action", action)
        for action in found.actions
        if not hass.services.has_service(*action.split(".", 1))
    ]
    return sorted(set(unknown))
