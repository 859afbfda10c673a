"""The states an entity trigger fires on, as its own class says.

Home Assistant's entity triggers (`trigger: lock.unlocked`,
`alarm_control_panel.disarmed`, `door.opened`, with a `target`) are classes a
trigger platform provides; each says which states it fires on. The gate asks
that class, so "disarm when the kitchen door is unlocked" written with
`lock.unlocked` is read as its `state … to: unlocked` twin: locking the door
sets it off no more than it does the twin.

What the class does not tell as states (a value read from an attribute, such
as a cover's or valve's `is_closed`; a number crossing a threshold; a trigger
this module does not know) fires on any state: the gate assumes the worst.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from homeassistant.components.cover.models import CoverDomainSpec
from homeassistant.components.cover.trigger import CoverTriggerBase
from homeassistant.core import HomeAssistant
from homeassistant.helpers.automation import DomainSpec
from homeassistant.helpers.trigger import (
    EntityOriginStateTriggerBase,
    EntityTargetStateTriggerBase,
    EntityTransitionTriggerBase,
    EntityTriggerBase,
)
from homeassistant.loader import IntegrationNotFound, async_get_loaded_integration

from .internals import TRIGGER_FROM_STATE, TRIGGER_SPECS, TRIGGER_TO_STATES, private_or

type Fires = tuple[frozenset[str] | None, frozenset[str]]
"""(to: the states it fires on, None: any; not_to: states it never fires on)."""

ANY_STATE: Fires = (None, frozenset())


def entity_trigger(hass: HomeAssistant, kind: str) -> type[EntityTriggerBase] | None:
    """Return the entity trigger class of `kind` (`lock.unlocked`), None if it is not one.

    The automation that holds such a trigger validated it, so its platform is
    loaded; its triggers are the platform's `TRIGGERS`, as core's platforms
    return them from `async_get_triggers`.
    """
    domain, _, name = kind.partition(".")
    if not name:
        return None
    try:
        platform = async_get_loaded_integration(hass, domain).get_platform_cached("trigger")
    except IntegrationNotFound:
        return None
    triggers = getattr(platform, "TRIGGERS", None)
    found = triggers.get(name) if isinstance(triggers, Mapping) else None
    return found if isinstance(found, type) and issubclass(found, EntityTriggerBase) else None


def _states(kept: Any) -> frozenset[str] | None:
    """Return the states a trigger keeps, as one text or a collection of them; None: unread.

    One Home Assistant keeps one state (`"on"`), another a set of them: both
    are read as states, never a text letter by letter. Any other shape fires
    on anything (`ANY_STATE`), the reading that opens.
    """
    if isinstance(kept, str):
        return frozenset({kept})
    if isinstance(kept, Collection) and kept and all(isinstance(state, str) for state in kept):
        return frozenset(kept)
    return None


def fires_on(trigger: type[EntityTriggerBase], domain: str) -> Fires | None:
    """Return the states `trigger` fires on for an entity of `domain`; None: never.

    A trigger never fires for an entity of a domain its specs leave out (as
    `entity_filter` drops it from the target). The device class its specs may
    ask for is not checked: a trigger that may fire is taken as firing.
    """
    specs = private_or(trigger, TRIGGER_SPECS, None)
    if not isinstance(specs, Mapping):
        return ANY_STATE  # Another Home Assistant: it may fire on anything.
    spec = specs.get(domain)
    if not isinstance(spec, DomainSpec):
        return None
    if spec.value_source is not None:
        return ANY_STATE
    if issubclass(trigger, (EntityTargetStateTriggerBase, EntityTransitionTriggerBase)):
        to_states = _states(private_or(trigger, TRIGGER_TO_STATES, None))
        return (to_states, frozenset()) if to_states is not None else ANY_STATE
    if issubclass(trigger, EntityOriginStateTriggerBase):
        from_states = _states(private_or(trigger, TRIGGER_FROM_STATE, None))
        return (None, from_states) if from_states is not None else ANY_STATE
    if issubclass(trigger, CoverTriggerBase) and isinstance(spec, CoverDomainSpec):
        # The cover family's on a binary sensor (`door.opened`): one target value.
        target = spec.target_value
        return (frozenset({target}), frozenset()) if isinstance(target, str) else ANY_STATE
    return ANY_STATE
