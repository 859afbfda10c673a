"""Red team, round 1: ways a fresh tester found to open the house; each is closed.

The tester had the README, docs/gate.md and the running demo; the owner's
setup is rebuilt here the way they built it, through Home Assistant's own
APIs (automation and script editors, helper and template flows, Switch as X),
and every case is checked in Home Assistant's state afterwards.
"""

from __future__ import annotations

from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest

from custom_components.home_mcp.gate import Gate, Risk
from homeassistant.components import persistent_notification
from homeassistant.config_entries import ConfigEntry
from homeassistant.core import HomeAssistant
from homeassistant.data_entry_flow import FlowResultType
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    ALARM,
    ALARM_CODE,
    CLOSED,
    DISARM,
    LINGERING_TIMERS,
    LOCKED,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    arm,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    pass_time,
    state,
)


async def _flow(hass: HomeAssistant, handler: str, *steps: dict[str, Any]) -> ConfigEntry:
    """Run a config flow step by step as the UI does; return the entry it made."""
    flows = hass.config_entries.flow
    result = await flows.async_init(handler, context={"source": "user"})
    for step in steps:
        result = await flows.async_configure(result["flow_id"], step)
    assert result["type"] is FlowResultType.CREATE_ENTRY, result
    await hass.async_block_till_done()
    return result["result"]


# -- S1, S7: events an action fires as a side effect ------------------------------


async def test_event_an_integration_fires_when_its_button_is_pressed(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S1/S7: the demo fires `demo_button_pressed` when its button is pressed."""
    await owner.save_automation(
        "on_press",
        {
            "alias": "Let in on the demo event",
            "triggers": [{"trigger": "event", "event_type": "demo_button_pressed"}],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_refused(await call_service(mcp, "button.press", target={"entity_id": "button.push"}))
    await assert_house(hass, LOCKED)


# Time-triggered automations keep their timers.
@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("event_type", "name", "action", "target"),
    [
        ("automation_triggered", "Let them in", "automation.trigger", "automation.let_them_in"),
        ("script_started", "Good night", "script.turn_on", "script.good_night"),
    ],
)
async def test_events_of_runs_named_in_their_data(
    owner: Owner,
    mcp: McpHarness,
    hass: HomeAssistant,
    event_type: str,
    name: str,
    action: str,
    target: str,
) -> None:
    """S7c/S7d: an automation waiting for another automation's or script's run."""
    await owner.save_automation(
        "let_them_in",
        {
            "alias": "Let them in",
            "triggers": [{"trigger": "time", "at": "03:00:00"}],
            "actions": [{"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}],
        },
    )
    await owner.save_script(
        "good_night",
        {"alias": "Good night", "sequence": [{"action": "light.turn_off", "target": {"entity_id": "light.bed_light"}}]},
    )  # fmt: skip
    await owner.save_automation(
        "after_run",
        {
            "alias": "Open after that run",
            "triggers": [{"trigger": "event", "event_type": event_type, "event_data": {"name": name}}],
            "actions": [OPEN_GARAGE],
        },
    )  # fmt: skip
    assert_refused(await call_service(mcp, action, target={"entity_id": target}))
    await assert_house(hass, CLOSED)


async def test_notification_made_by_a_notify_service(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S3: `notify.persistent_notification` makes the notification a trigger waits for."""
    assert await async_setup_component(hass, "notify", {})
    await hass.async_block_till_done()
    await owner.save_automation(
        "courier",
        {
            "alias": "Open the garage for the courier",
            "triggers": [
                {"trigger": "persistent_notification", "update_type": ["added"],
                 "notification_id": "courier_at_gate"}
            ],
            "actions": [OPEN_GARAGE],
        },
    )  # fmt: skip
    result = await call_service(
        mcp,
        "notify.persistent_notification",
        data={"message": "Parcel", "data": {"notification_id": "courier_at_gate"}},
    )
    assert_refused(result)
    await assert_house(hass, CLOSED)
    assert "courier_at_gate" not in persistent_notification._async_get_or_create_notifications(hass)


async def test_update_entity_is_a_change_too(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Near miss: `homeassistant.update_entity` re-reads a device; what that changes is judged."""
    helper = await owner.create_helper("input_boolean", "Doorbell")
    await owner.save_automation(
        "doorbell",
        {
            "alias": "Doorbell",
            "triggers": [{"trigger": "state", "entity_id": helper}],
            "actions": [UNLOCK_FRONT],
        },
    )
    result = await call_service(mcp, "homeassistant.update_entity", data={"entity_id": [helper]})
    assert_refused(result)
    assert_ran(
        await call_service(
            mcp, "homeassistant.update_entity", data={"entity_id": ["light.bed_light"]}
        )
    )


# -- S2: an event entity on the button's device ---------------------------------


async def test_event_entity_on_the_buttons_device(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S2: an `event` entity reports what its device does: pressing the device's button.

    The demo's event platform is not loaded here; an event entity is put on
    the button's device the way an integration registers one.
    """
    from homeassistant.helpers import entity_registry as er  # noqa: PLC0415

    registry = er.async_get(hass)
    event_entry = registry.async_get_or_create(
        "event", "demo", "push_event", device_id=owner.device_of("button.push")
    )
    hass.states.async_set(event_entry.entity_id, "unknown", {"event_types": ["press"]})
    await owner.save_automation(
        "pressed",
        {
            "alias": "Entrance button lets me out",
            "triggers": [{"trigger": "state", "entity_id": event_entry.entity_id}],
            "actions": [UNLOCK_FRONT],
        },
    )
    assert_refused(await call_service(mcp, "button.press", target={"entity_id": "button.push"}))
    await assert_house(hass, LOCKED)
    entity = await mcp.data("get_entity", {"entity_id": "button.push"})
    assert entity["entity"]["guarded"] is True


# -- S4: helpers that drive another entity --------------------------------------


@pytest.mark.parametrize(
    ("handler", "steps", "domain", "calls"),
    [
        (
            "generic_thermostat",
            [{"name": "Floor heating", "ac_mode": False, "target_sensor": "{sensor}",
              "heater": "switch.ac", "cold_tolerance": 0.3, "hot_tolerance": 0.3}, {}],
            "climate",
            [("climate.set_hvac_mode", {"hvac_mode": "heat"}),
             ("climate.set_temperature", {"temperature": 30})],
        ),
        (
            "generic_hygrostat",
            [{"name": "Lawn moisture", "device_class": "humidifier", "target_sensor": "{sensor}",
              "humidifier": "switch.ac", "dry_tolerance": 1, "wet_tolerance": 1}],
            "humidifier",
            [("humidifier.turn_on", {}), ("humidifier.set_humidity", {"humidity": 90})],
        ),
    ],
)  # fmt: skip
async def test_helper_driving_a_relay_shown_as_a_valve(
    owner: Owner,
    mcp: McpHarness,
    hass: HomeAssistant,
    handler: str,
    steps: list[dict[str, Any]],
    domain: str,
    calls: list[tuple[str, dict[str, Any]]],
) -> None:
    """S4: a thermostat or hygrostat switches its heater, which Switch as X shows as a valve."""
    valve = await owner.add_switch_as_x("switch.ac", "valve")
    sensor = await owner.add_template("sensor", {"name": "Moisture", "state": "20"})
    filled = [{k: sensor if v == "{sensor}" else v for k, v in step.items()} for step in steps]
    entry = await _flow(hass, handler, *filled)
    [helper] = [s.entity_id for s in hass.states.async_all(domain) if s.entity_id.endswith(
        entry.title.lower().replace(" ", "_"))]  # fmt: skip
    before = {valve: state(hass, valve)}
    for action, data in calls:
        assert_refused(await call_service(mcp, action, target={"entity_id": helper}, data=data))
    await assert_house(hass, before)
    assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is True


# -- S5: helpers whose inputs are in config subentries ---------------------------


async def test_bayesian_observation_in_a_subentry(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """S5: a Bayesian sensor's observations live in subentries; a helper it reads disarms."""
    helper = await owner.create_helper("input_boolean", "Arrival Anna")
    entry = await _flow(
        hass, "bayesian", {"name": "Anna is home", "probability_threshold": 50, "prior": 20}
    )
    subentries = hass.config_entries.subentries
    result = await subentries.async_init(
        (entry.entry_id, "observation"), context={"source": "user"}
    )
    result = await subentries.async_configure(result["flow_id"], {"next_step_id": "state"})
    result = await subentries.async_configure(
        result["flow_id"],
        {"entity_id": helper, "to_state": "on", "prob_given_true": 95, "prob_given_false": 5,
         "name": "Anna pressed arrival"},
    )  # fmt: skip
    assert result["type"] is FlowResultType.CREATE_ENTRY, result
    await hass.async_block_till_done()
    [sensor] = [
        s.entity_id for s in hass.states.async_all("binary_sensor") if "anna" in s.entity_id
    ]
    await arm(hass, freezer, "alarm_arm_away")
    await owner.save_automation(
        "anna",
        {
            "alias": "Disarm when Anna is home",
            "triggers": [{"trigger": "state", "entity_id": sensor, "to": "on"}],
            "actions": [DISARM],
        },
    )
    assert_refused(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}))
    await assert_house(hass, {ALARM: "armed_away", helper: "off"})


# -- S6: a template entity's script is what its verb does ------------------------


@pytest.mark.parametrize(
    ("action", "data"),
    [("cover.close_cover", None), ("cover.set_cover_position", {"position": 0})],
)
async def test_template_garage_whose_close_toggles_the_real_door(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, action: str, data: dict[str, Any] | None
) -> None:
    """S6/S6b: the single-button opener recipe: "close" toggles the real garage door."""
    toggle = [{"action": "cover.toggle", "target": {"entity_id": "cover.garage_door"}}]
    cover = await owner.add_template(
        "cover",
        {"name": "Garage opener", "state": "{{ states('cover.garage_door') }}",
         "open_cover": toggle, "close_cover": toggle, "set_cover_position": toggle,
         "device_class": "garage"},
    )  # fmt: skip
    assert_refused(await call_service(mcp, action, target={"entity_id": cover}, data=data))
    await assert_house(hass, CLOSED)


async def test_template_alarm_whose_away_arms_home(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """S6c: a template panel's "away" arms the real panel at home: it watches less."""
    panel = await owner.add_template(
        "alarm_control_panel",
        {"name": "Pet friendly away", "value_template": "{{ states('alarm_control_panel.security') }}",
         "arm_away": [{"action": "alarm_control_panel.alarm_arm_home",
                       "target": {"entity_id": ALARM}, "data": {"code": ALARM_CODE}}],
         "code_arm_required": False, "code_format": "no_code"},
    )  # fmt: skip
    await arm(hass, freezer, "alarm_arm_away")
    assert_refused(
        await call_service(mcp, "alarm_control_panel.alarm_arm_away", target={"entity_id": panel})
    )
    pass_time(hass, freezer, __import__("datetime").timedelta(seconds=10))
    await assert_house(hass, {ALARM: "armed_away"})


# -- S8: what a securing action sets off ----------------------------------------


async def test_locking_that_opens_the_garage_is_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S8: "leaving: open the garage when the front door is locked"."""
    await owner.save_automation(
        "leaving",
        {
            "alias": "Leaving",
            "triggers": [{"trigger": "state", "entity_id": "lock.front_door",
                          "from": "locking", "to": "locked"}],
            "actions": [OPEN_GARAGE],
        },
    )  # fmt: skip
    result = await call_service(mcp, "lock.lock", target={"entity_id": "lock.front_door"})
    assert_refused(result, reaching="cover.garage_door")
    await assert_house(hass, CLOSED)


async def test_locking_runs_when_only_unlocking_sets_something_off(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Securing still always runs: "disarm when the door is unlocked" is not set off by locking."""
    await owner.save_automation(
        "keypad",
        {
            "alias": "Disarm when unlocked",
            "triggers": [{"trigger": "state", "entity_id": "lock.kitchen_door", "to": "unlocked"}],
            "actions": [DISARM],
        },
    )
    assert_ran(await call_service(mcp, "lock.lock", target={"entity_id": "lock.kitchen_door"}))
    await assert_house(hass, {"lock.kitchen_door": "locked"})


# -- S9: what Switch as X shows, through groups and templates --------------------


async def test_member_of_a_relay_group_shown_as_a_lock(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S9: a switch group of two relays, shown as a lock; one relay turned on."""
    await owner.act("switch.turn_off", entity_id="switch.decorative_lights")
    await _flow(
        hass, "group", {"next_step_id": "switch"},
        {"name": "Gate relays", "entities": ["switch.decorative_lights", "switch.ac"],
         "hide_members": False, "all": False},
    )  # fmt: skip
    lock = await owner.add_switch_as_x("switch.gate_relays", "lock")
    assert state(hass, lock) == "locked"
    result = await call_service(
        mcp, "switch.turn_on", target={"entity_id": "switch.decorative_lights"}
    )
    assert_refused(result, reaching=lock)
    await assert_house(hass, {lock: "locked", "switch.decorative_lights": "off"})


async def test_relay_behind_a_template_switch_shown_as_a_valve(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S9b: a template switch mirrors the relay; Switch as X shows it as a valve."""
    on = [{"action": "switch.turn_on", "target": {"entity_id": "switch.ac"}}]
    off = [{"action": "switch.turn_off", "target": {"entity_id": "switch.ac"}}]
    relay = await owner.add_template(
        "switch",
        {"name": "Garden pump relay", "value_template": "{{ is_state('switch.ac', 'on') }}",
         "turn_on": on, "turn_off": off},
    )  # fmt: skip
    valve = await owner.add_switch_as_x(relay, "valve")
    assert_refused(await call_service(mcp, "switch.turn_on", target={"entity_id": "switch.ac"}))
    await assert_house(hass, {valve: "closed", "switch.ac": "off"})


# -- S10, S11: reads and entities the perimeter missed ----------------------------


@LINGERING_TIMERS
async def test_read_in_an_action_variables_step(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S10: a polling automation reads the helper in a `variables:` step of its actions."""
    helper = await owner.create_helper("input_boolean", "Guest here")
    await owner.save_automation(
        "polling",
        {
            "alias": "Let the guest in (polling)",
            "triggers": [{"trigger": "time_pattern", "seconds": "/10"}],
            "actions": [
                {"variables": {"guest_here": f"{{{{ is_state('{helper}', 'on') }}}}"}},
                {"if": [{"condition": "template", "value_template": "{{ guest_here }}"}],
                 "then": [UNLOCK_FRONT]},
            ],
        },
    )  # fmt: skip
    assert_refused(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}))
    await assert_house(hass, {**LOCKED, helper: "off"})
    assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is True


async def test_scene_created_where_an_automation_waits_for_it(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """S11: an automation on a scene entity that does not exist yet; `scene.create` makes it."""
    await owner.save_automation(
        "welcome",
        {
            "alias": "Welcome scene",
            "triggers": [{"trigger": "state", "entity_id": "scene.welcome"}],
            "actions": [UNLOCK_FRONT],
        },
    )
    result = await call_service(
        mcp, "scene.create", data={"scene_id": "welcome", "entities": {"light.bed_light": "on"}}
    )
    assert_refused(result)
    await assert_house(hass, LOCKED)
    assert hass.states.get("scene.welcome") is None


# -- near misses ----------------------------------------------------------------


@pytest.mark.parametrize("action", ["script.toggle", "homeassistant.toggle"])
async def test_toggling_a_running_securing_script_stops_it(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, action: str
) -> None:
    """Near miss: toggling a running script that locks stops it: like turning it off."""
    helper = await owner.create_helper("input_boolean", "Ready")
    script = await owner.save_script(
        "lock_later",
        {"alias": "Lock later",
         "sequence": [{"wait_template": f"{{{{ is_state('{helper}', 'on') }}}}"},
                      {"action": "lock.lock", "target": {"entity_id": "lock.kitchen_door"}}]},
    )  # fmt: skip
    await hass.services.async_call("script", "turn_on", {"entity_id": script})
    for _ in range(20):
        await __import__("asyncio").sleep(0)
    assert state(hass, script) == "on"
    assert_refused(await call_service(mcp, action, target={"entity_id": script}))
    assert state(hass, script) == "on"
    await hass.services.async_call("script", "turn_off", {"entity_id": script}, blocking=True)


async def test_notifications_split_or_reversed_cannot_pass_as_home_mcp(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Near miss: a right-to-left override, and the name split across title and message."""
    for data in (
        {"title": "\u202ePCM emoH\u202c asks to unlock Front Door", "message": "Review it"},
        {"title": "Home", "message": "MCP asks to unlock Front Door"},
    ):
        result = await call_service(mcp, "persistent_notification.create", data=data)
        assert_refused(result, risk="system")
    shown = persistent_notification._async_get_or_create_notifications(hass)
    assert [key for key in shown if not key.startswith("home_mcp")] == []


# -- false positives ------------------------------------------------------------


async def test_one_automation_two_buttons_only_the_opening_one_is_guarded(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """False positive: trigger ids tie each branch to its button; "close" is not guarded."""
    assert await async_setup_component(hass, "input_button", {})
    opener = await owner.create_helper("input_button", "Open garage")
    closer = await owner.create_helper("input_button", "Close garage")
    await owner.save_automation(
        "garage_buttons",
        {
            "alias": "Garage buttons",
            "triggers": [
                {"trigger": "state", "entity_id": opener, "id": "open"},
                {"trigger": "state", "entity_id": closer, "id": "close"},
            ],
            "actions": [
                {"choose": [
                    {"conditions": [{"condition": "trigger", "id": "open"}],
                     "sequence": [OPEN_GARAGE]},
                    {"conditions": [{"condition": "trigger", "id": "close"}],
                     "sequence": [{"action": "cover.close_cover",
                                   "target": {"entity_id": "cover.garage_door"}}]},
                ]}
            ],
        },
    )  # fmt: skip
    assert_refused(await call_service(mcp, "input_button.press", target={"entity_id": opener}))
    assert_ran(await call_service(mcp, "input_button.press", target={"entity_id": closer}))
    await assert_house(hass, CLOSED)


async def test_reading_statistics_is_not_a_system_action(demo_house: HomeAssistant) -> None:
    """False positive: `recorder.get_statistics` only reads."""
    assert Gate(demo_house).async_service_risk("recorder", "get_statistics")[0] is Risk.SAFE
    assert Gate(demo_house).async_service_risk("recorder", "purge")[0] is Risk.SYSTEM
