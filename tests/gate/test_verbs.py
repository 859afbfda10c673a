"""Each path read as the entity's own verb, and what a verb leaves an entity in (`verbs.py`).

Without a house: the tables are checked against Home Assistant's own code
(its `reproduce_state` and `device_action` modules, run on `State` objects
with a stand-in that records the action they call; its `services.yaml`;
its state enums), and the functions against what Home Assistant's
services do to an entity (`light.turn_on` at brightness 0 turns it off,
`timer.start` with a duration of 0 keeps the timer's own).
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from functools import cache
import importlib
import importlib.util
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Final, cast

import pytest
import yaml

from custom_components.home_mcp.gate.expansion import device_action_verb, state_verbs
from custom_components.home_mcp.gate.rules import ENTITY_RULES
from custom_components.home_mcp.gate.verbs import (
    CLOSED_FIELDS,
    DEVICE_ACTION_VERBS,
    GENERIC_ACTIONS,
    GENERIC_VERBS,
    INTEGRATION_VERBS,
    LEFT_IN,
    SETTING_FIELDS,
    STATE_VERBS,
    VERB_WORDS,
    integration_verbs,
    resulting_states,
    stays_as_it_is,
    timer_verb,
    verb_states,
    verb_words,
)
import homeassistant
from homeassistant.components import timer
from homeassistant.components.alarm_control_panel import AlarmControlPanelState
from homeassistant.components.cover import CoverEntityFeature, CoverState
from homeassistant.components.intent import OnOffIntentHandler
from homeassistant.components.lock import LockState
from homeassistant.components.valve import ValveState
from homeassistant.const import SERVICE_TURN_ON, STATE_OFF, STATE_ON
from homeassistant.core import HomeAssistant, State
from homeassistant.helpers import intent
from homeassistant.helpers.template import Template

COMPONENTS: Final = Path(homeassistant.__file__).parent / "components"
"""Home Assistant's own integrations, as installed for the tests."""


@cache
def _services(domain: str) -> dict[str, Any]:
    """Return a domain's `services.yaml`: each action it registers, with its fields."""
    loaded = yaml.safe_load((COMPONENTS / domain / "services.yaml").read_text())
    # Keys starting with a dot are YAML anchors shared by the actions, not actions.
    return {name: fields for name, fields in loaded.items() if not name.startswith(".")}


class _Recorder:
    """A stand-in for `hass` that holds one entity's state and records the actions called."""

    def __init__(self, current: State) -> None:
        self.states = SimpleNamespace(get=lambda entity_id: current)
        self.services = SimpleNamespace(async_call=self._async_call)
        self.calls: list[tuple[str, str, dict[str, Any]]] = []

    async def _async_call(
        self, domain: str, service: str, data: dict[str, Any] | None = None, **_: Any
    ) -> None:
        self.calls.append((domain, service, dict(data or {})))


async def _reproduced(current: State, wanted: State) -> list[tuple[str, str, dict[str, Any]]]:
    """Return the actions Home Assistant calls to bring `current` to `wanted` (a scene's way)."""
    module = importlib.import_module(f"homeassistant.components.{current.domain}.reproduce_state")
    hass = _Recorder(current)
    await module.async_reproduce_states(cast("HomeAssistant", hass), [wanted])
    return hass.calls


# -- the tables, as Home Assistant reads them ------------------------------------------------


STATES_A_SCENE_SETS: Final[dict[str, tuple[str, ...]]] = {
    "lock": tuple(LockState),
    "cover": tuple(CoverState),
    "alarm_control_panel": tuple(AlarmControlPanelState),
    "timer": (timer.STATUS_IDLE, timer.STATUS_ACTIVE, timer.STATUS_PAUSED),
    "input_boolean": (STATE_ON, STATE_OFF),
    "switch": (STATE_ON, STATE_OFF),
}
"""Every state of each domain a scene can name (the domain's state enum)."""
COVER_FEATURES: Final = {"supported_features": CoverEntityFeature.OPEN | CoverEntityFeature.CLOSE}


@pytest.mark.parametrize(
    ("domain", "state"),
    [(domain, state) for domain, states in STATES_A_SCENE_SETS.items() for state in states],
)
async def test_a_state_a_scene_sets_is_read_as_the_action_home_assistant_calls_for_it(
    domain: str, state: str
) -> None:
    """Home Assistant's `reproduce_state` brings a lock to `unlocked` with `lock.unlock`.

    The verb the gate reads a scene's state as is the action Home
    Assistant's own `reproduce_state` calls to reach it, from a different
    state; a state it refuses to reproduce (a lock `jammed`, a panel
    `arming`) is `set_state`, which no rule for a lock, door or alarm accepts.
    """
    others = [other for other in STATES_A_SCENE_SETS[domain] if other != state]
    attributes = COVER_FEATURES if domain == "cover" else {}
    current = State(f"{domain}.front", others[0], attributes)
    wanted = State(f"{domain}.front", state)

    called = await _reproduced(current, wanted)
    verbs = [verb for verb, _ in state_verbs(wanted.entity_id, wanted.state, wanted.attributes)]

    if not called:
        assert verbs == ["set_state"]
    for called_domain, service, _ in called:
        assert called_domain == domain
        assert service in verbs


async def test_a_cover_set_to_a_position_by_a_scene_is_read_as_moved_to_it() -> None:
    """A scene's `current_position: 30` moves a cover that can be set (`set_cover_position`)."""
    features = CoverEntityFeature.OPEN | CoverEntityFeature.CLOSE | CoverEntityFeature.SET_POSITION
    current = State("cover.garage_door", CoverState.CLOSED, {"supported_features": features})
    wanted = State("cover.garage_door", CoverState.OPEN, {"current_position": 30})

    called = await _reproduced(current, wanted)
    read = state_verbs(wanted.entity_id, wanted.state, wanted.attributes)

    assert called == [
        ("cover", "set_cover_position", {"entity_id": "cover.garage_door", "position": 30})
    ]
    assert ("set_cover_position", {"position": 30}) in read


async def test_a_timer_a_scene_starts_for_a_duration_is_read_as_started_for_it() -> None:
    """A scene's `active` timer with `duration` is `timer.start` with that duration."""
    current = State("timer.hall", timer.STATUS_IDLE)
    wanted = State("timer.hall", timer.STATUS_ACTIVE, {"duration": "0:05:00"})

    [(_, service, data)] = await _reproduced(current, wanted)

    assert state_verbs(wanted.entity_id, wanted.state, wanted.attributes) == [
        (service, {"duration": data["duration"]})
    ]


def test_each_domain_of_the_scene_table_is_checked_where_home_assistant_reproduces_it() -> None:
    """The table's domains Home Assistant reproduces are all checked above; a valve is not one.

    Home Assistant has no `valve.reproduce_state`: a scene does not move a
    valve, and the valve's rows read it as the verb its state names, the
    stricter reading. When Home Assistant adds one, this test fails and the
    valve joins `STATES_A_SCENE_SETS`.
    """
    reproduced = {
        domain
        for domain in STATE_VERBS
        if domain != "*"
        and importlib.util.find_spec(f"homeassistant.components.{domain}.reproduce_state")
    }
    assert reproduced <= set(STATES_A_SCENE_SETS)
    assert "valve" in STATE_VERBS
    assert "valve" not in reproduced


@pytest.mark.parametrize(
    ("domain", "state", "verb"),
    [
        (domain, state, verb)
        for domain, row in STATE_VERBS.items()
        if domain != "*"
        for state, verb in row.items()
    ],
)
def test_each_state_of_the_scene_table_is_its_domain_s_and_its_verb_an_action_of_it(
    domain: str, state: str, verb: str
) -> None:
    """`valve: {closed: close_valve}`: `closed` is a `ValveState`, `valve.close_valve` an action."""
    enums: dict[str, Any] = {
        "lock": LockState,
        "cover": CoverState,
        "valve": ValveState,
        "alarm_control_panel": AlarmControlPanelState,
    }
    states = (
        {timer.STATUS_IDLE, timer.STATUS_ACTIVE, timer.STATUS_PAUSED}
        if domain == "timer"
        else set(enums[domain])
    )
    assert state in states
    assert verb in _services(domain)


DEVICE_ACTIONS_HOME_ASSISTANT_LACKS: Final = pytest.mark.xfail(
    strict=True,
    reason=(
        "verbs.DEVICE_ACTION_VERBS has rows for device actions Home Assistant does not have "
        "(no valve device actions; no alarm `arm_custom_bypass` device action): Home "
        "Assistant refuses such an action, so the rows never decide anything"
    ),
)


def _device_action_rows() -> list[Any]:
    rows: list[Any] = [
        (domain, kind) for domain, row in DEVICE_ACTION_VERBS.items() for kind in row
    ]
    rows += [("lock", kind) for kind in ("lock", "unlock", "open")]
    return [
        pytest.param(*row, marks=DEVICE_ACTIONS_HOME_ASSISTANT_LACKS)
        if row[0] == "valve" or row == ("alarm_control_panel", "arm_custom_bypass")
        else row
        for row in rows
    ]


@pytest.mark.parametrize(("domain", "kind"), _device_action_rows())
async def test_a_device_action_is_read_as_the_action_home_assistant_runs_for_it(
    domain: str, kind: str
) -> None:
    """A cover's device action `open` runs `cover.open_cover`; a lock's `unlock` runs `lock.unlock`.

    Each type is one the domain's device action schema accepts, and Home
    Assistant's `async_call_action_from_config` calls the gate's verb for it
    (a domain without a row reads the type as the action of that name).
    """
    spec = importlib.util.find_spec(f"homeassistant.components.{domain}.device_action")
    assert spec is not None, f"Home Assistant has no {domain} device actions"
    module = importlib.import_module(f"homeassistant.components.{domain}.device_action")
    config = {
        "domain": domain,
        "device_id": "abcdef",
        "entity_id": f"{domain}.front",
        "type": kind,
        "position": 30,
    }
    hass = _Recorder(State(f"{domain}.front", "unknown"))
    if kind not in getattr(module, "ACTION_TYPES", set()) | getattr(
        module, "CMD_ACTION_TYPES", set()
    ) | getattr(module, "POSITION_ACTION_TYPES", set()):
        pytest.fail(f"Home Assistant's {domain} device actions have no type {kind}")

    await module.async_call_action_from_config(cast("HomeAssistant", hass), config, {}, None)

    [(called_domain, service, _)] = hass.calls
    assert (called_domain, service) == (domain, device_action_verb(domain, kind))


@pytest.mark.parametrize(
    ("domain", "service"),
    [(domain, service) for domain in ("lock", "cover", "valve") for service in GENERIC_ACTIONS[:2]],
)
async def test_turning_a_lock_cover_or_valve_on_or_off_is_read_as_what_assist_runs(
    domain: str, service: str
) -> None:
    """Assist's `HassTurnOff` on a lock runs `lock.unlock`; `HassTurnOn` on a cover `open_cover`.

    Home Assistant's `OnOffIntentHandler` turns the generic on and off into
    each domain's own action: the gate reads `homeassistant.turn_off` on a
    lock as the unlock it would be.
    """
    intent_type = intent.INTENT_TURN_ON if service == SERVICE_TURN_ON else intent.INTENT_TURN_OFF
    handler = OnOffIntentHandler(intent_type, "homeassistant", service)
    state = State(f"{domain}.front", "unknown")
    hass = _Recorder(state)
    hass.async_create_task = asyncio.get_running_loop().create_task  # type: ignore[attr-defined]
    spoken = SimpleNamespace(hass=hass, context=None)

    await handler.async_call_service("homeassistant", service, cast("intent.Intent", spoken), state)

    [(called_domain, called, _)] = hass.calls
    assert (called_domain, called) == (domain, GENERIC_VERBS[domain][service])


@pytest.mark.parametrize(
    ("domain", "service", "field"),
    [
        (domain, service, field)
        for domain, row in SETTING_FIELDS.items()
        for service, field in row.items()
    ],
)
def test_each_setting_is_an_action_of_its_domain_with_the_field_that_sets_it(
    domain: str, service: str, field: str
) -> None:
    """`input_select.select_option` takes `option`; `date.set_value` takes `date`."""
    assert field in _services(domain)[service]["fields"]


@pytest.mark.parametrize(
    ("verb", "states"), [(verb, states) for verb, states in LEFT_IN["timer"].items()]
)
def test_what_a_timer_verb_leaves_is_a_timer_action_and_timer_states_and_events(
    verb: str, states: frozenset[str]
) -> None:
    """`timer.cancel` leaves `idle` and fires `timer.cancelled`: names Home Assistant's timer uses."""
    known = {
        timer.STATUS_IDLE,
        timer.STATUS_ACTIVE,
        timer.STATUS_PAUSED,
        timer.EVENT_TIMER_STARTED,
        timer.EVENT_TIMER_RESTARTED,
        timer.EVENT_TIMER_CHANGED,
        timer.EVENT_TIMER_FINISHED,
        timer.EVENT_TIMER_PAUSED,
        timer.EVENT_TIMER_CANCELLED,
    }
    assert verb in _services("timer")
    assert states <= known


@pytest.mark.parametrize(
    ("action", "verb"),
    [
        (action, verb)
        for row in INTEGRATION_VERBS.values()
        for action, cases in row.items()
        for verb in cases.values()
    ],
)
def test_another_integration_s_action_is_read_as_an_action_of_the_entity_s_domain(
    action: str, verb: str
) -> None:
    """Alarmo's `alarmo.arm` is read as an `alarm_control_panel` arming action that exists."""
    assert verb in _services("alarm_control_panel")


# -- resulting_states: where a securing verb leaves an entity ------------------------------


def test_locking_leaves_a_lock_locking_locked_or_jammed_never_open() -> None:
    """A lock told to lock goes `locking`, then `locked`, or `jammed` when its bolt sticks."""
    states = resulting_states("lock", "lock")
    assert {LockState.LOCKING, LockState.LOCKED, LockState.JAMMED} <= states
    assert states.isdisjoint({LockState.UNLOCKED, LockState.UNLOCKING, LockState.OPEN})


def test_closing_leaves_a_cover_or_a_valve_closing_or_closed_never_open() -> None:
    """`cover.close_cover` and `valve.close_valve` go `closing`, then `closed`."""
    for domain, verb, enum in (
        ("cover", "close_cover", CoverState),
        ("valve", "close_valve", ValveState),
    ):
        states = resulting_states(domain, verb)
        assert {enum.CLOSING, enum.CLOSED} <= states
        assert states.isdisjoint({enum.OPEN, enum.OPENING})


@pytest.mark.parametrize(
    ("verb", "mode"),
    [
        ("alarm_arm_home", AlarmControlPanelState.ARMED_HOME),
        ("alarm_arm_away", AlarmControlPanelState.ARMED_AWAY),
        ("alarm_arm_night", AlarmControlPanelState.ARMED_NIGHT),
        ("alarm_arm_vacation", AlarmControlPanelState.ARMED_VACATION),
        ("alarm_arm_custom_bypass", AlarmControlPanelState.ARMED_CUSTOM_BYPASS),
    ],
)
def test_arming_leaves_a_panel_arming_pending_or_in_the_mode_asked_for(
    verb: str, mode: AlarmControlPanelState
) -> None:
    """`alarm_arm_home` goes `arming` (the exit delay), then `armed_home`; never `armed_away`.

    A condition on `armed_away` is not met by arming at home.
    """
    states = resulting_states("alarm_control_panel", verb)
    assert {AlarmControlPanelState.ARMING, mode} <= states
    other_modes = {s for s in AlarmControlPanelState if s.startswith("armed_")} - {mode}
    assert states.isdisjoint(
        other_modes | {AlarmControlPanelState.DISARMED, AlarmControlPanelState.TRIGGERED}
    )


def test_a_relay_shown_as_a_lock_goes_where_its_verb_says() -> None:
    """A switch (Switch as X's relay) turned off is `off`; turned on, `on`."""
    assert resulting_states("switch", "turn_off") == {STATE_OFF}
    assert resulting_states("switch", "turn_on") == {STATE_ON}


# -- verb_states: the states an action may leave an entity in --------------------------------


@pytest.mark.parametrize(
    "domain", ["light", "switch", "input_boolean", "fan", "siren", "automation"]
)
def test_turning_an_on_off_entity_on_leaves_it_on(domain: str) -> None:
    """`light.turn_on` leaves the light `on`; `switch.turn_off` the switch `off`."""
    assert verb_states(domain, "turn_on") == {STATE_ON}
    assert verb_states(domain, "turn_off") == {STATE_OFF}


@pytest.mark.parametrize(
    ("domain", "data"),
    [
        ("light", {"brightness": 0}),
        ("light", {"brightness_pct": 0}),
        ("light", {"brightness_step_pct": -100}),
        ("light", {"params": {"brightness": 0}}),
        ("fan", {"percentage": 0}),
    ],
    ids=[
        "brightness",
        "brightness-pct",
        "brightness-step",
        "entity-service-params",
        "fan-percentage",
    ],
)
def test_turning_on_with_a_level_may_leave_it_off(domain: str, data: dict[str, Any]) -> None:
    """A light or a fan turned on at level 0 is off: not known to be on.

    `light.turn_on` with `brightness: 0` turns the light off (light/services.py);
    a fan's `percentage: 0` turns the fan off (fan's `async_set_percentage`).
    """
    assert verb_states(domain, "turn_on", data) == frozenset()


def test_turning_a_light_on_in_a_colour_leaves_it_on() -> None:
    """A colour or an effect is no level: the light is on."""
    assert verb_states("light", "turn_on", {"color_name": "red", "effect": "rainbow"}) == {STATE_ON}


@pytest.mark.parametrize(
    ("domain", "verb"),
    [
        ("light", "toggle"),
        ("lock", "unlock"),
        ("cover", "open_cover"),
        ("script", "turn_on"),
        ("climate", "turn_on"),
        ("media_player", "turn_on"),
        ("input_number", "set_value"),
    ],
)
def test_a_verb_whose_result_depends_on_the_entity_may_leave_any_state(
    domain: str, verb: str
) -> None:
    """A toggle depends on the state before; a script runs then stops; a climate turned on heats."""
    assert verb_states(domain, verb) == frozenset()


@pytest.mark.parametrize(
    ("domain", "verb", "data", "state"),
    [
        ("input_text", "set_value", {"value": "away"}, "away"),
        ("input_text", "set_value", {"value": ""}, ""),
        ("input_select", "select_option", {"option": "Night"}, "Night"),
        ("input_text", "set_value", {"value": Template("away", None)}, "away"),
    ],
    ids=["text", "empty-text", "option", "static-template"],
)
def test_a_helper_set_to_a_plain_value_is_in_that_state(
    domain: str, verb: str, data: dict[str, Any], state: str
) -> None:
    """`input_text.set_value` with `value: away` leaves the helper `away` (its state is its text)."""
    assert verb_states(domain, verb, data) == {state}


@pytest.mark.parametrize(
    "data",
    [{"value": "{{ states('sensor.mode') }}"}, {"value": Template("{{ 'a' }}", None)}, {}],
    ids=["template", "template-object", "no-value"],
)
def test_a_helper_set_to_a_value_a_template_decides_may_be_in_any_state(
    data: dict[str, Any],
) -> None:
    """What the template renders is known only when the action runs."""
    assert verb_states("input_text", "set_value", data) == frozenset()


def test_a_timer_started_runs_then_finishes_and_a_cancelled_one_never_finishes() -> None:
    """A started timer finishes by itself; a cancelled one is idle and never finishes.

    `timer.start` goes `active`, then `idle` with `timer.finished`; `timer.cancel`
    is `idle` with `timer.cancelled` and no `timer.finished` (Home Assistant's timer).
    """
    started = verb_states("timer", "start")
    cancelled = verb_states("timer", "cancel")
    assert {timer.STATUS_ACTIVE, timer.STATUS_IDLE, timer.EVENT_TIMER_FINISHED} <= started
    assert timer.EVENT_TIMER_CANCELLED not in started
    assert cancelled == {timer.STATUS_IDLE, timer.EVENT_TIMER_CANCELLED}
    assert verb_states("timer", "pause") == {timer.STATUS_PAUSED, timer.EVENT_TIMER_PAUSED}


# -- stays_as_it_is: an action that writes no state -----------------------------------------


@pytest.mark.parametrize(
    ("state", "verb", "stays"),
    [
        (State("input_boolean.guest_mode", STATE_ON), "turn_on", True),
        (State("input_boolean.guest_mode", STATE_OFF), "turn_off", True),
        (State("input_boolean.guest_mode", STATE_OFF), "turn_on", False),
        (State("input_boolean.guest_mode", STATE_ON), "toggle", False),
    ],
    ids=["on-turned-on", "off-turned-off", "off-turned-on", "toggled"],
)
def test_a_helper_turned_to_the_state_it_is_in_sets_nothing_off(
    state: State, verb: str, stays: bool
) -> None:
    """`input_boolean.turn_on` of one that is on writes the same state.

    Home Assistant fires no `state_changed` for it: nothing waiting for it runs.
    """
    assert stays_as_it_is(state.entity_id, verb, {}, state.state) is stays


@pytest.mark.parametrize(
    "state",
    [
        State("switch.porch_relay", STATE_ON),
        State("light.hall", STATE_ON),
        State("automation.lock_up", STATE_ON),
    ],
    ids=["switch", "light", "automation"],
)
def test_an_entity_with_more_than_a_state_may_act_on_turn_on_whatever_its_state(
    state: State,
) -> None:
    """A template switch runs its `turn_on` action even when on; a light may take its profile."""
    assert not stays_as_it_is(state.entity_id, "turn_on", {}, state.state)


def test_an_entity_whose_state_is_not_known_may_change() -> None:
    """No state read, or no verb known: the action may change it."""
    assert not stays_as_it_is("input_boolean.guest_mode", "turn_on", {}, None)
    assert not stays_as_it_is("input_boolean.guest_mode", None, {}, STATE_ON)


# -- timer_verb: a timer started for a time of its own -----------------------------------


@pytest.mark.parametrize(
    "duration", ["00:05:00", "300", timedelta(minutes=5), {"minutes": 5}], ids=str
)
def test_a_timer_started_for_a_duration_of_its_own_is_changed(duration: Any) -> None:
    """`timer.start` with `duration: 00:05:00` ends in five minutes, not its configured time."""
    assert timer_verb("timer.hall", "start", {"duration": duration}, repeats=False) == "change"


@pytest.mark.parametrize("duration", ["0", "00:00:00", "0:00:00", timedelta(0)], ids=str)
def test_a_timer_started_with_a_zero_duration_keeps_its_own(duration: Any) -> None:
    """Home Assistant's `Timer.async_start` keeps the configured duration when it is 0 (falsy)."""
    assert timer_verb("timer.hall", "start", {"duration": duration}, repeats=False) == "start"
    assert timer_verb("timer.hall", "start", {}, repeats=False) == "start"


def test_a_timer_started_again_and_again_is_changed() -> None:
    """Started by a repeat, it runs again before it ends: it may never finish."""
    assert timer_verb("timer.hall", "start", {}, repeats=True) == "change"


def test_other_verbs_and_other_domains_are_read_as_they_are() -> None:
    """A pause is a pause; a script's `start` field is not a timer's."""
    assert timer_verb("timer.hall", "pause", {"duration": "00:05:00"}, repeats=True) == "pause"
    assert timer_verb("script.start", "start", {"duration": "00:05:00"}, repeats=True) == "start"


# -- verb_words: what a person is asked to approve -----------------------------------------


@pytest.mark.parametrize(
    "domain", ["lock", "cover", "valve", "alarm_control_panel", "timer", "input_text"]
)
def test_a_person_reads_every_action_of_a_domain_in_words(domain: str) -> None:
    """An approval says "open", "arm (night)", "set value": never `open_cover` or `cover.`."""
    for service in _services(domain):
        words = verb_words(f"{domain}.{service}")
        assert "_" not in words and "." not in words, (service, words)


def test_an_approval_names_what_opens_as_open_and_each_arming_mode() -> None:
    """Opening a cover, its tilt or a valve reads "open"; each arming verb names its mode."""
    for service in ("cover.open_cover", "cover.open_cover_tilt", "valve.open_valve"):
        assert verb_words(service) == "open"
    modes = [
        verb_words(f"alarm_control_panel.{service}")
        for service in _services("alarm_control_panel")
        if service.startswith("alarm_arm_")
    ]
    assert len(set(modes)) == len(modes)
    assert all(words.startswith("arm") for words in modes)
    assert verb_words("lock.unlock") == "unlock"


def test_every_verb_in_words_is_a_home_assistant_action_or_a_verb_of_the_rules() -> None:
    """Each row of `VERB_WORDS` is an action a domain registers, or a verb the rules judge.

    (`join_group`: an entity put in a group.) No row is stale.
    """
    domains = ["cover", "valve", "alarm_control_panel"]
    actions = {service for domain in domains for service in _services(domain)}
    judged = {verb for rule in ENTITY_RULES for verb in rule.verbs}
    assert set(VERB_WORDS) <= actions | judged


# -- integration_verbs: Alarmo's actions on a panel --------------------------------------


@pytest.mark.parametrize(
    ("data", "verb"),
    [
        ({"mode": "away"}, "alarm_arm_away"),
        ({"mode": "home"}, "alarm_arm_home"),
        ({"mode": "night"}, "alarm_arm_night"),
        ({"mode": "custom"}, "alarm_arm_custom_bypass"),
        ({}, "alarm_arm_away"),
        ({"mode": Template("home", None)}, "alarm_arm_home"),
    ],
    ids=["away", "home", "night", "custom", "no-mode", "static-template"],
)
def test_alarmo_s_arm_arms_the_panel_in_the_mode_it_is_given(
    data: dict[str, Any], verb: str
) -> None:
    """`alarmo.arm` with `mode: night` arms at night; without a mode, Alarmo arms away.

    Alarmo's `SERVICE_ARM_SCHEMA`: `mode` among away, home, night and custom
    (its custom bypass), `away` by default.
    """
    assert integration_verbs("alarm_control_panel", "alarmo.arm", data) == (verb,)


def test_alarmo_s_arm_with_a_mode_a_template_decides_arms_in_one_of_its_modes() -> None:
    """Alarmo's schema takes only its modes: a templated mode arms, in one of them."""
    verbs = integration_verbs("alarm_control_panel", "alarmo.arm", {"mode": "{{ mode }}"})
    assert set(verbs) == {
        "alarm_arm_away",
        "alarm_arm_home",
        "alarm_arm_night",
        "alarm_arm_vacation",
        "alarm_arm_custom_bypass",
    }
    assert CLOSED_FIELDS["alarmo.arm"] == "mode"


def test_alarmo_s_disarm_disarms_whatever_its_data() -> None:
    assert integration_verbs("alarm_control_panel", "alarmo.disarm", {"code": "1234"}) == (
        "alarm_disarm",
    )


@pytest.mark.parametrize(
    ("domain", "action", "data"),
    [
        ("alarm_control_panel", "alarmo.arm", {"mode": "party"}),
        ("alarm_control_panel", "alarmo.skip_delay", {}),
        ("lock", "alarmo.arm", {"mode": "away"}),
        ("alarm_control_panel", "other.arm", {"mode": "away"}),
    ],
    ids=["unknown-mode", "unknown-action", "another-domain", "another-integration"],
)
def test_an_integration_action_the_table_does_not_know_has_no_verb(
    domain: str, action: str, data: dict[str, Any]
) -> None:
    """Left as it is named (`alarmo.arm`), which no rule for a panel accepts: unknown."""
    assert integration_verbs(domain, action, data) == ()
