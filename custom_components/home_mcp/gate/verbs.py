"""How each path names what it does: the entity's own verb.

Before the rule table (`rules.py`) judges an effect, every path is read as
the verb the entity's own domain uses: `homeassistant.turn_off` on a lock is
`unlock`, a scene's `open` on a cover is `open_cover`, a device action's
`arm_home` is `alarm_arm_home`. These are facts about how Home Assistant
forwards generic actions, reproduces scene states and runs device actions;
`docs/gate.md` shows them beside the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any, Final

from homeassistant.components.alarm_control_panel import AlarmControlPanelState
from homeassistant.components.cover import CoverState
from homeassistant.components.lock import LockState
from homeassistant.components.valve import ValveState
from homeassistant.const import (
    SERVICE_ALARM_ARM_AWAY,
    SERVICE_ALARM_ARM_CUSTOM_BYPASS,
    SERVICE_ALARM_ARM_HOME,
    SERVICE_ALARM_ARM_NIGHT,
    SERVICE_ALARM_ARM_VACATION,
    SERVICE_ALARM_DISARM,
    SERVICE_ALARM_TRIGGER,
    SERVICE_CLOSE_COVER,
    SERVICE_CLOSE_COVER_TILT,
    SERVICE_CLOSE_VALVE,
    SERVICE_LOCK,
    SERVICE_OPEN,
    SERVICE_OPEN_COVER,
    SERVICE_OPEN_COVER_TILT,
    SERVICE_OPEN_VALVE,
    SERVICE_SELECT_OPTION,
    SERVICE_SET_COVER_POSITION,
    SERVICE_SET_COVER_TILT_POSITION,
    SERVICE_SET_VALVE_POSITION,
    SERVICE_STOP_COVER,
    SERVICE_STOP_VALVE,
    SERVICE_TOGGLE,
    SERVICE_TURN_OFF,
    SERVICE_TURN_ON,
    SERVICE_UNLOCK,
    STATE_IDLE,
    STATE_OFF,
    STATE_ON,
    Platform,
)
from homeassistant.helpers.template import Template

from .bindings import is_template
from .rules import ARM_MODES
from .targets import static

# A timer's states and events have no name every supported Home Assistant
# exports from one module: 2026.11 moved `STATUS_*` and `EVENT_TIMER_*` from
# `timer` into `timer.const`; 2026.10 (the test harness's) has them only in
# `timer`. Named here once, as Home Assistant writes them.
TIMER_ACTIVE: Final = "active"
"""A running timer's state (`timer.start` without a duration runs its duration again)."""
TIMER_PAUSED: Final = "paused"
"""A paused timer's state (`timer.pause`)."""
TIMER_IDLE: Final = "idle"
"""A timer's state when it does not run (`timer.cancel`, or finished)."""

GENERIC_ACTIONS: Final = (SERVICE_TURN_ON, SERVICE_TURN_OFF, SERVICE_TOGGLE)
"""The `homeassistant.*` actions that act on an entity of any domain (as its own verb below)."""
GENERIC_VERBS: Final[Mapping[str, Mapping[str, str]]] = {
    Platform.LOCK: {
        SERVICE_TURN_ON: SERVICE_LOCK,
        SERVICE_TURN_OFF: SERVICE_UNLOCK,
        SERVICE_TOGGLE: SERVICE_TOGGLE,
    },
    Platform.COVER: {
        SERVICE_TURN_ON: SERVICE_OPEN_COVER,
        SERVICE_TURN_OFF: SERVICE_CLOSE_COVER,
        SERVICE_TOGGLE: SERVICE_TOGGLE,
    },
    Platform.VALVE: {
        SERVICE_TURN_ON: SERVICE_OPEN_VALVE,
        SERVICE_TURN_OFF: SERVICE_CLOSE_VALVE,
        SERVICE_TOGGLE: SERVICE_TOGGLE,
    },
    Platform.ALARM_CONTROL_PANEL: {
        SERVICE_TURN_ON: SERVICE_ALARM_ARM_AWAY,
        SERVICE_TURN_OFF: SERVICE_ALARM_DISARM,
        SERVICE_TOGGLE: SERVICE_TOGGLE,
    },
}
"""`homeassistant.turn_on/turn_off/toggle` as each domain reads them (Assist's
`HassTurnOff` unlocks and `HassTurnOn` opens: the generic names are read as
what they would do)."""
STATE_VERBS: Final[Mapping[str, Mapping[str, str]]] = {
    Platform.LOCK: {
        LockState.LOCKED: SERVICE_LOCK,
        LockState.LOCKING: SERVICE_LOCK,
        LockState.UNLOCKED: SERVICE_UNLOCK,
        LockState.UNLOCKING: SERVICE_UNLOCK,
        LockState.OPEN: SERVICE_OPEN,
        LockState.OPENING: SERVICE_OPEN,
    },
    Platform.COVER: {
        CoverState.OPEN: SERVICE_OPEN_COVER,
        CoverState.OPENING: SERVICE_OPEN_COVER,
        CoverState.CLOSED: SERVICE_CLOSE_COVER,
        CoverState.CLOSING: SERVICE_CLOSE_COVER,
    },
    Platform.VALVE: {
        ValveState.OPEN: SERVICE_OPEN_VALVE,
        ValveState.OPENING: SERVICE_OPEN_VALVE,
        ValveState.CLOSED: SERVICE_CLOSE_VALVE,
        ValveState.CLOSING: SERVICE_CLOSE_VALVE,
    },
    Platform.ALARM_CONTROL_PANEL: {
        AlarmControlPanelState.ARMED_AWAY: SERVICE_ALARM_ARM_AWAY,
        AlarmControlPanelState.ARMED_HOME: SERVICE_ALARM_ARM_HOME,
        AlarmControlPanelState.ARMED_NIGHT: SERVICE_ALARM_ARM_NIGHT,
        AlarmControlPanelState.ARMED_VACATION: SERVICE_ALARM_ARM_VACATION,
        AlarmControlPanelState.ARMED_CUSTOM_BYPASS: SERVICE_ALARM_ARM_CUSTOM_BYPASS,
        AlarmControlPanelState.DISARMED: SERVICE_ALARM_DISARM,
        AlarmControlPanelState.TRIGGERED: SERVICE_ALARM_TRIGGER,
    },
    "timer": {TIMER_IDLE: "cancel", TIMER_PAUSED: "pause", TIMER_ACTIVE: "start"},
    "*": {STATE_ON: SERVICE_TURN_ON, STATE_OFF: SERVICE_TURN_OFF},
}
"""A state set by a scene (or `scene.apply`) as the verb Home Assistant uses to
reach it; a state not listed is the verb `set_state`, which no rule for a
lock, door, valve or alarm accepts (unknown). A position attribute is also
`set_cover_position` / `set_valve_position` with that position."""
DEVICE_ACTION_VERBS: Final[Mapping[str, Mapping[str, str]]] = {
    Platform.COVER: {
        "open": SERVICE_OPEN_COVER,
        "close": SERVICE_CLOSE_COVER,
        "stop": SERVICE_STOP_COVER,
        "set_position": SERVICE_SET_COVER_POSITION,
        "open_tilt": SERVICE_OPEN_COVER_TILT,
        "close_tilt": SERVICE_CLOSE_COVER_TILT,
        "set_tilt_position": SERVICE_SET_COVER_TILT_POSITION,
    },
    Platform.VALVE: {
        "open": SERVICE_OPEN_VALVE,
        "close": SERVICE_CLOSE_VALVE,
        "stop": SERVICE_STOP_VALVE,
        "set_position": SERVICE_SET_VALVE_POSITION,
    },
    Platform.ALARM_CONTROL_PANEL: {
        "arm_away": SERVICE_ALARM_ARM_AWAY,
        "arm_home": SERVICE_ALARM_ARM_HOME,
        "arm_night": SERVICE_ALARM_ARM_NIGHT,
        "arm_vacation": SERVICE_ALARM_ARM_VACATION,
        "arm_custom_bypass": SERVICE_ALARM_ARM_CUSTOM_BYPASS,
        "disarm": SERVICE_ALARM_DISARM,
        "trigger": SERVICE_ALARM_TRIGGER,
    },
}
"""A device action's `type` as the entity's verb (other domains: the same name)."""
INTEGRATION_VERBS: Final[Mapping[str, Mapping[str, Mapping[str, str]]]] = {
    Platform.ALARM_CONTROL_PANEL: {
        "alarmo.arm": {
            "mode: away": SERVICE_ALARM_ARM_AWAY,
            "mode: home": SERVICE_ALARM_ARM_HOME,
            "mode: night": SERVICE_ALARM_ARM_NIGHT,
            "mode: vacation": SERVICE_ALARM_ARM_VACATION,
            "mode: custom": SERVICE_ALARM_ARM_CUSTOM_BYPASS,
            "mode: armed_away": SERVICE_ALARM_ARM_AWAY,
            "mode: armed_home": SERVICE_ALARM_ARM_HOME,
            "mode: armed_night": SERVICE_ALARM_ARM_NIGHT,
            "mode: armed_vacation": SERVICE_ALARM_ARM_VACATION,
            "mode: armed_custom_bypass": SERVICE_ALARM_ARM_CUSTOM_BYPASS,
            "no mode": SERVICE_ALARM_ARM_AWAY,
        },
        "alarmo.disarm": {"any": SERVICE_ALARM_DISARM},
    },
}
"""Another integration's action on an entity, as the entity's own verb (by the
entity's domain), by the value of one field of the action's data (`field: value`;
`no field` when it is left out; `any` whatever it is). Alarmo's `arm` and `disarm`
arm and disarm the panel. A value not listed leaves the action as it is named
(`alarmo.arm`), which no rule for a panel accepts (unknown); so does a template,
unless the field is one of `CLOSED_FIELDS`."""
CLOSED_FIELDS: Final[Mapping[str, str]] = {"alarmo.arm": "mode"}
"""Fields whose every value the action accepts is a row of `INTEGRATION_VERBS`: its
schema refuses any other (Alarmo's `arm` takes a `mode` among its five modes, with
or without `armed_`, or none). Given by a template, the field is one of those rows
when the action runs: the action is each of their verbs (a templated mode arms,
in one of the modes), never one Home MCP does not know."""
VERB_WORDS: Final[Mapping[str, str]] = {
    SERVICE_OPEN_COVER: "open",
    SERVICE_OPEN_COVER_TILT: "open",
    SERVICE_OPEN_VALVE: "open",
    SERVICE_CLOSE_COVER: "close",
    SERVICE_CLOSE_VALVE: "close",
    SERVICE_SET_COVER_POSITION: "move",
    SERVICE_SET_COVER_TILT_POSITION: "move",
    SERVICE_SET_VALVE_POSITION: "open",
    SERVICE_STOP_COVER: "stop",
    SERVICE_STOP_VALVE: "stop",
    SERVICE_ALARM_DISARM: "disarm",
    SERVICE_ALARM_ARM_HOME: "arm (home)",
    SERVICE_ALARM_ARM_NIGHT: "arm (night)",
    SERVICE_ALARM_ARM_AWAY: "arm (away)",
    SERVICE_ALARM_ARM_VACATION: "arm (vacation)",
    SERVICE_ALARM_ARM_CUSTOM_BYPASS: "arm (custom bypass)",
    "join_group": "put in a group",
}
"""Verbs in words, for what a person is asked to approve."""


def integration_verbs(domain: str, action: str, data: Mapping[str, Any]) -> tuple[str, ...]:
    """Return `action`'s verbs on an entity of `domain`, given `data` (none: not known).

    One verb for a value `INTEGRATION_VERBS` lists; for a template of a field
    of `CLOSED_FIELDS` (or a templated data block), the verb of each of its rows.
    """
    if (table := INTEGRATION_VERBS.get(domain, {}).get(action)) is None:
        return ()
    if "any" in table:
        return (table["any"],)
    closed = CLOSED_FIELDS.get(action)
    if closed is not None and ("__template__" in data or is_template(data.get(closed))):
        rows = [verb for case, verb in table.items() if _case_field(case) == closed]
        return tuple(dict.fromkeys(rows))
    for case, verb in table.items():
        name, _, value = case.partition(": ")
        if not value:  # `no <field>`
            if name.removeprefix("no ") not in data:
                return (verb,)
        elif isinstance(given := static(data.get(name)), str) and given.strip().lower() == value:
            return (verb,)
    return ()


def _case_field(case: str) -> str:
    """Return the field a row of `INTEGRATION_VERBS` is about (`mode: away`, `no mode`)."""
    name, _, value = case.partition(": ")
    return name if value else name.removeprefix("no ")


def verb_words(service: str) -> str:
    """Return `domain.service` as a person reads it ("unlock", "open")."""
    verb = service.partition(".")[2] or service
    return VERB_WORDS.get(verb, verb.replace("_", " "))


SECURE_STATES: Final = frozenset(
    {
        LockState.LOCKING,
        LockState.LOCKED,
        LockState.JAMMED,
        CoverState.CLOSING,
        CoverState.CLOSED,
        ValveState.CLOSING,
        ValveState.CLOSED,
        AlarmControlPanelState.ARMING,
        AlarmControlPanelState.PENDING,
    }
)
"""States a securing verb leaves its entity in, or passes through (a lock that
fails to lock ends `jammed`)."""


def resulting_states(domain: str, verb: str) -> frozenset[str]:
    """Return the states a securing `verb` may leave an entity of `domain` in.

    A lock, cover, valve or alarm panel passes through its securing states
    (the mode an arming verb asks for included); anything else (a relay
    Switch as X shows as a lock) goes where the verb says (`turn_off`: off).
    """
    if domain in STATE_VERBS and domain != "*":
        mode = ARM_MODES.get(verb)
        return SECURE_STATES | {mode} if mode is not None else SECURE_STATES
    return frozenset(state for state, named in STATE_VERBS["*"].items() if named == verb)


SECURING_VERBS: Final = frozenset(
    {SERVICE_LOCK, SERVICE_CLOSE_COVER, SERVICE_CLOSE_VALVE, *ARM_MODES}
)
"""The verbs that lock, close or arm a lock, cover, valve or alarm panel."""
ON_OFF_DOMAINS: Final = frozenset(
    {"automation", "fan", "humidifier", "input_boolean", "light", "remote", "siren", "switch"}
)
"""Domains whose entities are `on` or `off` (or unavailable): `turn_on` leaves one on.
Not a script (its run goes on, then off), a climate (`heat`), a media player
(`playing`) or a group (its members' states)."""


LEFT_IN: Final[Mapping[str, Mapping[str, frozenset[str]]]] = {
    "timer": {
        "start": frozenset(
            {TIMER_ACTIVE, TIMER_IDLE, "timer.started", "timer.restarted", "timer.finished"}
        ),
        "change": frozenset({TIMER_ACTIVE, TIMER_IDLE, "timer.changed", "timer.finished"}),
        "pause": frozenset({TIMER_PAUSED, "timer.paused"}),
        "cancel": frozenset({TIMER_IDLE, "timer.cancelled"}),
    },
    "alert": {
        SERVICE_TURN_ON: frozenset({STATE_ON, STATE_IDLE}),
        SERVICE_TURN_OFF: frozenset({STATE_OFF, STATE_IDLE}),
    },
}
"""What a verb leaves an entity of these domains in, then or later: the states, and
the entity's own events it fires (`EVENT_LEFT_IN`). A timer started (or changed)
runs, then ends `idle` by itself, firing `timer.finished` (a start fires
`timer.restarted` when it was running); paused, it waits; cancelled, it is `idle`,
never finished. Another verb (`timer.finish`) may leave it in any state and fire
any of its events. An alert turned off (acknowledged) is `off` while it fires,
`idle` otherwise; turned on again, `on` or `idle`."""
EVENT_LEFT_IN: Final[Mapping[str, frozenset[str]]] = {
    event: frozenset({event})
    for event in (
        "timer.started",
        "timer.restarted",
        "timer.changed",
        "timer.finished",
        "timer.paused",
        "timer.cancelled",
    )
}
"""An entity's own event, and what an action must leave behind to fire it
(`LEFT_IN`): the event itself. `timer.cancelled` is fired by a cancel only,
never by a start whose timer later ends `idle`; `timer.finished` never by a
cancel or a pause."""
OWN_EVENTS: Final = frozenset(EVENT_LEFT_IN)
"""The entity events `LEFT_IN` lists beside the states (no state is named so)."""
LEVEL_DATA: Final[Mapping[str, frozenset[str]]] = {
    "light": frozenset({"brightness", "brightness_pct", "brightness_step", "brightness_step_pct"}),
    "fan": frozenset({"percentage", "percentage_step"}),
}
"""Data that may turn an entity off whatever the verb: `light.turn_on` with
`brightness: 0` turns the light off, `fan.turn_on` with `percentage: 0` the fan."""


SETTING_FIELDS: Final[Mapping[str, Mapping[str, str]]] = {
    "input_number": {"set_value": "value"},
    "input_text": {"set_value": "value"},
    "input_select": {SERVICE_SELECT_OPTION: "option"},
    "input_datetime": {"set_datetime": "datetime"},
    "counter": {"set_value": "value"},
    "number": {"set_value": "value"},
    "text": {"set_value": "value"},
    "select": {SERVICE_SELECT_OPTION: "option"},
    "date": {"set_value": "date"},
    "time": {"set_value": "time"},
    "datetime": {"set_value": "datetime"},
}
"""Settings: domains whose entities an action sets to a value of the caller's
choosing, and the action and field that do (`input_datetime.set_datetime` takes
`date`, `time` or `timestamp` too). A pause read from one lasts as long as a
client says ("fade minutes" at its most), unlike one a light's brightness gives."""
VALUE_FIELDS: Final[Mapping[str, Mapping[str, str]]] = {
    domain: SETTING_FIELDS[domain] for domain in ("input_text", "input_select")
}
"""Helpers whose state is exactly what an action gives them, and the field that
gives it: `input_text.set_value` with `value: ""` leaves the helper empty."""


def given_value(domain: str, verb: str, data: Mapping[str, Any] | None) -> str | None:
    """Return the state a helper is set to, when the action's data says it plainly."""
    field = VALUE_FIELDS.get(domain, {}).get(verb)
    value = data.get(field) if field is not None and data else None
    if isinstance(value, Template):
        value = value.template if value.is_static else None
    return value if isinstance(value, str) and not is_template(value) else None


def verb_states(domain: str, verb: str, data: Mapping[str, Any] | None = None) -> frozenset[str]:
    """Return the states `verb` may leave an entity of `domain` in (empty: unknown).

    `turn_on` leaves a light on; a lock, cover, valve or alarm panel is
    known only for a verb that secures it (`resulting_states`); a helper
    given its state in plain data (`VALUE_FIELDS`), that state; any other
    verb or domain (`toggle`, `unlock`, a templated `set_value`, a script's
    run) may leave it in any state, and so may a level in `data` (`LEVEL_DATA`).
    """
    if (value := given_value(domain, verb, data)) is not None:
        return frozenset({value})
    if data:
        # As an entity service's schema validates it, its fields are under `params`.
        params = data.get("params")
        fields = {*data, *(params if isinstance(params, Mapping) else ())}
        if not LEVEL_DATA.get(domain, frozenset()).isdisjoint(fields):
            return frozenset()
    if domain in ON_OFF_DOMAINS or (domain in STATE_VERBS and verb in SECURING_VERBS):
        return resulting_states(domain, verb)
    return LEFT_IN.get(domain, {}).get(verb, frozenset())


def negated_states(entity_id: str, accepted: frozenset[str] | None) -> frozenset[str] | None:
    """Return the states that fail a condition on `entity_id` accepting `accepted` (None: unknown).

    Known for an entity that is `on` or `off` (`ON_OFF_DOMAINS`): the other one.
    """
    if accepted is None or entity_id.partition(".")[0] not in ON_OFF_DOMAINS:
        return None
    return frozenset({STATE_ON, STATE_OFF}) - accepted


STATE_ONLY_DOMAINS: Final = frozenset({"input_boolean"})
"""Domains whose entities have nothing but their state for `turn_on` and `turn_off` to
change: a helper already on is left exactly as it was by `turn_on`. Not a switch (a
template or command line switch runs its own `turn_on` whatever its state), a light (it
may take its default profile) or an automation."""


def stays_as_it_is(
    entity_id: str, verb: str | None, data: Mapping[str, Any], state: str | None
) -> bool:
    """Return True when `verb` leaves an entity that is in `state` exactly as it is.

    `input_boolean.turn_on` of one that is on changes nothing: no state is
    written, nothing waiting for it is set off.
    """
    domain = entity_id.partition(".")[0]
    if state is None or verb is None or domain not in STATE_ONLY_DOMAINS:
        return False
    return verb_states(domain, verb, data) == {state}


def timer_verb(entity_id: str, verb: str, data: Mapping[str, Any], *, repeats: bool) -> str:
    """Return `change` for a timer started for a time of its own, or again and again.

    `timer.start` with a duration (0, the default, keeps the timer's) or run
    repeatedly (`repeats`) ends it later, or never: what `timer.change` does.
    """
    if verb != "start" or not entity_id.startswith("timer."):
        return verb
    duration = data.get("duration")
    if isinstance(duration, timedelta):
        own = duration != timedelta(0)
    else:
        own = duration is not None and str(duration).strip() not in ("0", "00:00:00", "0:00:00", "")
    return "change" if repeats or own else verb


TEMPLATE_RUN_VARIABLES: Final[Mapping[str, frozenset[str]]] = {
    "alarm_control_panel": frozenset({"code"}),
    "button": frozenset(),
    "climate": frozenset(
        {
            "fan_mode", "humidity", "hvac_mode", "preset_mode", "swing_horizontal_mode",
            "swing_mode", "target_temp_high", "target_temp_low", "temperature",
        }
    ),
    "cover": frozenset({"position", "speed", "tilt"}),
    "fan": frozenset({"direction", "oscillating", "percentage", "preset_mode"}),
    "light": frozenset(
        {
            "b", "brightness", "brightness_pct", "color_temp", "color_temp_kelvin", "cw",
            "effect", "g", "h", "hs", "r", "rgb", "rgbw", "rgbww", "s", "transition", "w",
            "ww", "x", "xy", "y",
        }
    ),
    "lock": frozenset({"code"}),
    "media_player": frozenset(
        {
            "is_volume_muted", "media_content_id", "media_content_type", "repeat",
            "seek_position", "shuffle", "sound_mode", "source", "volume_level",
        }
    ),
    "number": frozenset({"value"}),
    "select": frozenset({"option"}),
    "switch": frozenset(),
    "update": frozenset({"backup", "specific_version"}),
    "vacuum": frozenset({"fan_speed", "segment_ids"}),
    "water_heater": frozenset({"operation_mode", "temperature"}),
}  # fmt: skip
"""The variables a template entity's actions give its action scripts, by its domain
(the `run_variables` of `AbstractTemplateEntity.async_run_script`): what a call's data
can set, over the entity's own `variables:` (its block's, its blueprint's inputs),
and nothing else. A light's `turn_on` with a brightness gives `brightness` and
`brightness_pct`, its effect `effect`; a lock's `unlock` its `code`."""
