"""What the gate reads of Home Assistant's own objects that Home Assistant keeps private.

Home Assistant exposes an automation's configuration as written
(`raw_config`), its script (`action_script.sequence`), a script's
(`script.sequence`) and a scene's states. What the gate needs beyond that
(a trigger-based template block's configuration among them) has no public form, so it
reads the attributes below. Each is a row (`INTERNALS`), read only through
`private`, and a contract test (`tests/test_internals.py`) fails as soon as
the installed Home Assistant lacks one. If a Home Assistant upgrade renames
one anyway, the gate does not read nothing (which, for a gate, fails open):
the item it belongs to becomes `unknown` (`Unreadable`), the rest of the
house is judged as usual, and a repair names the item and the attribute.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final


@dataclass(frozen=True, slots=True)
class Internal:
    """One private attribute the gate reads: on what, and what for."""

    owner: str
    attribute: str
    use: str


AUTOMATION_TRIGGERS: Final = Internal(
    "automation.AutomationEntity", "_trigger_config", "its triggers, as validated"
)
AUTOMATION_CONDITIONS: Final = Internal(
    "automation.AutomationEntity", "_condition", "its conditions, as validated"
)
AUTOMATION_VARIABLES: Final = Internal(
    "automation.AutomationEntity", "_variables", "its variables and trigger variables"
)
TEMPLATE_SCRIPTS: Final = Internal(
    "template.entity.AbstractTemplateEntity", "_action_scripts", "the scripts its actions run"
)
TEMPLATE_CONFIG: Final = Internal(
    "template.entity.AbstractTemplateEntity", "_config", "the templates its state is computed from"
)
TRIGGER_TEMPLATE_CONFIG: Final = Internal(
    "template.coordinator.TriggerUpdateCoordinator",
    "config",
    "a trigger-based template block's triggers, variables, conditions and actions",
)
COVER_TOGGLE: Final = Internal(
    "cover.CoverEntity", "_cover_is_last_toggle_direction_open", "which way a toggle moves it"
)
VALVE_TOGGLE: Final = Internal(
    "valve.entity.ValveEntity",
    "_ValveEntity__is_last_toggle_direction_open",
    "which way a toggle moves it",
)
DISARM_AFTER_TRIGGER: Final = Internal(
    "manual.alarm_control_panel.ManualAlarm",
    "_disarm_after_trigger",
    "whether it disarms once its trigger time is over",
)
TRIGGER_SPECS: Final = Internal(
    "helpers.trigger.EntityTriggerBase", "_domain_specs", "the domains an entity trigger fires for"
)
TRIGGER_TO_STATES: Final = Internal(
    "helpers.trigger.EntityTargetStateTriggerBase", "_to_states", "the states it fires on"
)
TRIGGER_FROM_STATE: Final = Internal(
    "helpers.trigger.EntityOriginStateTriggerBase", "_from_state", "the state it fires when left"
)

MQTT_CONFIG: Final = Internal(
    "mqtt.entity.MqttEntity", "_config", "the topics it takes commands on, and their payloads"
)

_ALERT: Final = "alert.entity.AlertEntity"
ALERT_WATCHED: Final = Internal(_ALERT, "_watched_entity_id", "the entity it watches")
ALERT_STATE: Final = Internal(_ALERT, "_alert_state", "the state it notifies in")
ALERT_NOTIFIERS: Final = Internal(_ALERT, "_notifiers", "the notify actions it calls")
ALERT_DATA: Final = Internal(_ALERT, "_data", "the data its notifications carry (buttons, tag)")
ALERT_MESSAGE: Final = Internal(_ALERT, "_message_template", "its message")
ALERT_DONE_MESSAGE: Final = Internal(
    _ALERT, "_done_message_template", "the message it sends once what it watches is over"
)
ALERT_TITLE: Final = Internal(_ALERT, "_title_template", "its notifications' title")
ALERT_CAN_ACK: Final = Internal(_ALERT, "_can_ack", "whether it can be acknowledged")
ALERTS: Final = (
    ALERT_WATCHED,
    ALERT_STATE,
    ALERT_NOTIFIERS,
    ALERT_DATA,
    ALERT_MESSAGE,
    ALERT_DONE_MESSAGE,
    ALERT_TITLE,
    ALERT_CAN_ACK,
)
"""What the gate reads of an alert (`alert:` in YAML): Home Assistant keeps its validated
configuration nowhere else (it has no reload, and no `raw_config`)."""

INTERNALS: Final = (
    AUTOMATION_TRIGGERS,
    AUTOMATION_CONDITIONS,
    AUTOMATION_VARIABLES,
    TEMPLATE_SCRIPTS,
    TEMPLATE_CONFIG,
    TRIGGER_TEMPLATE_CONFIG,
    COVER_TOGGLE,
    VALVE_TOGGLE,
    DISARM_AFTER_TRIGGER,
    TRIGGER_SPECS,
    TRIGGER_TO_STATES,
    TRIGGER_FROM_STATE,
    MQTT_CONFIG,
    *ALERTS,
)
"""Every private attribute the gate reads (the contract test checks each)."""


CUSTOM_TEMPLATES_KEY: Final = "template.hass_loader"
"""Where Home Assistant keeps the loader of `custom_templates/*.jinja` (`helpers.template`'s
`_HASS_LOADER`), whose `sources` are each file's text by its path."""


def custom_templates(hass: Any) -> Mapping[str, str] | None:
    """Return the owner's custom templates by path (None: this Home Assistant keeps them elsewhere)."""
    loader = hass.data.get(CUSTOM_TEMPLATES_KEY)
    sources = getattr(loader, "sources", None)
    return sources if isinstance(sources, Mapping) else None


class Unreadable(Exception):
    """An item of the house the gate cannot read; it is `unknown` for itself."""

    def __init__(self, reason: str) -> None:
        """Say why, in words a person can act on."""
        super().__init__(reason)
        self.reason = reason


def private(obj: Any, internal: Internal) -> Any:
    """Return `internal` of `obj`; raise `Unreadable` when Home Assistant no longer has it."""
    try:
        return getattr(obj, internal.attribute)
    except AttributeError:
        raise Unreadable(
            f"this Home Assistant keeps no {internal.attribute} on {internal.owner} "
            f"({internal.use}), which Home MCP reads"
        ) from None


def private_or(obj: Any, internal: Internal, default: Any) -> Any:
    """Return `internal` of `obj`, or `default` (the reading that opens) when it is missing."""
    return getattr(obj, internal.attribute, default)
