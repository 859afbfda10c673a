"""Red team, round 2: ways a second fresh tester found to open the house; each is closed.

Same rules as round 1 (`test_redteam_1.py`): the owner builds the house
through Home Assistant's own APIs, the attacker only calls MCP, and Home
Assistant's state says whether anything opened.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from freezegun.api import FrozenDateTimeFactory
import pytest

from custom_components.home_mcp.gate import Gate, Risk
from homeassistant.components import persistent_notification
from homeassistant.core import HomeAssistant
from homeassistant.helpers import entity_registry as er
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    ALARM,
    ALARM_CODE,
    CLOSED,
    LINGERING_TIMERS,
    LOCKED,
    OPEN_GARAGE,
    UNLOCK_FRONT,
    Owner,
    assert_house,
    assert_ran,
    assert_refused,
    call_service,
    pass_time,
    state,
)

OPEN_ORCHARD = {"action": "valve.open_valve", "target": {"entity_id": "valve.orchard"}}
POLLING = [{"trigger": "time_pattern", "seconds": "/3"}]


async def _idle(hass: HomeAssistant) -> None:
    """Let tasks run without waiting for what never ends (a script that waits)."""
    for _ in range(20):
        await asyncio.sleep(0)


# -- 1: a toggle goes where Home Assistant decides -------------------------------


async def test_valve_toggle_after_a_closing_move_opens(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """1: a valve stopped part way after closing: Home Assistant's toggle opens it."""
    await owner.act("valve.set_valve_position", entity_id="valve.trees", position=20)
    for _ in range(5):
        pass_time(hass, freezer, timedelta(seconds=1))
        await hass.async_block_till_done()
    assert state(hass, "valve.trees") == "open"
    position = hass.states.get("valve.trees").attributes["current_position"]
    for action in ("valve.toggle", "homeassistant.toggle"):
        assert_refused(await call_service(mcp, action, target={"entity_id": "valve.trees"}))
    await hass.async_block_till_done()
    assert hass.states.get("valve.trees").attributes["current_position"] == position


# -- 2: the index follows a script edited in place -------------------------------


async def test_script_edited_after_the_automation_calling_it(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """2: a script made harmless, an automation calling it, then the script edited."""
    helper = await owner.create_helper("input_boolean", "Guest arriving")
    light_on = {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
    await owner.save_script("let_guest_in", {"alias": "Let guest in", "sequence": [light_on]})
    await owner.save_automation(
        "guest",
        {
            "alias": "Guest arriving",
            "triggers": [{"trigger": "state", "entity_id": helper, "to": "on"}],
            "actions": [{"action": "script.let_guest_in"}],
        },
    )
    assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is False
    await owner.save_script(
        "let_guest_in", {"alias": "Let guest in", "sequence": [light_on, UNLOCK_FRONT]}
    )
    assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is True
    assert_refused(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}))
    await assert_house(hass, {**LOCKED, helper: "off"})


# -- 3, 4: events no one can name, and untargeted actions ------------------------


@pytest.mark.parametrize(
    "trigger",
    [
        {"trigger": "event", "event_type": "{{ 'let_' ~ 'in' }}"},
        {"trigger": "event", "event_type": ["parcel", "{{ 'let_in' }}"]},
        {"trigger": "event", "event_type": "*"},
    ],
)
async def test_event_triggers_on_any_event(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, trigger: dict[str, Any]
) -> None:
    """3: a templated (or `*`) event type can be any event: any action may fire it."""
    only_notifications = {
        "condition": "template",
        "value_template": "{{ trigger.event.event_type == 'call_service' "
        "and trigger.event.data.domain == 'persistent_notification' }}",
    }
    await owner.save_automation(
        "any_event",
        {
            "alias": "Any event",
            "triggers": [trigger],
            "conditions": [only_notifications],
            "actions": [OPEN_GARAGE],
        },
    )
    result = await call_service(
        mcp, "persistent_notification.create", data={"message": "The laundry is done"}
    )
    assert_refused(result)
    await assert_house(hass, CLOSED)


@LINGERING_TIMERS
async def test_templated_event_in_a_wait(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """3: the same event type inside `wait_for_trigger` of a polling automation."""
    await owner.save_automation(
        "wait_event",
        {
            "alias": "Wait for the event",
            "triggers": POLLING,
            "actions": [
                {"wait_for_trigger": [{"trigger": "event", "event_type": "{{ 'let_in' }}"}],
                 "timeout": 20, "continue_on_timeout": False},
                OPEN_GARAGE,
            ],
        },
    )  # fmt: skip
    result = await call_service(mcp, "persistent_notification.create", data={"message": "Hi"})
    assert_refused(result)


@pytest.fixture
async def shopping_list(hass: HomeAssistant) -> None:
    """Add the shopping list the way an owner does (before HTTP starts serving)."""
    flows = hass.config_entries.flow
    result = await flows.async_init("shopping_list", context={"source": "user"})
    await flows.async_configure(result["flow_id"], {})
    await hass.async_block_till_done()
    assert hass.states.get("todo.shopping_list") is not None


@pytest.mark.usefixtures("shopping_list")
async def test_shopping_list_actions_change_its_to_do_list(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """4: `shopping_list.add_item` has no target but changes `todo.shopping_list`."""
    await owner.save_automation(
        "list",
        {
            "alias": "Open for the parcel",
            "triggers": [{"trigger": "state", "entity_id": "todo.shopping_list"}],
            "actions": [OPEN_GARAGE],
        },
    )
    for action, data in (
        ("shopping_list.add_item", {"name": "Parcel"}),
        ("shopping_list.complete_all", {}),
    ):
        assert_refused(await call_service(mcp, action, data=data))
    await assert_house(hass, CLOSED)


async def test_every_state_change_and_an_untargeted_action(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """4: a `state_changed` trigger with no data hears every change, whatever causes it."""
    await owner.save_automation(
        "changes",
        {
            "alias": "Any change",
            "triggers": [{"trigger": "event", "event_type": "state_changed"}],
            "conditions": [
                {
                    "condition": "template",
                    "value_template": "{{ trigger.event.data.entity_id.startswith('todo.') }}",
                }
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    result = await call_service(mcp, "persistent_notification.create", data={"message": "Hi"})
    assert_refused(result)


# -- 5: what a securing change sets off through what derives from it --------------


@LINGERING_TIMERS
@pytest.mark.parametrize(
    ("securing", "target", "data", "reads"),
    [
        ("lock.lock", "lock.kitchen_door", None, "{{ is_state('lock.kitchen_door', 'locked') }}"),
        ("cover.close_cover", "cover.garage_door", None,
         "{{ is_state('cover.garage_door', 'closed') }}"),
    ],
)  # fmt: skip
async def test_securing_change_through_a_template_sensor(
    owner: Owner,
    mcp: McpHarness,
    hass: HomeAssistant,
    securing: str,
    target: str,
    data: dict[str, Any] | None,
    reads: str,
) -> None:
    """5: "all shut" (a template binary sensor) turns on, and an automation opens the orchard."""
    await owner.act("cover.open_cover", entity_id="cover.garage_door")
    sensor = await owner.add_template("binary_sensor", {"name": "All shut", "state": reads})
    await owner.save_automation(
        "shut",
        {
            "alias": "Water when all is shut",
            "triggers": [{"trigger": "state", "entity_id": sensor, "to": "on"}],
            "actions": [OPEN_ORCHARD],
        },
    )
    assert_refused(await call_service(mcp, securing, target={"entity_id": target}, data=data))
    await assert_house(hass, {"valve.orchard": "closed"})


@LINGERING_TIMERS
async def test_securing_change_read_by_a_polling_automation(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """5: a polling automation whose condition is the kitchen door being locked."""
    await owner.save_automation(
        "polling",
        {
            "alias": "Water once the kitchen is locked",
            "triggers": POLLING,
            "conditions": [
                {"condition": "state", "entity_id": "lock.kitchen_door", "state": "locked"}
            ],
            "actions": [OPEN_ORCHARD],
        },
    )
    result = await call_service(mcp, "lock.lock", target={"entity_id": "lock.kitchen_door"})
    assert_refused(result, reaching="valve.orchard")
    await assert_house(hass, {"lock.kitchen_door": "unlocked", "valve.orchard": "closed"})


async def test_arming_away_read_by_a_template(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """5: "nobody home" is the alarm armed away; an automation waters when nobody is home."""
    sensor = await owner.add_template(
        "binary_sensor",
        {"name": "Nobody home", "state": f"{{{{ is_state('{ALARM}', 'armed_away') }}}}"},
    )
    await owner.save_automation(
        "away",
        {
            "alias": "Irrigate when nobody is home",
            "triggers": [{"trigger": "state", "entity_id": sensor, "to": "on"}],
            "actions": [OPEN_ORCHARD],
        },
    )
    result = await call_service(
        mcp,
        "alarm_control_panel.alarm_arm_away",
        target={"entity_id": ALARM},
        data={"code": ALARM_CODE},
    )
    assert_refused(result, reaching="valve.orchard")
    await assert_house(hass, {ALARM: "disarmed", "valve.orchard": "closed"})


# -- 6: a running script waits on a helper ---------------------------------------


async def test_running_script_waiting_on_a_helper(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """6: the owner started "courier mode", which opens the garage once a helper turns on."""
    helper = await owner.create_helper("input_boolean", "Courier at the door")
    script = await owner.save_script(
        "courier_mode",
        {
            "alias": "Courier mode",
            "sequence": [
                {"wait_template": f"{{{{ is_state('{helper}', 'on') }}}}"},
                OPEN_GARAGE,
            ],
        },
    )
    entity = await mcp.data("get_entity", {"entity_id": helper})
    assert entity["entity"]["guarded"] is False  # Nothing waits on it yet.
    await hass.services.async_call("script", "turn_on", {"entity_id": script})
    await _idle(hass)
    assert state(hass, script) == "on"
    assert (await mcp.data("get_entity", {"entity_id": helper}))["entity"]["guarded"] is True
    assert_refused(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": helper}))
    await _idle(hass)
    assert state(hass, "cover.garage_door") == "closed"
    await hass.services.async_call("script", "turn_off", {"entity_id": script}, blocking=True)


# -- 7, 8: what runs after a delay is judged for later ---------------------------


@pytest.mark.parametrize(
    "after_the_delay",
    [
        {"action": "alarm_control_panel.alarm_arm_home", "target": {"entity_id": ALARM},
         "data": {"code": ALARM_CODE}},
        {"action": "valve.toggle", "target": {"entity_id": "valve.front_garden"}},
    ],
)  # fmt: skip
async def test_what_a_script_does_after_a_delay_is_judged_for_later(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, after_the_delay: dict[str, Any]
) -> None:
    """7/8: arming at home, or toggling a valve, after a delay: the house may have changed."""
    light_on = {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}}
    script = await owner.save_script(
        "later",
        {"alias": "Later", "sequence": [light_on, {"delay": {"seconds": 12}}, after_the_delay]},
    )
    assert_refused(await call_service(mcp, "script.turn_on", target={"entity_id": script}))
    assert state(hass, "light.bed_light") == "off"  # Nothing of it ran.


async def test_arming_with_no_delay_still_runs(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """Control: a script that arms at once (from disarmed) is securing and runs."""
    script = await owner.save_script(
        "arm_now",
        {"alias": "Arm now", "sequence": [
            {"action": "alarm_control_panel.alarm_arm_home", "target": {"entity_id": ALARM},
             "data": {"code": ALARM_CODE}}]},
    )  # fmt: skip
    assert_ran(await call_service(mcp, "script.turn_on", target={"entity_id": script}))
    pass_time(hass, freezer, timedelta(seconds=10))
    await hass.async_block_till_done()
    assert state(hass, ALARM) == "armed_home"


# -- 9: tilt ----------------------------------------------------------------------


async def test_tilt_of_a_door(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant, freezer: FrozenDateTimeFactory
) -> None:
    """9: a cover given the device class door, its tilt opened by a scene state or a toggle."""
    registry = er.async_get(hass)
    registry.async_update_entity("cover.living_room_window", device_class="door")
    await hass.async_block_till_done()
    door = "cover.living_room_window"
    await owner.act("cover.close_cover_tilt", entity_id=door)
    for _ in range(12):  # The demo's tilt moves 10 per second.
        pass_time(hass, freezer, timedelta(seconds=1))
        await hass.async_block_till_done()
    assert hass.states.get(door).attributes.get("current_tilt_position") == 0
    entities = {door: {"state": "closed", "current_tilt_position": 100}}
    assert_refused(await call_service(mcp, "scene.apply", data={"entities": entities}))
    assert_refused(await call_service(mcp, "cover.toggle_cover_tilt", target={"entity_id": door}))
    await hass.async_block_till_done()
    assert hass.states.get(door).attributes.get("current_tilt_position") == 0


# -- 10: an action given another domain's entities --------------------------------


@pytest.fixture
async def legacy_tts(demo_house: HomeAssistant) -> None:
    """Set up a YAML `tts` platform (before HTTP serves): it registers `tts.demo_say`."""
    assert await async_setup_component(demo_house, "tts", {"tts": {"platform": "demo"}})
    await demo_house.async_block_till_done()
    assert demo_house.services.has_service("tts", "demo_say")


@pytest.mark.usefixtures("legacy_tts")
async def test_legacy_tts_service_given_a_media_player(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """10: `tts.demo_say` acts on the media player it is given; an automation watches it."""
    player = "media_player.living_room"
    await owner.save_automation(
        "player",
        {
            "alias": "Open when the living room plays",
            "triggers": [
                {"trigger": "state", "entity_id": player, "attribute": "media_content_id"}
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    result = await call_service(mcp, "tts.demo_say", data={"entity_id": player, "message": "hello"})
    assert_refused(result)
    await assert_house(hass, CLOSED)


# -- 12: Home MCP's own request is a notification too ------------------------------


async def test_a_request_that_would_set_off_an_opening_raises_no_notification(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """12: a refused call's approval notification set off a notification automation."""
    await owner.save_automation(
        "new_notification",
        {
            "alias": "New notification",
            "triggers": [{"trigger": "persistent_notification", "update_type": ["added"]}],
            "conditions": [
                {
                    "condition": "template",
                    "value_template": "{{ 'garage' in trigger.notification.title | lower }}",
                }
            ],
            "actions": [OPEN_GARAGE],
        },
    )
    result = await call_service(mcp, "cover.open_cover", target={"entity_id": "cover.garage_door"})
    assert_refused(result)
    await assert_house(hass, CLOSED)
    notifications = persistent_notification._async_get_or_create_notifications(hass)
    assert not [key for key in notifications if key.startswith("home_mcp")]
    pending = await mcp.data("get_confirmation", {"confirmation_id": result["confirmation_id"]})
    assert pending["state"] == "pending"


# -- near misses ------------------------------------------------------------------


async def test_timer_an_opening_automation_waits_for_is_guarded(
    owner: Owner, mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Near miss: `get_entity` agrees with `timer.start` when `timer.finished` opens."""
    assert await async_setup_component(hass, "timer", {})
    timer = await owner.create_helper("timer", "Courier window", duration="00:00:05")
    await owner.save_automation(
        "window",
        {
            "alias": "Open when the window ends",
            "triggers": [{"trigger": "event", "event_type": "timer.finished"}],
            "actions": [OPEN_GARAGE],
        },
    )
    assert (await mcp.data("get_entity", {"entity_id": timer}))["entity"]["guarded"] is True
    assert_refused(await call_service(mcp, "timer.start", target={"entity_id": timer}))


async def test_the_client_name_is_quoted_in_the_request(
    mcp: McpHarness, hass: HomeAssistant
) -> None:
    """Near miss: what a client calls itself is shown as its claim, not as a statement."""
    await call_service(mcp, "lock.unlock", target={"entity_id": "lock.front_door"})
    notifications = persistent_notification._async_get_or_create_notifications(hass)
    [request] = [n for key, n in notifications.items() if key.startswith("home_mcp_conf")]
    assert "via an MCP client calling itself “" in request["message"]


def test_image_snapshots_write_files(demo_house: HomeAssistant) -> None:
    """Near miss: `image.snapshot` writes a file like `camera.snapshot`."""
    assert Gate(demo_house).async_service_risk("image", "snapshot")[0] is Risk.SYSTEM
