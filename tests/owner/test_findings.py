"""The gate judges what an action sets off, not only what it names.

Each test builds the house the way its owner builds it, through Home
Assistant's own APIs (`tests/owner/house.py`): automations and scripts saved with
the config API, helpers made on the Helpers page (websocket), Switch as X and
template helpers through their config flows. Then a real MCP client asks for
something that looks harmless, and Home Assistant's state machine says
whether the house opened. Deferred effects are checked by moving the clock
past the moment the owner's automation would act.

Findings are numbered as in the review that asked for these tests.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest

from homeassistant.components.light.trigger import TRIGGERS as LIGHT_TRIGGERS
from homeassistant.components.persistent_notification import _async_get_or_create_notifications
from homeassistant.core import HomeAssistant
from homeassistant.setup import async_setup_component
from homeassistant.util import dt as dt_util
from homeassistant.util.yaml import dump, load_yaml_dict
from tests.conftest import McpHarness

from .house import (
    ALARM,
    ALARM_CODE,
    ARMING_TIME,
    BED_LIGHT_ON,
    CLOSED,
    DISARM,
    LINGERING_TIMERS,
    LOCKED,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Clock,
    Owner,
    arm,
    armed_state,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    guest_mode_ending_at,
    helper_runs,
    locks_at_bedtime,
    locks_when,
    note,
    pass_time,
    state,
    unlocks_when,
)

MODES = pytest.mark.parametrize("mode", ["legacy", "auto"])
# The demo's manual alarm keeps its arming timer; time triggers keep theirs.


# -- the owner's Home Assistant --------------------------------------------------


async def _watched_helper(owner: Owner, name: str, actions: list[dict[str, Any]]) -> str:
    """Create a toggle helper and an automation doing `actions` when it turns on."""
    helper = await owner.create_helper("input_boolean", name)
    await owner.save_automation(
        helper.split(".")[1],
        {
            "alias": f"When {name} turns on",
            "triggers": [{"trigger": "state", "entity_id": helper, "to": "on"}],
            "actions": actions,
        },
    )
    return helper


# -- 1. scenes that set a helper an opening automation watches ------------------


@MODES
async def test_scene_apply_on_watched_helper_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, mode: str
) -> None:
    """Finding 1: the owner's automation opens the garage when a helper turns on.

    scene.apply setting that helper on is opening the garage.
    """
    helper = await _watched_helper(owner, "Garage request", [OPEN_GARAGE])
    result = await call_service(mcp, "scene.apply", data={"entities": {helper: "on"}}, mode=mode)
    await assert_house(hass, {**CLOSED, helper: "off"})
    assert_refused(result, reaching="cover.garage_door")


async def test_scene_made_to_set_watched_helper_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Finding 1: scene.create of a scene setting that helper on, then scene.turn_on.

    Either the scene is not made without approval, or turning it on is refused.
    """
    helper = await _watched_helper(owner, "Garage request", [OPEN_GARAGE])
    created = await call_service(
        mcp, "scene.create", data={"scene_id": "courier", "entities": {helper: "on"}}
    )
    await hass.async_block_till_done()
    if created.get("ok") is False:
        assert_refused(created, reaching="cover.garage_door")
        assert hass.states.get("scene.courier") is None
        # The owner makes it in Home Assistant: judged when it runs.
        await owner.act("scene.create", scene_id="courier", entities={helper: "on"})
    for action, target in (
        ("scene.turn_on", {"entity_id": "scene.courier"}),
        ("homeassistant.turn_on", {"entity_id": "scene.courier"}),
    ):
        result = await call_service(mcp, action, target=target)
        await assert_house(hass, {**CLOSED, helper: "off"})
        assert_refused(result, reaching="cover.garage_door")


async def test_turning_on_watched_helper_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Finding 1: input_boolean.turn_on on the helper itself (a control: refused today)."""
    helper = await _watched_helper(owner, "Garage request", [OPEN_GARAGE])
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    await assert_house(hass, {**CLOSED, helper: "off"})
    assert_refused(result, reaching="cover.garage_door")
    # The house is wired as it looks: the owner's own switch-on opens the garage.
    await owner.act("input_boolean.turn_on", entity_id=helper)
    assert state(hass, "cover.garage_door") in ("opening", "open")


# -- 2. scene states on a relay that Switch as X shows as a lock ----------------


@MODES
async def test_scene_apply_on_switch_shown_as_lock_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, mode: str
) -> None:
    """Finding 2: the owner shows the AC relay as a lock (Switch as X config flow).

    Setting the relay on by scene.apply unlocks that lock.
    """
    lock = await owner.add_switch_as_x("switch.ac", "lock")
    assert state(hass, lock) == "locked"
    direct = await call_service(mcp, "switch.turn_on", target={"entity_id": "switch.ac"})
    assert_refused(direct)
    result = await call_service(
        mcp, "scene.apply", data={"entities": {"switch.ac": "on"}}, mode=mode
    )
    await assert_house(hass, {lock: "locked", "switch.ac": "off"})
    assert_refused(result, reaching=lock)


# -- 3. a script's device action on that relay ----------------------------------


async def _relay_script(owner: Owner) -> tuple[str, str]:
    """Show the AC relay as a lock and save a script turning the relay on by device action."""
    lock = await owner.add_switch_as_x("switch.ac", "lock")
    script = await owner.save_script(
        "porch_relay",
        {
            "alias": "Porch relay",
            "sequence": [
                {
                    "device_id": owner.device_of("switch.ac"),
                    "domain": "switch",
                    "entity_id": owner.registry_id("switch.ac"),
                    "type": "turn_on",
                }
            ],
        },
    )
    return lock, script


@MODES
async def test_device_action_on_wrapped_relay_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, mode: str
) -> None:
    """Finding 3: a script (script editor) with a device action turning the relay on."""
    lock, script = await _relay_script(owner)
    result = await call_service(mcp, script, mode=mode)
    await assert_house(hass, {lock: "locked", "switch.ac": "off"})
    assert_refused(result, reaching=lock)
    # Control: the owner's own run unlocks it.
    await owner.act(script)
    assert state(hass, lock) == "unlocked"


async def test_device_action_script_listed_as_guarded(owner: Owner, mcp: McpHarness) -> None:
    """Finding 3: get_entity and list_macros call that script guarded."""
    _, script = await _relay_script(owner)
    described = await mcp.data("get_entity", {"entity_id": script})
    assert described["entity"]["guarded"] is True, described["entity"]
    macros = await mcp.data("list_macros", {"kind": "script", "limit": 200})
    assert {m["entity_id"]: m["guarded"] for m in macros["items"]}[script] is True


# -- 4. target-style triggers (button.pressed) -----------------------------------


@pytest.mark.parametrize("target_kind", ["entity_id", "device_id", "area_id", "label_id"])
async def test_button_pressed_target_trigger_followed(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, target_kind: str
) -> None:
    """Finding 4: `button.pressed` with a target (entity, device, area, label) opens the garage.

    Home Assistant 2026.10's target-style trigger: `{"trigger": "button.pressed",
    "target": {...}}`. The owner put the button's device in an area, or
    labelled the button, for the area and label forms.
    """
    target: dict[str, str]
    if target_kind == "entity_id":
        target = {"entity_id": "button.push"}
    elif target_kind == "device_id":
        target = {"device_id": owner.device_of("button.push")}
    elif target_kind == "area_id":
        porch = await owner.create_area("Porch")
        await owner.put_device_in_area(owner.device_of("button.push"), porch)
        target = {"area_id": porch}
    else:
        label = await owner.create_label("Doorbell")
        await owner.label_entity("button.push", label)
        target = {"label_id": label}
    await owner.save_automation(
        "doorbell_opens",
        {
            "alias": "Doorbell opens the garage",
            "triggers": [{"trigger": "button.pressed", "target": target}],
            "actions": [OPEN_GARAGE],
        },
    )
    result = await call_service(mcp, "button.press", target={"entity_id": "button.push"})
    await assert_house(hass, {**CLOSED, "button.push": "unknown"})
    assert_refused(result, reaching="cover.garage_door")
    # Control: pressing it in Home Assistant opens the garage.
    await owner.act("button.press", entity_id="button.push")
    assert state(hass, "cover.garage_door") in ("opening", "open")


@pytest.mark.redteam(round=46)
async def test_a_target_trigger_whose_states_are_kept_as_one_text_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`light.turned_on` unlocks; a Home Assistant keeps the state it fires on as "on", not {"on"}."""
    monkeypatch.setattr(LIGHT_TRIGGERS["turned_on"], "_to_states", "on")
    await owner.act("light.turn_off", entity_id="light.bed_light")
    await owner.save_automation(
        "bed_light_unlocks",
        {
            "alias": "Bed light unlocks",
            "triggers": [
                {"trigger": "light.turned_on", "target": {"entity_id": "light.bed_light"}}
            ],
            "actions": [UNLOCK_FRONT],
        },
    )
    result = await call_service(mcp, "light.turn_on", target={"entity_id": "light.bed_light"})
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


# -- 5. template triggers and conditions reading a helper ------------------------


@pytest.mark.parametrize(
    "template",
    [
        "{{ states.input_boolean.courier_access.state == 'on' }}",
        "{{ states['input_boolean.courier_access'].state == 'on' }}",
        "{{ is_state('input_boolean.courier_access', 'on') }}",
    ],
    ids=["states-attribute", "states-index", "is_state"],
)
async def test_template_trigger_on_helper_followed(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, template: str
) -> None:
    """Finding 5: an automation with a template trigger on a helper unlocks the front door."""
    helper = await owner.create_helper("input_boolean", "Courier access")
    assert helper == "input_boolean.courier_access"
    await unlocks_when(
        owner,
        {"trigger": "template", "value_template": template},
        alias="Let the courier in",
        automation_id="courier",
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    await assert_house(hass, {**LOCKED, helper: "off"})
    assert_refused(result, reaching="lock.front_door")
    await owner.act("input_boolean.turn_on", entity_id=helper)
    assert state(hass, "lock.front_door") == "unlocked"


@LINGERING_TIMERS
async def test_template_condition_on_helper_followed(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Finding 5: every five minutes, unlock if a template condition reads the helper on."""
    helper = await owner.create_helper("input_boolean", "Courier access")
    await unlocks_when(
        owner,
        {"trigger": "time_pattern", "minutes": "/5"},
        alias="Courier check",
        automation_id="courier_poll",
        conditions=[
            {
                "condition": "template",
                "value_template": "{{ states.input_boolean.courier_access.state == 'on' }}",
            }
        ],
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    morning.move_to(9, 5)
    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")


# -- 6. second order: a template binary sensor between helper and automation ----


@LINGERING_TIMERS
async def test_template_sensor_between_helper_and_disarm_followed(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """Finding 6: helper -> template binary sensor (config flow) -> automation disarming."""
    helper = await owner.create_helper("input_boolean", "Cleaner expected")
    sensor = await owner.add_template(
        "binary_sensor",
        {"name": "Cleaner at the door", "state": f"{{{{ is_state('{helper}', 'on') }}}}"},
    )
    assert state(hass, sensor) == "off"
    await owner.save_automation(
        "cleaner",
        {
            "alias": "Disarm for the cleaner",
            "triggers": [{"trigger": "state", "entity_id": sensor, "to": "on"}],
            "actions": [DISARM],
        },
    )
    await arm(hass, freezer, "alarm_arm_away")
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    await assert_house(hass, {ALARM: "armed_away", helper: "off"})
    assert_refused(result, reaching=ALARM)


# -- 7. group.set turning on a group an automation watches ----------------------


@LINGERING_TIMERS
async def test_group_set_turning_on_watched_group_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """Finding 7: when the owner's group.watched turns on, an automation disarms.

    Adding a light that is on to the group turns the group on.
    """
    await owner.act("group.set", object_id="watched", entities=["light.bed_light"])
    assert state(hass, "group.watched") == "off"
    await owner.save_automation(
        "watched_group",
        {
            "alias": "Disarm when the group is on",
            "triggers": [{"trigger": "state", "entity_id": "group.watched", "to": "on"}],
            "actions": [DISARM],
        },
    )
    await arm(hass, freezer, "alarm_arm_away")
    result = await call_service(
        mcp, "group.set", data={"object_id": "watched", "add_entities": ["light.ceiling_lights"]}
    )
    await assert_house(hass, {ALARM: "armed_away", "group.watched": "off"})
    assert_refused(result, reaching=ALARM)


# -- 8. deferred: what acts later -------------------------------------------------


@LINGERING_TIMERS
async def test_enabling_disabled_noon_unlock_refused(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Finding 8a: a disabled automation "unlock the front door at noon"; automation.turn_on."""
    automation = await unlocks_when(
        owner,
        {"trigger": "time", "at": "12:00:00"},
        alias="Unlock the front door at noon",
        automation_id="noon_unlock",
    )
    await owner.act("automation.turn_off", entity_id=automation)
    result = await call_service(mcp, "automation.turn_on", target={"entity_id": automation})
    await assert_house(hass, LOCKED)
    morning.move_to(12, 1)
    await assert_house(hass, {**LOCKED, automation: "off"})
    assert_refused(result)


@LINGERING_TIMERS
async def test_helper_in_condition_of_timed_disarm_refused(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Finding 8b: at 10:00 disarm if a helper (the condition, not the trigger) is on."""
    helper = await owner.create_helper("input_boolean", "Cleaner today")
    await owner.save_automation(
        "cleaner_at_ten",
        {
            "alias": "Disarm for the cleaner at ten",
            "triggers": [{"trigger": "time", "at": "10:00:00"}],
            "conditions": [{"condition": "state", "entity_id": helper, "state": "on"}],
            "actions": [DISARM],
        },
    )
    await arm(hass, morning.freezer, "alarm_arm_away")
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    await assert_house(hass, {ALARM: "armed_away"})
    morning.move_to(10, 1)
    await assert_house(hass, {ALARM: "armed_away"})
    assert_refused(result, reaching=ALARM)


@LINGERING_TIMERS
async def test_setting_time_of_unlocking_automation_refused(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Finding 8c: an unlocking automation triggered `at: input_datetime.courier_time`."""
    helper = await owner.create_helper(
        "input_datetime", "Courier time", has_date=False, has_time=True
    )
    await unlocks_when(
        owner,
        {"trigger": "time", "at": helper},
        alias="Let the courier in on time",
        automation_id="courier_time",
    )
    result = await call_service(
        mcp, "input_datetime.set_datetime", target={"entity_id": helper}, data={"time": "09:30:00"}
    )
    await assert_house(hass, {**LOCKED, helper: "00:00:00"})
    morning.move_to(9, 31)
    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")
    # Control: the owner sets the time; the door unlocks then.
    await owner.act("input_datetime.set_datetime", entity_id=helper, time="09:45:00")
    morning.move_to(9, 46)
    await hass.async_block_till_done()
    assert state(hass, "lock.front_door") == "unlocked"


# -- 9. a button on the garage door's device ------------------------------------


async def test_template_button_on_garage_device_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Finding 9: a template button (config flow) on the garage's device; press opens it."""
    button = await owner.add_template(
        "button",
        {
            "name": "Garage opener",
            "press": [OPEN_GARAGE],
            "device_id": owner.device_of("cover.garage_door"),
        },
    )
    assert owner.device_of(button) == owner.device_of("cover.garage_door")
    result = await call_service(mcp, "button.press", target={"entity_id": button})
    await assert_house(hass, CLOSED)
    assert_refused(result, reaching="cover.garage_door")


@pytest.mark.parametrize("kind", ["button", "switch"])
async def test_any_control_on_garage_device_refused(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, kind: str
) -> None:
    """Finding 9: a button or switch on the garage's device, whatever its action says.

    The owner's template helper only raises a notification; a real device's
    button or relay on the same device as the garage door is read as able to
    open it.
    """
    message = f"The garage {kind} was used"
    notify = [note(message)]
    actions = {"press": notify} if kind == "button" else {"turn_on": notify, "turn_off": notify}
    entity_id = await owner.add_template(
        kind,
        {"name": f"Garage {kind}", "device_id": owner.device_of("cover.garage_door"), **actions},
    )
    assert owner.device_of(entity_id) == owner.device_of("cover.garage_door")
    action = "button.press" if kind == "button" else "switch.turn_on"
    result = await call_service(mcp, action, target={"entity_id": entity_id})
    await assert_house(hass, CLOSED)
    shown = _async_get_or_create_notifications(hass)
    ran = [n for n in shown.values() if n["message"] == message]
    assert not ran, f"the {kind}'s own action ran"
    assert_refused(result)


# -- 10. alarm downgrades ---------------------------------------------------------


@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("armed_by", "service", "refused"),
    [
        pytest.param("alarm_arm_away", "alarm_arm_home", True, id="away-to-home"),
        pytest.param("alarm_arm_away", "alarm_arm_custom_bypass", True, id="away-to-bypass"),
        pytest.param("alarm_arm_night", "alarm_arm_home", True, id="night-to-home"),
        pytest.param(None, "alarm_arm_home", False, id="disarmed-to-home"),
        pytest.param("alarm_arm_home", "alarm_arm_away", False, id="home-to-away"),
    ],
)
async def test_alarm_downgrade_refused(
    mcp: McpHarness,
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    armed_by: str | None,
    service: str,
    refused: bool,
) -> None:
    """Finding 10: arming to a weaker mode opens the house a little; arming up secures it."""
    if armed_by is not None:
        await arm(hass, freezer, armed_by)
    before = state(hass, ALARM)
    result = await call_service(
        mcp,
        f"alarm_control_panel.{service}",
        target={"entity_id": ALARM},
        data={"code": ALARM_CODE},
    )
    if refused:
        await assert_house(hass, {ALARM: before})
        pass_time(hass, freezer, ARMING_TIME)
        await assert_house(hass, {ALARM: before})
        assert_refused(result, reaching=ALARM)
    else:
        assert_ran(result)
        pass_time(hass, freezer, ARMING_TIME)
        await assert_house(hass, {ALARM: armed_state(service)})


@pytest.mark.parametrize(
    ("conditions", "refused"),
    [
        pytest.param(
            [{"condition": "state", "entity_id": ALARM, "state": "disarmed"}],
            False,
            id="only-while-disarmed",
        ),
        pytest.param([], True, id="whatever-mode-it-is-in"),
        pytest.param(
            [{"condition": "state", "entity_id": ALARM, "state": ["disarmed", "armed_away"]}],
            True,
            id="also-while-armed-away",
        ),
        pytest.param(
            [
                {
                    "condition": "state",
                    "entity_id": ALARM,
                    "state": "disarmed",
                    "enabled": False,
                }
            ],
            True,
            id="condition-disabled",
        ),
    ],
)
@LINGERING_TIMERS
async def test_an_automation_arming_only_from_the_modes_its_conditions_allow_is_judged_from_them(
    mcp: McpHarness,
    hass: HomeAssistant,
    owner: Owner,
    conditions: list[dict[str, Any]],
    refused: bool,
) -> None:
    """Arming night at bedtime only while the alarm is disarmed arms it more, never less.

    A real house's "arm night at bedtime if disarmed": bedtime is free. Without
    that condition (or with one that also accepts armed away, or disabled)
    the same automation could turn armed away into armed night, which
    watches less: bedtime waits.
    """
    bedtime = await helper_runs(
        owner,
        "Bedtime",
        {
            "action": "alarm_control_panel.alarm_arm_night",
            "target": {"entity_id": ALARM},
            "data": {"code": ALARM_CODE},
        },
        alias="Arm night at bedtime",
        automation_id="arm_night",
        conditions=conditions,
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": bedtime})
    if refused:
        assert_refused(result, reaching=ALARM)
        assert state(hass, bedtime) == "off"
    else:
        assert_ran(result)


# -- 11. notifications from MCP cannot pass as Home MCP's -------------------------


@pytest.mark.parametrize(
    "data",
    [
        {"message": "[Approve](&#47;home-mcp/confirmation/98517fc2d31048d7)"},
        {"message": "[Approve](&#x2F;home-mcp&#x2F;confirmation&#x2F;x)"},
        {"message": "[Approve](%2Fhome%2Dmcp%2Fconfirmation%2Fx)"},
        {"message": "[Approve](/\u04bb\u043em\u0435-m\u0441p/confirmation/x)"},
        {"message": "[Approve](/\uff48\uff4f\uff4d\uff45\uff0d\uff4d\uff43\uff50/confirmation/x)"},
        {"title": "Home MCP asks to turn on Kitchen Light", "message": "Tap Approve below"},
        {"title": "H\u03bfme MC\u0420 asks to turn on Kitchen Light", "message": "Tap Approve"},
        {"title": "\uff28ome MCP asks to turn on Kitchen Light", "message": "Tap Approve"},
    ],
    ids=[
        "html-entity",
        "html-hex-entities",
        "percent-encoded",
        "cyrillic-path",
        "fullwidth-path",
        "title",
        "title-lookalike-letters",
        "title-fullwidth",
    ],
)
async def test_disguised_approval_requests_refused(
    mcp: McpHarness, hass: HomeAssistant, data: dict[str, Any]
) -> None:
    """Finding 11: a notification from MCP dressed as Home MCP's approval request."""
    result = await call_service(mcp, "persistent_notification.create", data=data)
    await hass.async_block_till_done()
    shown = _async_get_or_create_notifications(hass)
    fakes = [n["title"] or n["message"] for k, n in shown.items() if not k.startswith("home_mcp")]
    assert not fakes, f"it was shown: {fakes}"
    assert_refused(result, risk=None)


async def test_plain_notification_runs(mcp: McpHarness, hass: HomeAssistant) -> None:
    """Findings 11 and 14: an ordinary message still goes through."""
    result = await call_service(
        mcp,
        "persistent_notification.create",
        data={"title": "Laundry", "message": "The laundry is done, see /config/dashboard"},
    )
    assert_ran(result)
    shown = _async_get_or_create_notifications(hass)
    assert [n["title"] for n in shown.values()] == ["Laundry"]


# -- 12. the approval request names what the action does --------------------------


@MODES
async def test_approval_request_names_effective_action(
    mcp: McpHarness, hass: HomeAssistant, mode: str
) -> None:
    """Finding 12: homeassistant.turn_off on a lock is asked as "unlock", not "turn off"."""
    result = await call_service(
        mcp, "homeassistant.turn_off", target={"entity_id": "lock.front_door"}, mode=mode
    )
    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")
    shown = _async_get_or_create_notifications(hass)
    request = shown[f"home_mcp_confirmation_{result['confirmation_id']}"]
    assert request["title"] == "Home MCP asks to unlock Front Door"


# -- 13. the perimeter follows the owner's edits ----------------------------------


async def test_perimeter_follows_config_api_edits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Finding 13: automations saved, edited and deleted while Home MCP runs.

    Before the automation exists the helper is harmless; saved to open the
    garage, turning it on is refused; edited to switch a light, it runs
    again; saved back and then deleted, it runs again. No restart.
    """
    helper = await owner.create_helper("input_boolean", "Late")
    assert helper == "input_boolean.late"
    on = {"entity_id": helper}

    assert_ran(await call_service(mcp, "input_boolean.turn_on", target=on))
    assert state(hass, helper) == "on"
    await owner.act("input_boolean.turn_off", entity_id=helper)

    opening = {
        "alias": "Late opener",
        "triggers": [{"trigger": "state", "entity_id": helper, "to": "on"}],
        "actions": [OPEN_GARAGE],
    }
    await owner.save_automation("late", opening)
    result = await call_service(mcp, "input_boolean.turn_on", target=on)
    await assert_house(hass, {**CLOSED, helper: "off"})
    assert_refused(result, reaching="cover.garage_door")

    await owner.save_automation("late", {**opening, "actions": [BED_LIGHT_ON]})
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target=on))
    await assert_house(hass, {**CLOSED, helper: "on", "light.bed_light": "on"})
    await owner.act("input_boolean.turn_off", entity_id=helper)

    await owner.save_automation("late", opening)
    result = await call_service(mcp, "input_boolean.turn_on", target=on)
    await assert_house(hass, {**CLOSED, helper: "off"})
    assert_refused(result, reaching="cover.garage_door")

    await owner.delete_automation("late")
    assert hass.states.get("automation.late_opener") is None
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target=on))
    await assert_house(hass, {**CLOSED, helper: "on"})


# -- 14. what runs today keeps running ----------------------------------------------


@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("action", "target", "data", "after"),
    [
        pytest.param(
            "light.turn_on",
            {"entity_id": "light.bed_light"},
            None,
            {"light.bed_light": "on"},
            id="light-on",
        ),
        pytest.param(
            "light.turn_off",
            {"entity_id": "light.ceiling_lights"},
            None,
            {"light.ceiling_lights": "off"},
            id="light-off",
        ),
        pytest.param(
            "climate.set_temperature",
            {"entity_id": "climate.heatpump"},
            {"temperature": 22},
            {"climate.heatpump": "heat"},
            id="climate",
        ),
        pytest.param(
            "media_player.media_pause",
            {"entity_id": "media_player.bedroom"},
            None,
            {"media_player.bedroom": "paused"},
            id="media-pause",
        ),
        pytest.param(
            "media_player.volume_set",
            {"entity_id": "media_player.kitchen"},
            {"volume_level": 0.3},
            {"media_player.kitchen": "playing"},
            id="media-volume",
        ),
        pytest.param(
            "media_player.turn_off",
            {"entity_id": "media_player.walkman"},
            None,
            {"media_player.walkman": "off"},
            id="media-off",
        ),
        pytest.param(
            "lock.lock",
            {"entity_id": "lock.kitchen_door"},
            None,
            {"lock.kitchen_door": "locked"},
            id="lock",
        ),
        pytest.param(
            "valve.close_valve",
            {"entity_id": "valve.front_garden"},
            None,
            {"valve.front_garden": "closed"},
            id="close-valve",
        ),
        pytest.param(
            "alarm_control_panel.alarm_arm_away",
            {"entity_id": ALARM},
            {"code": ALARM_CODE},
            {ALARM: "arming"},
            id="arm",
        ),
        pytest.param(
            "scene.turn_on",
            {"entity_id": "scene.romantic"},
            None,
            {"light.bed_light": "on"},
            id="harmless-scene",
        ),
        pytest.param(
            "script.turn_on",
            {"entity_id": "script.bedtime"},
            None,
            {"light.bed_light": "off"},
            id="harmless-script",
        ),
        pytest.param(
            "script.good_night",
            None,
            None,
            {"lock.kitchen_door": "locked", "light.ceiling_lights": "off"},
            id="securing-script",
        ),
        pytest.param(
            "scene.apply",
            None,
            {"entities": {"light.bed_light": "on", "light.kitchen_lights": "off"}},
            {"light.bed_light": "on", "light.kitchen_lights": "off"},
            id="scene-apply-lights",
        ),
        pytest.param(
            "group.set",
            None,
            {"object_id": "reading", "entities": ["light.bed_light", "light.ceiling_lights"]},
            {"group.reading": "on"},
            id="group-set-lights",
        ),
        pytest.param(
            "switch.turn_off",
            {"entity_id": "switch.decorative_lights"},
            None,
            {"switch.decorative_lights": "off"},
            id="switch-off",
        ),
    ],
)
async def test_ordinary_actions_still_run(
    owner: Owner,
    mcp: McpHarness,
    hass: HomeAssistant,
    action: str,
    target: dict[str, Any] | None,
    data: dict[str, Any] | None,
    after: dict[str, str],
) -> None:
    """Finding 14: lights, climate, media, securing actions, the house's harmless macros.

    The owner's editors are set up and an automation that only reads the AC
    relay (to switch a light) exists: nothing of that holds these up.
    """
    await owner.save_automation(
        "ac_light",
        {
            "alias": "Light follows the AC",
            "triggers": [{"trigger": "state", "entity_id": "switch.ac"}],
            "actions": [BED_LIGHT_ON],
        },
    )
    result = await call_service(mcp, action, target=target, data=data)
    assert_ran(result)
    await assert_house(hass, {**LOCKED, **CLOSED, **after})
    if action == "climate.set_temperature":
        heatpump = hass.states.get("climate.heatpump")
        assert heatpump is not None and heatpump.attributes["temperature"] == 22


async def test_helper_read_by_lights_automation_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Finding 14: a helper that only a lights automation reads turns on."""
    helper = await _watched_helper(owner, "Reading time", [BED_LIGHT_ON])
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_ran(result)
    await assert_house(hass, {helper: "on", "light.bed_light": "on", **LOCKED, **CLOSED})


async def test_closing_open_garage_runs(owner: Owner, mcp: McpHarness, hass: HomeAssistant) -> None:
    """Finding 14: closing the garage door, opened by a person, runs."""
    await owner.act("cover.open_cover", entity_id="cover.garage_door")
    result = await call_service(mcp, "cover.close_cover", target={"entity_id": "cover.garage_door"})
    assert_ran(result)
    assert state(hass, "cover.garage_door") in ("closing", "closed")


async def test_group_nobody_watches_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Finding 14: group.set of a light that is on into the owner's group nobody watches."""
    await owner.act("group.set", object_id="quiet", entities=["light.bed_light"])
    await owner.save_automation(
        "lights_only",
        {
            "alias": "Lights follow the quiet group",
            "triggers": [{"trigger": "state", "entity_id": "group.quiet", "to": "on"}],
            "actions": [
                {"action": "light.turn_on", "target": {"entity_id": "light.office_rgbw_lights"}}
            ],
        },
    )
    result = await call_service(
        mcp, "group.set", data={"object_id": "quiet", "add_entities": ["light.ceiling_lights"]}
    )
    assert_ran(result)
    await assert_house(hass, {"group.quiet": "on", **LOCKED, **CLOSED})


# -- 15. what the read tools say agrees with what the action does -----------------


@pytest.mark.parametrize(
    ("service", "entity_id"),
    [
        ("unlock", "lock.front_door"),
        ("open", "lock.openable_lock"),
        ("lock", "lock.kitchen_door"),
    ],
)
async def test_list_services_agrees_with_call_lock(
    mcp: McpHarness, hass: HomeAssistant, service: str, entity_id: str
) -> None:
    """Finding 15: list_services for `lock` says guarded exactly where the call is refused."""
    listed = await mcp.data("list_services", {"domain": "lock", "service": service})
    [row] = listed["items"]
    result = await call_service(mcp, f"lock.{service}", target={"entity_id": entity_id})
    await assert_house(hass, {"lock.front_door": "locked", "lock.openable_lock": "locked"})
    assert row["guarded"] is (result.get("ok") is False), (row, result)


@pytest.mark.parametrize("opening_automation", [True, False])
async def test_list_services_agrees_with_call_watched_helper(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, opening_automation: bool
) -> None:
    """Finding 15: list_services for `input_boolean` when an opening automation reads one.

    With such an automation, turn_on is listed guarded (some helper's
    turn_on opens the garage) and the call on that helper is refused;
    without it, neither.
    """
    helper = await _watched_helper(
        owner, "Garage request", [OPEN_GARAGE] if opening_automation else [BED_LIGHT_ON]
    )
    listed = await mcp.data("list_services", {"domain": "input_boolean", "service": "turn_on"})
    [row] = listed["items"]
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    await assert_house(hass, CLOSED)
    refused = result.get("ok") is False
    assert refused is opening_automation, result
    assert row["guarded"] is refused, row


@pytest.mark.parametrize(
    "macro",
    ["script.porch_relay", "script.unlock_front", "script.good_night", "scene.romantic"],
)
async def test_read_tools_agree_with_running_macro(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, macro: str
) -> None:
    """Finding 15: get_entity, list_macros, call_service and run_macro agree on a macro.

    `script.porch_relay` is finding 3's device action on a relay shown as a lock.
    """
    relay_lock, _ = await _relay_script(owner)
    described = await mcp.data("get_entity", {"entity_id": macro})
    macros = await mcp.data("list_macros", {"limit": 200})
    listed = {m["entity_id"]: m["guarded"] for m in macros["items"]}[macro]
    macro_state = hass.states.get(macro)
    assert macro_state is not None
    name = macro_state.name
    ran_by_name = await mcp.data("run_macro", {"phrase": name})
    assert ran_by_name.get("macro", {}).get("entity_id") == macro, ran_by_name
    called = await call_service(mcp, "homeassistant.turn_on", target={"entity_id": macro})
    refusals = {
        "run_macro": ran_by_name.get("ok") is False,
        "call_service": called.get("ok") is False,
    }
    await assert_house(hass, {**LOCKED, relay_lock: "locked"})
    assert refusals == {"run_macro": listed, "call_service": listed}, (ran_by_name, called)
    assert described["entity"]["guarded"] is listed


async def _choosing_automation(owner: Owner, trigger: dict[str, Any], branches: list[Any]) -> None:
    await owner.save_automation(
        "evening",
        {
            "alias": "Evening",
            "triggers": [trigger],
            "actions": [
                {
                    "choose": [
                        {
                            "conditions": [{"condition": "state", "entity_id": h, "state": "on"}],
                            "sequence": [action],
                        }
                        for h, action in branches
                    ]
                }
            ],
        },
    )


SUNSET = {"trigger": "time", "at": "21:00:00"}
CLOSE_WINDOW = {"action": "cover.close_cover", "target": {"entity_id": "cover.living_room_window"}}
LOCK_FRONT = {"action": "lock.lock", "target": {"entity_id": "lock.front_door"}}


@LINGERING_TIMERS
async def test_what_keeps_an_automation_from_closing_the_blinds_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Closing a window's blinds secures nothing: what keeps it from running is free.

    Opening the blinds is harmless, so keeping an automation from closing
    them is too; keeping one from locking the door waits.
    """
    blinds = await owner.create_helper("input_boolean", "Blinds at night")
    locking = await owner.create_helper("input_boolean", "Lock at night")
    for helper in (blinds, locking):
        await owner.act("input_boolean.turn_on", entity_id=helper)
    await _choosing_automation(owner, SUNSET, [(locking, LOCK_FRONT), (blinds, CLOSE_WINDOW)])
    ran = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": blinds})
    assert ran["ok"] is True, ran
    refused = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": locking})
    assert_refused(refused, reaching="automation.evening")
    assert state(hass, locking) == "on"


@LINGERING_TIMERS
async def test_a_condition_counts_only_for_the_branch_that_secures(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A `choose` whose first branch locks and second lights the porch: the first's counts.

    (An earlier option's conditions count for a later branch that secures:
    when they hold, it does not run.)
    """
    porch = await owner.create_helper("input_boolean", "Porch at night")
    locking = await owner.create_helper("input_boolean", "Lock at night")
    for helper in (porch, locking):
        await owner.act("input_boolean.turn_on", entity_id=helper)
    await _choosing_automation(owner, SUNSET, [(locking, LOCK_FRONT), (porch, BED_LIGHT_ON)])
    ran = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": porch})
    assert ran["ok"] is True, ran
    refused = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": locking})
    assert_refused(refused, reaching="automation.evening")


def _guest(state: str) -> dict[str, Any]:
    return {"condition": "state", "entity_id": "input_boolean.guest_mode", "state": state}


@LINGERING_TIMERS
@pytest.mark.parametrize(
    "conditions",
    [
        {
            "condition": "and",
            "conditions": [_guest("off"), {"condition": "time", "after": "20:00"}],
        },
        [{"or": [_guest("off"), {"condition": "time", "after": "23:00"}]}],
        [{"condition": "not", "conditions": [_guest("on")]}],
        [{"not": [{"condition": "or", "conditions": [_guest("on")]}]}],
    ],
    ids=["and-block", "or", "not", "not-or"],
)
async def test_a_combined_condition_is_read_for_the_states_it_wants(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, conditions: Any
) -> None:
    """Lock at sunset unless guests stay, written as an `and` block, an `or`, a `not`.

    Guest mode turned off leaves the lock its run (heyitsyang's extended
    absence); turned on, it keeps the door from locking: that waits.
    """
    guest = await owner.create_helper("input_boolean", "Guest mode")
    await owner.act("input_boolean.turn_on", entity_id=guest)
    automation = await locks_when(owner, SUNSET, alias="Sunset lock", conditions=conditions)
    assert_ran(await call_service(mcp, "input_boolean.turn_off", target={"entity_id": guest}))
    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    assert_refused(refused, reaching=automation)


@LINGERING_TIMERS
@pytest.mark.parametrize("waits", [True, False], ids=["waited-for", "started"])
async def test_a_condition_step_in_a_script_a_locking_automation_runs_is_read_for_its_states(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, waits: bool
) -> None:
    """At sunset, "nobody home": only while guest mode is off, lock (heyitsyang's departure).

    Turning guest mode off leaves the script its lock: it runs; turning it
    on ends the script before the lock: that waits.
    """
    guest = await owner.create_helper("input_boolean", "Guest mode")
    await owner.act("input_boolean.turn_on", entity_id=guest)
    await owner.save_script(
        "nobody_home",
        {"alias": "Nobody home", "sequence": [_guest("off"), LOCK_FRONT]},
    )
    run = (
        {"action": "script.nobody_home"}
        if waits
        else {"action": "script.turn_on", "target": {"entity_id": "script.nobody_home"}}
    )
    automation = await owner.save_automation(
        "departure",
        {"alias": "Departure", "triggers": [SUNSET], "actions": [run]},
    )
    assert_ran(await call_service(mcp, "input_boolean.turn_off", target={"entity_id": guest}))
    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guest})
    assert_refused(refused, reaching=automation)


async def test_what_fires_an_automation_and_alone_decides_its_branch_is_no_weakening(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A "when sleep mode changes, lock if it is on" automation: turning it off stops no lock.

    Each change of the helper runs the automation on the state it leaves;
    the next "on" locks as before.
    """
    sleep = await owner.create_helper("input_boolean", "Sleep mode")
    await owner.act("input_boolean.turn_on", entity_id=sleep)
    await _choosing_automation(
        owner, {"trigger": "state", "entity_id": sleep}, [(sleep, LOCK_FRONT)]
    )
    ran = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": sleep})
    assert ran["ok"] is True, ran


# -- red team, issue 30: what can end a run before it locks or opens ------------

ATTACK = pytest.mark.parametrize("attack", [False, True], ids=["owner-alone", "client-call"])
"""`owner-alone`: the house as its owner runs it locks the door (passes); `client-call`:
the client's one call, which the gate should refuse, leaves it unlocked (fails today)."""


@pytest.fixture
def evening(hass: HomeAssistant, freezer: FrozenDateTimeFactory) -> Clock:
    """Tomorrow, 22:00 local, on a frozen clock (set before tokens are issued)."""
    day = (dt_util.now() + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    clock = Clock(hass, freezer, day)
    clock.move_to(22)
    return clock


async def _unlocked_front_door(owner: Owner, hass: HomeAssistant) -> None:
    """Unlock the front door as the owner does in Home Assistant (the family is still up)."""
    await owner.act("lock.unlock", entity_id="lock.front_door")
    assert state(hass, "lock.front_door") == "unlocked"


@ATTACK
async def test_a_step_a_client_can_make_fail_before_the_lock_is_what_the_lock_depends_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, attack: bool
) -> None:
    """Owner's automation "Good night": heating to the night temperature (a slider), then lock the door.

    The slider's range (0-100, the Helpers page's default) is wider than the
    thermostat's (7-35 °C). Setting it to 90 over MCP runs; at bedtime
    `climate.set_temperature` raises (temperature out of range), the run
    stops there, and the front door stays unlocked all night. The slider is
    read only by a step that secures nothing (`Judge.step`): neither an
    input nor a securing read, so not a dependency of the lock-up.
    """
    night = await owner.create_helper(
        "input_number", "Night temperature", min=0, max=100, step=1, initial=18
    )
    bedtime = await locks_at_bedtime(
        owner,
        {
            "action": "climate.set_temperature",
            "target": {"entity_id": "climate.hvac"},
            "data": {"temperature": f"{{{{ states('{night}') | float }}}}"},
        },
        alias="Good night",
    )
    await _unlocked_front_door(owner, hass)

    if attack:
        result = await call_service(
            mcp, "input_number.set_value", target={"entity_id": night}, data={"value": 90}
        )
        if result.get("ok") is False:
            assert_refused(result)

    await owner.act("input_boolean.turn_on", entity_id=bedtime)  # The owner goes to bed.
    await assert_house(hass, LOCKED)


@ATTACK
async def test_a_step_that_continues_on_error_but_fails_validation_before_the_lock_is_what_the_lock_depends_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, attack: bool
) -> None:
    """Owner's "Good night": copy the night temperature slider to the heating setpoint, then lock.

    The owner marked the copy `continue_on_error: true` so that a failed step
    never keeps the door unlocked. Home Assistant's `continue_on_error` lets
    Home Assistant errors pass, not invalid data (`vol.Invalid`, a
    configuration error): the setpoint helper (7-35) refuses 90 with
    `vol.Invalid`, the run stops there, and the front door stays unlocked.
    """
    night = await owner.create_helper(
        "input_number", "Night temperature", min=0, max=100, step=1, initial=18
    )
    setpoint = await owner.create_helper(
        "input_number", "Heating setpoint", min=7, max=35, step=0.5, initial=20
    )
    bedtime = await locks_at_bedtime(
        owner,
        {
            "action": "input_number.set_value",
            "target": {"entity_id": setpoint},
            "data": {"value": f"{{{{ states('{night}') | float }}}}"},
            "continue_on_error": True,
        },
        alias="Good night",
    )
    await _unlocked_front_door(owner, hass)

    if attack:
        result = await call_service(
            mcp, "input_number.set_value", target={"entity_id": night}, data={"value": 90}
        )
        if result.get("ok") is False:
            assert_refused(result)

    await owner.act("input_boolean.turn_on", entity_id=bedtime)  # The owner goes to bed.
    await assert_house(hass, LOCKED)


@ATTACK
async def test_a_message_whose_template_a_client_can_make_fail_before_the_lock_is_what_the_lock_depends_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, attack: bool
) -> None:
    """Owner's automation "Good night": tell the house how bright the night light is left, then lock.

    A message takes any text, but its template is rendered before the call:
    `(state_attr('light.bed_light', 'brightness') / 255 * 100) | round` fails
    when the light is off (no brightness), the notification step raises,
    the run stops there, and the front door stays unlocked all night.
    Turning the light off over MCP is a light: it runs.
    """
    await owner.act("light.turn_on", entity_id="light.bed_light", brightness=40)
    bedtime = await locks_at_bedtime(
        owner,
        {
            "action": "persistent_notification.create",
            "data": {
                "title": "Good night",
                "message": "Night light left at {{ (state_attr('light.bed_light', "
                "'brightness') / 255 * 100) | round }} %; locking up.",
            },
        },
        alias="Good night",
    )
    await _unlocked_front_door(owner, hass)

    if attack:
        result = await call_service(mcp, "light.turn_off", target={"entity_id": "light.bed_light"})
        if result.get("ok") is False:
            assert_refused(result)

    await owner.act("input_boolean.turn_on", entity_id=bedtime)  # The owner goes to bed.
    await assert_house(hass, LOCKED)


async def test_a_stop_in_a_called_script_before_its_own_lock_keeps_it_from_securing(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Owner's "Bedtime" runs "Lock up", then locks the kitchen door.

    "Lock up" stops when guests stay, else locks the front door. The `stop`
    ends the script's run, and with it the front door's lock,
    though the kitchen door still locks after it: turning guest mode on over
    MCP is refused.
    """
    guests = await owner.create_helper("input_boolean", "Guest mode")
    await owner.save_script(
        "lock_up",
        {
            "alias": "Lock up",
            "sequence": [
                {
                    "if": [{"condition": "state", "entity_id": guests, "state": "on"}],
                    "then": [{"stop": "Guests are staying"}],
                },
                LOCK_FRONT,
            ],
        },
    )
    await helper_runs(
        owner,
        "Bedtime",
        {"action": "script.lock_up"},
        {"action": "lock.lock", "target": {"entity_id": "lock.kitchen_door"}},
    )
    await _unlocked_front_door(owner, hass)

    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": guests})

    assert_refused(result, reaching="automation.bedtime")
    assert state(hass, guests) == "off"


@ATTACK
async def test_a_call_a_client_can_make_fail_in_a_called_script_stops_its_caller(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, attack: bool
) -> None:
    """Owner's "Bedtime": `script.warm_up` (the night temperature from a slider), then lock.

    The slider (0-100) is wider than the thermostat (7-35 °C): set to 90,
    `climate.set_temperature` raises in the script, the error ends the
    automation's run too (it waits for the script), and the door stays
    unlocked. Setting the slider over MCP is refused.
    """
    night = await owner.create_helper(
        "input_number", "Night temperature", min=0, max=100, step=1, initial=18
    )
    await owner.save_script(
        "warm_up",
        {
            "alias": "Warm up",
            "sequence": [
                {
                    "action": "climate.set_temperature",
                    "target": {"entity_id": "climate.hvac"},
                    "data": {"temperature": f"{{{{ states('{night}') | float }}}}"},
                }
            ],
        },
    )
    bedtime = await locks_at_bedtime(owner, {"action": "script.warm_up"})
    await _unlocked_front_door(owner, hass)

    if attack:
        result = await call_service(
            mcp, "input_number.set_value", target={"entity_id": night}, data={"value": 90}
        )
        if result.get("ok") is False:
            assert_refused(result, reaching="automation.bedtime")

    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


@ATTACK
@pytest.mark.parametrize("where", ["script", "step"])
async def test_variables_a_client_can_make_fail_in_a_script_a_securing_run_calls_are_what_it_depends_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, where: str, attack: bool
) -> None:
    """Owner's "Bedtime": `script.announce` (which waits for it), then lock the front door.

    "Announce" notes the speaker's volume in its `variables:` (the script's
    own, or a `variables` step) before it speaks. Home Assistant runs a
    called script as a run of its own, but an error rendering its variables
    is an exception, raised to the caller: `volume_level * 100` fails once
    the speaker is off (it has no volume then), and "Bedtime" stops before
    the lock. Turning the speaker off over MCP runs; at bedtime the door
    stays unlocked.
    """
    speaker = "media_player.living_room"
    volume = {"volume": f"{{{{ (state_attr('{speaker}', 'volume_level') * 100) | int }}}}"}
    say = note("{{ message }} (at {{ volume }} %)")
    script: dict[str, Any] = {"alias": "Announce", "fields": {"message": {}}}
    if where == "script":
        script |= {"variables": volume, "sequence": [say]}
    else:
        script |= {"sequence": [{"variables": volume}, say]}
    await owner.save_script("announce", script)
    bedtime = await locks_at_bedtime(
        owner, {"action": "script.announce", "data": {"message": "Locking up"}}
    )
    await _unlocked_front_door(owner, hass)
    assert hass.states.get(speaker).attributes.get("volume_level") is not None

    if attack:
        result = await call_service(mcp, "media_player.turn_off", target={"entity_id": speaker})
        if result.get("ok") is False:
            assert_refused(result)

    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


async def test_a_logbook_entry_reading_a_device_before_the_lock_is_no_dependency(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Owner's "Bedtime" logs what the living room plays, then locks: the log takes any text.

    `logbook.log`'s name and message are text: what its template reads
    cannot make it fail. Turning the living room off over MCP runs.
    """
    player = "media_player.living_room"
    await locks_at_bedtime(
        owner,
        {
            "action": "logbook.log",
            "data": {
                "name": "Bedtime",
                "message": "{{ 'playing ' ~ state_attr('" + player + "', 'media_title') }}",
            },
        },
    )

    assert_ran(await call_service(mcp, "media_player.turn_off", target={"entity_id": player}))


@pytest.mark.parametrize(
    "text",
    [
        "{{ (state_attr('light.bed_light', 'brightness') | float(0) / 255 * 100) | round }} %",
        "{{ state_attr('light.bed_light', 'brightness') | default('off') }}",
        "{{ states('light.bed_light') }} ({{ state_attr('light.bed_light', 'brightness') }})",
    ],
    ids=["float-default", "default", "as-text"],
)
async def test_a_message_whose_template_cannot_fail_before_the_lock_is_no_dependency(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, text: str
) -> None:
    """Owner's "Good night" tells how bright the night light is left, then locks.

    Its template reads the light in a way no state of it makes fail (a
    number with a default, a default, the text as it is): turning the light
    off over MCP runs, and at bedtime the door still locks.
    """
    await owner.act("light.turn_on", entity_id="light.bed_light", brightness=40)
    bedtime = await locks_at_bedtime(
        owner,
        {
            "action": "persistent_notification.create",
            "data": {"title": "Good night", "message": f"Night light: {text}"},
        },
        alias="Good night",
    )
    await _unlocked_front_door(owner, hass)

    assert_ran(await call_service(mcp, "light.turn_off", target={"entity_id": "light.bed_light"}))

    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


@ATTACK
@pytest.mark.parametrize(
    "read",
    [
        "{{{{ states('{guests}') | int }}}}",
        "{{{{ states('{guests}') | from_json }}}}",
        "{{% set guests = states('{guests}') %}}{{{{ guests | int }}}}",
    ],
    ids=["int", "from_json", "named-int"],
)
async def test_a_message_reading_a_text_a_client_can_make_fail_before_the_lock_is_what_the_lock_depends_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, read: str, attack: bool
) -> None:
    """Owner's "Good night" says how many guests stay (a text helper), then locks.

    `states('input_text.guests') | int` (or `| from_json`, or `| int` of a
    name set from it) raises once the text is no number: the notification's
    step fails, the run stops there and the door stays unlocked. Writing the
    text over MCP is refused.
    """
    guests = await owner.create_helper("input_text", "Guests", initial="2")
    bedtime = await locks_at_bedtime(
        owner, note(read.format(guests=guests) + " guests tonight"), alias="Good night"
    )
    await _unlocked_front_door(owner, hass)

    if attack:
        result = await call_service(
            mcp, "input_text.set_value", target={"entity_id": guests}, data={"value": "two"}
        )
        if result.get("ok") is False:
            assert_refused(result)

    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


NOT_FINITE = {
    "int": ("input_number", "nan", "{{ states('HELPER') | float(0) | int }} guests tonight"),
    "int-default": (
        "input_text",
        "inf",
        "{{ states('HELPER') | float(0) | int(0) }} guests tonight",
    ),
    "percent": ("input_number", "nan", "{{ (states('HELPER') | float(0) * 100) | int }} %"),
    "round": ("input_text", "1e999", "{{ states('HELPER') | round(0, default=0) }} guests tonight"),
    "format": ("input_text", "-inf", "{{ '%d' % (states('HELPER') | float(0)) }} guests tonight"),
    "timestamp": ("input_text", "inf", "Back at {{ states('HELPER') | as_datetime(None) }}"),
    "int-function": ("input_text", "1e999", "{{ int(states('HELPER') | float(0), 0) }} guests"),
}
"""A message reading a helper a client can set to "nan" or "inf" (an input_number's
`set_value` compares the value with its range, which nan passes; a text takes any)
as a number, then as a whole one, a time or `%d`: `int`, `round` to a whole, a
timestamp and `%d` raise on nan or infinity, `| float(0)`'s default or theirs aside."""


@pytest.mark.redteam(round=43)
@ATTACK
@pytest.mark.parametrize("read", list(NOT_FINITE))
async def test_a_number_a_client_can_make_nan_or_infinite_made_whole_before_the_lock_is_what_the_lock_depends_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, read: str, attack: bool
) -> None:
    """Owner's "Good night" says how many guests stay (a helper read as a number), then locks.

    `states(helper) | float(0)` is a number whatever the helper holds, but
    "nan" and "inf" are numbers too: `| int`, `| round`, `as_datetime` or
    `'%d' %` of one raises, the notification's step fails, the run stops
    there and the door stays unlocked. Setting the helper over MCP waits
    for a person.
    """
    domain, value, message = NOT_FINITE[read]
    assert await async_setup_component(hass, domain, {})
    fields = {"min": 0, "max": 10, "step": 1, "initial": 2} if domain == "input_number" else {}
    helper = await owner.create_helper(domain, "Guests", **fields)
    if domain == "input_text":
        await owner.act("input_text.set_value", entity_id=helper, value="2")
    bedtime = await locks_at_bedtime(
        owner, note(message.replace("HELPER", helper)), alias="Good night"
    )
    await _unlocked_front_door(owner, hass)

    if attack:
        result = await call_service(
            mcp, f"{domain}.set_value", target={"entity_id": helper}, data={"value": value}
        )
        if result.get("ok") is False:
            assert_refused(result)
        else:
            assert state(hass, helper) == str(float(value)) if domain == "input_number" else value

    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


FINITE = {
    "text-as-whole": ("input_text", "inf", "{{ states('HELPER') | int(0) }} guests tonight"),
    "one-decimal": ("input_number", "nan", "{{ states('HELPER') | float(0) | round(1) }} guests"),
    "as-number": ("input_text", "nan", "{{ states('HELPER') | float(0) * 2 }} towels"),
    "decimal-format": ("input_text", "inf", "{{ '%.1f' % (states('HELPER') | float(0)) }} guests"),
}
"""A message reading a helper a client can set to "nan" or "inf" in a way neither makes
raise: text made whole with a default (`int` gives its default for "inf" text), a
number rounded to a decimal, computed with or written with decimals."""


@pytest.mark.parametrize("read", list(FINITE))
async def test_a_number_nan_or_infinity_cannot_make_fail_before_the_lock_is_no_dependency(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, read: str
) -> None:
    """Owner's "Good night" says how many guests stay in a way no value of the helper makes fail.

    Setting the helper to "nan" or "inf" over MCP runs, and at bedtime the
    door still locks.
    """
    domain, value, message = FINITE[read]
    assert await async_setup_component(hass, domain, {})
    fields = {"min": 0, "max": 10, "step": 1, "initial": 2} if domain == "input_number" else {}
    helper = await owner.create_helper(domain, "Guests", **fields)
    bedtime = await locks_at_bedtime(
        owner, note(message.replace("HELPER", helper)), alias="Good night"
    )
    await _unlocked_front_door(owner, hass)

    assert_ran(
        await call_service(
            mcp, f"{domain}.set_value", target={"entity_id": helper}, data={"value": value}
        )
    )

    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


async def test_variables_no_state_makes_fail_in_a_script_a_securing_run_calls_are_no_dependency(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Owner's "Bedtime": `script.announce`, then lock; "Announce" notes the volume with a default.

    `(state_attr(speaker, 'volume_level') | float(0) * 100) | int` is 0 for
    a speaker that is off: turning it off over MCP runs, and the door locks.
    """
    speaker = "media_player.living_room"
    volume = f"{{{{ (state_attr('{speaker}', 'volume_level') | float(0) * 100) | int }}}}"
    await owner.save_script(
        "announce",
        {
            "alias": "Announce",
            "fields": {"message": {}},
            "variables": {"volume": volume},
            "sequence": [
                {"variables": {"loud": "{{ volume > 50 }}"}},
                note("{{ message }} (at {{ volume }} %, loud: {{ loud }})"),
            ],
        },
    )
    bedtime = await locks_at_bedtime(
        owner, {"action": "script.announce", "data": {"message": "Locking up"}}
    )
    await _unlocked_front_door(owner, hass)

    assert_ran(await call_service(mcp, "media_player.turn_off", target={"entity_id": speaker}))

    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


SHOPPING = {"entity_id": "todo.shopping_list"}
FIRST_ITEM = "{{ items['todo.shopping_list']['items'][0].summary }}"


async def _shopping_before_bed(owner: Owner, *steps: dict[str, Any]) -> str:
    """Save "Bedtime": it reads the shopping list (`items`), runs `steps`, and locks.

    The list holds "Milk". Return the helper that starts it.
    """
    await owner.act("todo.add_item", entity_id="todo.shopping_list", item="Milk")
    get_items = {"action": "todo.get_items", "target": SHOPPING, "response_variable": "items"}
    return await helper_runs(owner, "Bedtime", get_items, *steps)


@pytest.mark.redteam(round=43)
@pytest.mark.usefixtures("shopping_list")
@pytest.mark.parametrize(
    "before",
    [
        note("Buy " + FIRST_ITEM),
        {
            "condition": "template",
            "value_template": "{{ items['todo.shopping_list']['items'] | count > 0 }}",
        },
    ],
    ids=["message", "condition"],
)
async def test_emptying_the_list_a_locking_run_reads_before_the_lock_is_refused(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, before: dict[str, Any]
) -> None:
    """Bedtime's response `items` is the shopping list's: emptied, the run ends before the lock.

    Its first item's summary (`[0].summary`) raises on an empty list; a
    condition on how many there are fails: either way the door stays
    unlocked. Removing the item over MCP is refused.
    """
    bedtime = await _shopping_before_bed(owner, before, LOCK_FRONT)
    await _unlocked_front_door(owner, hass)
    removed = await call_service(mcp, "todo.remove_item", target=SHOPPING, data={"item": "Milk"})
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)
    assert_refused(removed)


@pytest.mark.usefixtures("shopping_list")
async def test_emptying_the_list_a_locking_run_reads_after_the_lock_runs(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness
) -> None:
    """Read only once the door is locked, the list is free to change."""
    bedtime = await _shopping_before_bed(owner, LOCK_FRONT, note("Buy " + FIRST_ITEM))
    await _unlocked_front_door(owner, hass)
    assert_ran(await call_service(mcp, "todo.remove_item", target=SHOPPING, data={"item": "Milk"}))
    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


LED_LIGHTS = """
{% set found = namespace(lights=[]) %}
{% set given = target.entity_id | default([]) %}
{% for light in (given.split(',') if given is string else given) %}
  {% if 'Blue' in device_attr(light, 'model') | default('', true) %}
    {% set found.lights = found.lights + [light | trim] %}
  {% endif %}
{% endfor %}
{% for area in floor_areas('ground') %}
  {% for light in area_entities(area) if light.split('.')[0] == 'light' %}
    {% set found.lights = found.lights + [light] %}
  {% endfor %}
{% endfor %}
{{ found.lights | unique | list }}
"""
"""A switch-LED script's `variables:`: the lights it is given, and those of a floor, kept
when their device is of one model (loops over the caller's data and the registries)."""


@pytest.mark.parametrize("level", ["", " | int"], ids=["registries", "text-as-number"])
async def test_variables_reading_only_the_caller_s_data_and_the_registries_are_no_dependency(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, level: str
) -> None:
    """Owner's "Bedtime": `script.led` flashes the bedroom switch's LED, then locks.

    "LED" finds its lights by looping over the `target` it is given and the
    areas of a floor, keeping those whose device is of one model: no action
    changes the registries, and the loops fail, if at all, whatever the
    house's states. Turning a light off over MCP runs, and the door locks.
    Its brightness read from a text as a number (`| int`) fails once the
    text is no number: writing the text waits for a person.
    """
    brightness = await owner.create_helper("input_text", "LED brightness", initial="40")
    await owner.save_script(
        "led",
        {
            "alias": "LED",
            "fields": {"target": {}},
            "variables": {
                "lights": LED_LIGHTS,
                "brightness": f"{{{{ states('{brightness}'){level} }}}}",
            },
            "sequence": [note("LED on {{ lights }} at {{ brightness }}")],
        },
    )
    bedtime = await locks_at_bedtime(
        owner, {"action": "script.led", "data": {"target": {"entity_id": "light.bed_light"}}}
    )
    await _unlocked_front_door(owner, hass)

    assert_ran(await call_service(mcp, "light.turn_off", target={"entity_id": "light.bed_light"}))
    written = await call_service(
        mcp, "input_text.set_value", target={"entity_id": brightness}, data={"value": "dim"}
    )
    if level:
        assert_refused(written)
    else:
        assert_ran(written)

    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


GUESTS_AS_NUMBER = {
    "int": "{{ guests | int }} guests tonight",
    "float": "{{ (guests | float * 1.5) | round }} towels",
    "minutes": "Wake-up at {{ (now() + timedelta(minutes=guests)).strftime('%H:%M') }}",
}
"""A message reading, as a number, the guests a run noted earlier (`guests`)."""


async def _guests_noted(
    hass: HomeAssistant,
    owner: Owner,
    where: str,
    guests: str,
    message: str,
    *,
    after: bool = False,
) -> tuple[str, str]:
    """Build "Good night": note the guests, say `message`, lock; return (text helper, bedtime).

    `guests` (a template, `GUESTS` for the text helper's id) is noted in the
    automation's own `variables:` (`automation`), a `variables` step of its
    actions (`step`) or the own `variables:` of the script it runs to lock
    (`script`), or given as a field to that script (`field`) or to a script
    that only says `message` (`announced`). A later step says `message`
    (which reads it), before the
    front door locks, or once it is locked (`after`).
    """
    text = await owner.create_helper("input_text", "Guests", initial="2")
    noted = {"guests": guests.replace("GUESTS", text)}
    say = note(message)
    steps: list[Any] = [LOCK_FRONT, say] if after else [say, LOCK_FRONT]
    if where == "script":
        await owner.save_script(
            "lock_up", {"alias": "Lock up", "variables": noted, "sequence": steps}
        )
        steps = [{"action": "script.lock_up"}]
    elif where == "field":
        script = {"alias": "Lock up", "fields": {"guests": {}}, "sequence": steps}
        await owner.save_script("lock_up", script)
        steps = [{"action": "script.lock_up", "data": noted}]
    elif where == "announced":
        script = {"alias": "Say", "fields": {"guests": {}}, "sequence": steps[:1]}
        await owner.save_script("say", script)
        steps = [{"action": "script.say", "data": noted}, *steps[1:]]
    elif where == "step":
        steps = [{"variables": noted}, *steps]
    bedtime = await owner.create_helper("input_boolean", "Bedtime")
    automation: dict[str, Any] = {
        "alias": "Good night",
        "triggers": [{"trigger": "state", "entity_id": bedtime, "to": "on"}],
        "actions": steps,
    }
    if where == "automation":
        automation["variables"] = noted
    await owner.save_automation("good_night", automation)
    await _unlocked_front_door(owner, hass)
    return text, bedtime


@ATTACK
@pytest.mark.parametrize("use", list(GUESTS_AS_NUMBER))
@pytest.mark.parametrize("where", ["script", "field", "announced", "step", "automation"])
async def test_a_text_noted_in_variables_read_as_a_number_before_the_lock_is_what_the_lock_depends_on(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, where: str, use: str, attack: bool
) -> None:
    """Owner's "Good night" notes the guests (a text helper) in variables, says how many, locks.

    `guests: "{{ states('input_text.guests') }}"` renders as Home Assistant
    parses a result: "2" is the number 2, "two" stays text. A later step's
    `{{ guests | int }}` (or `| float`, `timedelta(minutes=guests)`) then
    raises, the run stops before the lock, and the front door stays
    unlocked all night. Noted in the script "Good night" runs to lock up
    (whose own `variables:` are no input of the automation), given to it
    or to a script that says it as a field, in a `variables` step or in the
    automation's own `variables:`: writing the text over MCP waits for a
    person.
    """
    text, bedtime = await _guests_noted(
        hass, owner, where, "{{ states('GUESTS') }}", GUESTS_AS_NUMBER[use]
    )

    if attack:
        result = await call_service(
            mcp, "input_text.set_value", target={"entity_id": text}, data={"value": "two"}
        )
        if result.get("ok") is False:
            assert_refused(result)

    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    ("where", "guests", "message", "after"),
    [
        ("script", "2", GUESTS_AS_NUMBER["int"], False),
        ("script", "{{ states('GUESTS') }}", "{{ guests | int(0) }} guests, {{ guests }}", False),
        ("script", "{{ states('GUESTS') | int(0) }}", "{{ guests * 2 }}, {{ guests > 4 }}", False),
        ("announced", "{{ states('GUESTS') | int(0) }}", "{{ guests * 2 }} towels", False),
        ("script", "{{ states('GUESTS') }}", GUESTS_AS_NUMBER["int"], True),
    ],
    ids=["literal", "default", "noted-as-number", "given-as-number", "after-the-lock"],
)
async def test_a_text_noted_in_variables_that_cannot_fail_before_the_lock_is_no_dependency(
    hass: HomeAssistant,
    owner: Owner,
    mcp: McpHarness,
    where: str,
    guests: str,
    message: str,
    after: bool,
) -> None:
    """Owner's "Good night" runs "Lock up", which notes the guests, says how many and locks.

    Noted as written (`2`), read with a default (`| int(0)`), noted (or
    given by "Good night" to a script that says it) as a number already
    (`| int(0)`: `guests * 2` is a number), or said only once the door is
    locked: no text makes the run stop before the lock. Writing the text
    over MCP runs, and at bedtime the door locks.
    """
    text, bedtime = await _guests_noted(hass, owner, where, guests, message, after=after)

    assert_ran(
        await call_service(
            mcp, "input_text.set_value", target={"entity_id": text}, data={"value": "two"}
        )
    )

    await owner.act("input_boolean.turn_on", entity_id=bedtime)
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
@ATTACK
async def test_a_condition_on_what_one_trigger_watches_counts_for_the_others(
    evening: Clock, hass: HomeAssistant, owner: Owner, mcp: McpHarness, attack: bool
) -> None:
    """Owner's automation "Lock at 23:00, or when night mode comes on; only in night mode".

    Two triggers: a time (which names no entity) and night mode turning
    on; the condition checks night mode. `securing.dependencies` drops a
    check on what alone fires the automation (`fired == {key}`), but the
    time trigger fires it too, with night mode as it was left: turning it
    off at 22:00 over MCP runs, and at 23:00 the door is not locked.
    """
    night = await owner.create_helper("input_boolean", "Night mode")
    await owner.act("input_boolean.turn_on", entity_id=night)
    await locks_when(
        owner,
        {"trigger": "time", "at": "23:00:00"},
        {"trigger": "state", "entity_id": night, "to": "on"},
        alias="Nightly lock",
        conditions=[{"condition": "state", "entity_id": night, "state": "on"}],
    )
    await _unlocked_front_door(owner, hass)

    if attack:
        result = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": night})
        if result.get("ok") is False:
            assert_refused(result)

    evening.move_to(23, 1)
    await assert_house(hass, LOCKED)


@pytest.fixture
def early(hass: HomeAssistant, freezer: FrozenDateTimeFactory) -> Clock:
    """Tomorrow, 09:00 local, on a frozen clock (set before tokens are issued)."""
    day = (dt_util.now() + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    clock = Clock(hass, freezer, day)
    clock.move_to(9)
    return clock


@LINGERING_TIMERS
@pytest.mark.parametrize(
    "skip",
    [
        [
            {
                "if": [
                    {"condition": "state", "entity_id": "input_boolean.vacation", "state": "on"}
                ],
                "then": [
                    note("No cleaner"),
                    {"stop": "We are away"},
                ],
            }
        ],
        [
            {
                "choose": [
                    {
                        "conditions": [
                            {
                                "condition": "state",
                                "entity_id": "input_boolean.vacation",
                                "state": "on",
                            }
                        ],
                        "sequence": [{"stop": "We are away"}],
                    }
                ]
            }
        ],
    ],
    ids=["if-then-stop", "choose-stop"],
)
async def test_a_branch_that_stops_the_run_before_an_unlock_is_its_input(
    early: Clock, hass: HomeAssistant, owner: Owner, mcp: McpHarness, skip: list[dict]
) -> None:
    """Owner's automation "Let the cleaner in at 09:30, unless we are on vacation".

    The vacation check is an `if` (or a `choose` option) whose branch only
    notifies and stops: it can do nothing guarded, so its condition is not
    an input (`Judge.branch` hands a branch's reads on only when the branch
    itself finds something guarded), yet it alone keeps the unlock after it
    from running. Turning vacation mode off over MCP runs; at 09:30 the
    front door unlocks, in the automation's own context (no tripwire).
    """
    vacation = await owner.create_helper("input_boolean", "Vacation")
    assert vacation == "input_boolean.vacation"
    await owner.act("input_boolean.turn_on", entity_id=vacation)
    await owner.save_automation(
        "cleaner",
        {
            "alias": "Let the cleaner in",
            "triggers": [{"trigger": "time", "at": "09:30:00"}],
            "actions": [
                *skip,
                {"action": "lock.unlock", "target": {"entity_id": "lock.front_door"}},
            ],
        },
    )
    assert state(hass, "lock.front_door") == "locked"

    result = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": vacation})

    early.move_to(9, 31)
    await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")


# -- what a change sets off: the states it leaves (issue 30, real houses) -------


@LINGERING_TIMERS
async def test_leaving_the_condition_of_a_timed_disarm_false_runs(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """At 10:00 disarm if a helper is on: turning the helper off runs, and nothing disarms.

    (geekofweek: the thermostat turned "out of town" on, which only keeps the
    7 a.m. reset of its overrides from running.)
    """
    helper = await owner.create_helper("input_boolean", "Cleaner today")
    await owner.save_automation(
        "cleaner_at_ten",
        {
            "alias": "Disarm for the cleaner at ten",
            "triggers": [{"trigger": "time", "at": "10:00:00"}],
            "conditions": [{"condition": "state", "entity_id": helper, "state": "on"}],
            "actions": [DISARM],
        },
    )
    await arm(hass, morning.freezer, "alarm_arm_away")
    assert_ran(await call_service(mcp, "input_boolean.turn_off", target={"entity_id": helper}))
    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(refused, reaching=ALARM)
    morning.move_to(10, 1)
    await assert_house(hass, {ALARM: "armed_away"})


async def test_a_change_no_trigger_fires_on_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """An automation unlocking when a helper turns on: turning it off runs, on waits."""
    helper = await owner.create_helper("input_boolean", "Cleaner here")
    await owner.act("input_boolean.turn_on", entity_id=helper)
    await unlocks_when(
        owner,
        {"trigger": "state", "entity_id": helper, "to": "on"},
        alias="Let the cleaner in",
        automation_id="cleaner_here",
    )
    assert_ran(await call_service(mcp, "input_boolean.turn_off", target={"entity_id": helper}))
    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
async def test_a_helper_an_unlocking_run_waits_for_counts_whatever_its_conditions(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """A run that starts while the helper is on, then waits for it to go off to unlock.

    Read as it runs, the helper's change to "off" is what unlocks: it waits,
    though the automation's condition wants it on.
    """
    helper = await owner.create_helper("input_boolean", "Cleaner expected")
    await owner.act("input_boolean.turn_on", entity_id=helper)
    await owner.save_automation(
        "cleaner_leaves",
        {
            "alias": "Unlock once the cleaner is no longer expected",
            "triggers": [{"trigger": "time_pattern", "minutes": "/5"}],
            "conditions": [{"condition": "state", "entity_id": helper, "state": "on"}],
            "actions": [
                {"wait_template": f"{{{{ is_state('{helper}', 'off') }}}}"},
                UNLOCK_FRONT,
            ],
        },
    )
    refused = await call_service(mcp, "input_boolean.turn_off", target={"entity_id": helper})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
async def test_what_only_sets_what_a_locking_automation_waits_for_is_no_weakening(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """An automation turning guest mode off at dusk sets off one locking when it is off.

    Turning guest mode off keeps the first from running, and does what it
    would: the door locks (jlpouffier's guest notification).
    """
    guest = await guest_mode_ending_at(owner, SUNSET)
    await locks_when(
        owner,
        {"trigger": "state", "entity_id": guest, "to": "off"},
        alias="Lock up after the guests",
        automation_id="lock_up",
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")
    assert_ran(await call_service(mcp, "input_boolean.turn_off", target={"entity_id": guest}))
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
async def test_an_earlier_option_s_condition_made_false_is_no_weakening(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """`choose`: porch light if the porch helper is on, else lock if locking is on.

    The porch helper off leaves the lock its turn: it runs. On, it takes the
    lock's turn: it waits (jlpouffier's dog mode).
    """
    porch = await owner.create_helper("input_boolean", "Porch at night")
    locking = await owner.create_helper("input_boolean", "Lock at night")
    await owner.act("input_boolean.turn_on", entity_id=locking)
    await _choosing_automation(owner, SUNSET, [(porch, BED_LIGHT_ON), (locking, LOCK_FRONT)])
    assert_ran(await call_service(mcp, "input_boolean.turn_off", target={"entity_id": porch}))
    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": porch})
    assert_refused(refused, reaching="automation.evening")


# -- moved from red-team round 34: a state condition whose `state` names a helper ----


@pytest.mark.redteam(round=34)
@LINGERING_TIMERS
async def test_a_condition_comparing_a_toggle_with_a_helper_is_met_by_either_state(
    morning: Clock, owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """At ten, unlock for the cleaner if the confirmation matches the booking.

    A `state` condition's `state` may name an `input_*` helper: the entity
    must be in that helper's state (helpers/condition.py). The gate read the
    helper's id as the state the condition requires (`wiring._held`), which
    no change can leave the entity in: turning the confirmation on "sets
    nothing off". At ten the door unlocks.
    """
    booked = await owner.create_helper("input_boolean", "Cleaner booked")
    confirmed = await owner.create_helper("input_boolean", "Cleaner confirmed")
    await owner.act("input_boolean.turn_on", entity_id=booked)
    await unlocks_when(
        owner,
        {"trigger": "time", "at": "10:00:00"},
        alias="Let the confirmed cleaner in at ten",
        automation_id="cleaner_at_ten",
        conditions=[{"condition": "state", "entity_id": confirmed, "state": booked}],
    )

    called = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": confirmed})

    assert_refused(called, reaching="lock.front_door")
    morning.move_to(10, 1)
    await assert_house(hass, LOCKED)


# -- a caller's run of a script a locking automation runs -------------------------

NOTIFY_SLOWLY = [
    {"delay": {"minutes": 5}},
    note("Bedtime"),
]


async def _bedtime(owner: Owner, script: dict[str, Any], call: dict[str, Any]) -> str:
    """Save the script `script.bedtime_notice` and a 23:00 automation: `call`, then lock."""
    await owner.save_script("bedtime_notice", script)
    return await owner.save_automation(
        "bedtime",
        {"alias": "Bedtime", "triggers": [{"trigger": "time", "at": "23:00:00"}],
         "actions": [call, LOCK_FRONT]},
    )  # fmt: skip


@LINGERING_TIMERS
@pytest.mark.parametrize("mode", ["single", "restart", "queued"])
async def test_a_script_that_secures_nothing_started_unwaited_for_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, mode: str
) -> None:
    """Bedtime starts a notice (`script.turn_on`) and locks: a client's notice holds up nothing.

    (jlpouffier: its phone notifications, in `restart` mode.)
    """
    script = {"alias": "Bedtime notice", "mode": mode, "sequence": NOTIFY_SLOWLY}
    call = {"action": "script.turn_on", "target": {"entity_id": "script.bedtime_notice"}}
    await _bedtime(owner, script, call)
    started = await call_service(
        mcp, "script.turn_on", target={"entity_id": "script.bedtime_notice"}
    )
    assert_ran(started)


@LINGERING_TIMERS
@pytest.mark.parametrize("mode", ["single", "restart"])
async def test_a_script_that_secures_nothing_waited_for_runs_unless_queued(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, mode: str
) -> None:
    """Bedtime waits for its notice, then locks: a dropped or restarted run ends its wait."""
    script = {"alias": "Bedtime notice", "mode": mode, "sequence": NOTIFY_SLOWLY}
    await _bedtime(owner, script, {"action": "script.bedtime_notice"})
    started = await call_service(
        mcp, "script.turn_on", target={"entity_id": "script.bedtime_notice"}
    )
    assert_ran(started)


@LINGERING_TIMERS
async def test_a_queued_script_a_locking_automation_waits_for_run_with_the_client_s_data_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Queued behind a client's run with its own data (a ten-hour pause), bedtime's lock waits.

    As written, the client's run takes no longer than bedtime's own: it runs.
    """
    script = {
        "alias": "Bedtime notice",
        "mode": "queued",
        "sequence": [{"delay": "{{ pause | default(300) }}"}, *NOTIFY_SLOWLY[1:]],
    }
    bedtime = await _bedtime(owner, script, {"action": "script.bedtime_notice"})
    target = {"entity_id": "script.bedtime_notice"}
    assert_ran(await call_service(mcp, "script.turn_on", target=target))
    given = {"variables": {"pause": 36000}}
    started = await call_service(mcp, "script.turn_on", target=target, data=given)
    assert_refused(started, reaching=bedtime)


ANNOUNCE = [
    note("{{ message }}"),
    {"wait_template": "{{ is_state('light.bed_light', 'off') }}", "timeout": {"seconds": 1}},
    {"delay": {"seconds": "{{ state_attr('light.bed_light', 'brightness') | int(5) % 60 }}"}},
]
"""An announcement whose length the house sets: a wait of one second, a pause a light gives."""

WRITTEN = {"message": "Someone is at the door"}


async def _announcing(
    owner: Owner, sequence: list[dict[str, Any]], steps: list[dict[str, Any]]
) -> str:
    """Save a queued `script.announce`, `script.doorbell` and bedtime: announce, then lock."""
    await owner.save_script("announce", {"alias": "Announce", "mode": "queued",
                                         "sequence": sequence})  # fmt: skip
    await owner.save_script("doorbell", {"alias": "Doorbell", "sequence": steps})
    return await _bedtime(
        owner,
        {"alias": "Bedtime notice", "sequence": NOTIFY_SLOWLY[1:]},
        {"action": "script.announce", "data": {"message": "Locking up"}},
    )


@LINGERING_TIMERS
@pytest.mark.parametrize(
    "call",
    [
        {"action": "script.announce", "data": WRITTEN},
        {"action": "script.turn_on", "target": {"entity_id": "script.announce"},
         "data": {"variables": WRITTEN}},
        {"action": "script.announce",
         "data": {"message": "It is {{ now().hour }} o'clock"}},
    ],
    ids=["written", "started", "the-time"],
)  # fmt: skip
async def test_a_script_announcing_its_own_text_through_a_queued_script_a_locking_run_waits_for_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, call: dict[str, Any]
) -> None:
    """The doorbell's announcement, queued ahead of bedtime's, ends when the house says.

    The text is the doorbell's own (heyitsyang's announcements): bedtime's
    lock waits for a run as long as its own announcement's, then locks.
    """
    await _announcing(owner, ANNOUNCE, [call])
    assert_ran(await call_service(mcp, "script.turn_on", target={"entity_id": "script.doorbell"}))


@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("sequence", "call"),
    [
        ([{"delay": "{{ pause | default(5) }}"}], {"action": "script.announce", "data": {"pause": 36000}}),
        (ANNOUNCE, {"action": "script.announce", "data": {"message": "{{ text }}"}}),
        (ANNOUNCE, {"action": "script.announce",
                    "data": {"message": "{{ states('input_text.note') }}"}}),
        ([{"wait_template": "{{ is_state('light.bed_light', 'off') }}"}],
         {"action": "script.announce", "data": WRITTEN}),
        ([{"repeat": {"until": "{{ is_state('light.bed_light', 'off') }}",
                      "sequence": [{"delay": 60}]}}],
         {"action": "script.announce", "data": WRITTEN}),
        ([{"action": "script.bedtime_notice"}], {"action": "script.announce", "data": WRITTEN}),
        ([{"delay": {"minutes": "{{ states('input_number.pause') | int(1) }}"}}],
         {"action": "script.announce", "data": WRITTEN}),
    ],
    ids=["its-pause", "its-caller-s-text", "a-helper-s-text", "no-timeout", "until", "a-script",
         "a-setting"],
)  # fmt: skip
async def test_a_script_making_a_queued_script_a_locking_run_waits_for_last_long_waits(
    owner: Owner,
    mcp: McpHarness,
    hass: HomeAssistant,
    sequence: list[dict[str, Any]],
    call: dict[str, Any],
) -> None:
    """A pause it gives, its client's or a helper's text, a wait with no end: bedtime waits.

    So does a pause a setting helper gives ("pause minutes", which a client
    can set to its most), unlike the light's brightness the house sets.

    (A text is as long as a client writes it, and so is the speech.)
    """
    bedtime = await _announcing(owner, sequence, [call])
    started = await call_service(mcp, "script.turn_on", target={"entity_id": "script.doorbell"})
    assert_refused(started, reaching=bedtime)
    direct = await call_service(
        mcp, "script.turn_on", target={"entity_id": "script.announce"},
        data={"variables": WRITTEN},
    )  # fmt: skip
    assert_refused(direct, reaching=bedtime)


@LINGERING_TIMERS
async def test_a_locking_restart_script_started_while_idle_runs_and_locks(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """Idle, its run is bedtime's to restart: the client's own run locks, a minute later."""
    await owner.save_script(
        "lock_up",
        {"alias": "Lock up", "mode": "restart",
         "sequence": [{"delay": {"minutes": 1}}, LOCK_FRONT]},
    )  # fmt: skip
    await owner.save_automation(
        "bedtime",
        {"alias": "Bedtime", "triggers": [{"trigger": "time", "at": "23:00:00"}],
         "actions": [{"action": "script.lock_up"}]},
    )  # fmt: skip
    await owner.act("lock.unlock", entity_id="lock.front_door")
    assert_ran(await call_service(mcp, "script.turn_on", target={"entity_id": "script.lock_up"}))
    pass_time(hass, freezer, timedelta(minutes=2))
    await hass.async_block_till_done()
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    "data",
    [{"brightness": 0}, {"brightness_pct": 0}, {"brightness_step_pct": -100}],
    ids=["brightness", "brightness_pct", "brightness_step_pct"],
)
async def test_turning_on_to_a_level_of_zero_sets_off_what_turning_off_does(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, data: dict[str, Any]
) -> None:
    """`light.turn_on` with `brightness: 0` turns the light off: "when it goes off, unlock" waits."""
    await owner.act("light.turn_on", entity_id="light.bed_light")
    await unlocks_when(
        owner,
        {"trigger": "state", "entity_id": "light.bed_light", "to": "off"},
        alias="Let the night nurse in when the light goes out",
        automation_id="lights_out",
    )
    target = {"entity_id": "light.bed_light"}
    refused = await call_service(mcp, "light.turn_on", target=target, data=data)
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@LINGERING_TIMERS
@pytest.mark.parametrize(("max_runs", "waits"), [(2, True), (10, False)], ids=["full", "room"])
async def test_a_client_s_run_filling_a_parallel_script_s_last_run_waits(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, max_runs: int, waits: bool
) -> None:
    """A `parallel` script bedtime gives the door to lock: a run taking its last place waits.

    One run is going on; Home Assistant drops any run past `max`, bedtime's
    included. With room left, the client's run is one more beside it.
    """
    await owner.save_script(
        "lock_door",
        {
            "alias": "Lock a door",
            "mode": "parallel",
            "max": max_runs,
            "fields": {"door": {"example": "lock.front_door"}},
            "sequence": [
                {"delay": {"minutes": 5}},
                {"action": "lock.lock", "target": {"entity_id": "{{ door }}"}},
            ],
        },
    )
    bedtime = await owner.save_automation(
        "bedtime",
        {"alias": "Bedtime", "triggers": [{"trigger": "time", "at": "23:00:00"}],
         "actions": [{"action": "script.lock_door", "data": {"door": "lock.front_door"}}]},
    )  # fmt: skip
    # The back door's run is going on: one place taken.
    await hass.services.async_call(
        "script", "turn_on", {"entity_id": "script.lock_door", "variables": {"door": "lock.back"}}
    )
    for _ in range(20):  # Its run starts, and waits its five minutes.
        await asyncio.sleep(0)
    started = await call_service(mcp, "script.turn_on", target={"entity_id": "script.lock_door"})
    if waits:
        assert_refused(started, reaching=bedtime)
    else:
        assert_ran(started)


# -- moved from red-team round 2: the perimeter follows a script edited in place -------


@pytest.mark.redteam(round=2)
async def test_a_script_edited_to_unlock_after_an_automation_calls_it_guards_its_helper(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """2: a script made harmless, an automation calling it, then the script edited."""
    light_on = {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
    await owner.save_script("let_guest_in", {"alias": "Let guest in", "sequence": [light_on]})
    helper = await helper_runs(
        owner, "Guest arriving", {"action": "script.let_guest_in"}, automation_id="guest"
    )
    assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is False
    await owner.save_script(
        "let_guest_in", {"alias": "Let guest in", "sequence": [light_on, UNLOCK_FRONT]}
    )
    assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is True
    assert_refused(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}))
    await assert_house(hass, {**LOCKED, helper: "off"})


# -- a script Home Assistant could not validate --------------------------------------


def _car_remote(device_id: str) -> dict[str, Any]:
    """Return a car's remote start: open the garage, repeat until the car's device reports on."""
    engine_on = {
        "condition": "device",
        "device_id": device_id,
        "domain": "light",
        "entity_id": "light.bed_light",
        "type": "is_on",
    }
    return {
        "alias": "Car remote start",
        "sequence": [OPEN_GARAGE, {"repeat": {"until": [engine_on], "sequence": [BED_LIGHT_ON]}}],
    }


@pytest.mark.parametrize("known", [False, True], ids=["device_gone", "device_there"])
async def test_a_script_home_assistant_could_not_validate_runs_nothing(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, known: bool
) -> None:
    """A device condition on a device that is not there: the script is unavailable, runs nothing.

    zanix's car remote scripts in a house without the car's integration:
    Home Assistant refuses their sequence ("Unknown device") and keeps an
    unavailable script; on the device that is there, it opens the garage.
    """
    device_id = owner.device_of("light.bed_light") if known else "0123456789abcdef"
    path = Path(hass.config.path("scripts.yaml"))
    scripts = await hass.async_add_executor_job(load_yaml_dict, str(path))
    text = dump({**scripts, "car_remote_start": _car_remote(device_id)})
    await hass.async_add_executor_job(path.write_text, text, "utf-8")
    await hass.services.async_call("script", "reload", blocking=True)
    await hass.async_block_till_done()
    assert (state(hass, "script.car_remote_start") == "unavailable") is not known
    started = await call_service(
        mcp, "script.turn_on", target={"entity_id": "script.car_remote_start"}
    )
    if known:
        assert_refused(started, reaching="cover.garage_door")
    else:
        assert_ran(started)
    await hass.async_block_till_done()
    await assert_house(hass, CLOSED)
