"""What a write sets in motion besides the item it writes (`gate/footprint.py`).

A write through Home Assistant's editors reloads its domain, registers a
script's action, updates the entity registry and fires Home MCP's own
`home_mcp_config_written`. An owner's automation waiting for any of them
runs because of the write: a write that would set off an unlock waits for
a person, and the same write in a house without that automation is written
at once. Every event each kind of write fires on a real Home Assistant is
one its footprint names.
"""

from __future__ import annotations

import asyncio
from typing import Any
from unittest.mock import patch

from freezegun.api import FrozenDateTimeFactory
import pytest
from pytest_homeassistant_custom_component.common import async_capture_events
from pytest_homeassistant_custom_component.test_util.aiohttp import AiohttpClientMocker

from custom_components.home_mcp.configs.helpers import HelperKind
from custom_components.home_mcp.gate import EVENT_ESCAPE
from custom_components.home_mcp.gate.footprint import Footprint, write_footprint
from homeassistant.const import EVENT_CALL_SERVICE, EVENT_STATE_CHANGED, MATCH_ALL
from homeassistant.core import Event, HomeAssistant, callback
from homeassistant.setup import async_setup_component
from tests.conftest import McpHarness

from .house import (
    ALARM,
    BED_LIGHT_ON,
    CHAIN_LINKS,
    DISARM,
    LINGERING_TIMERS,
    LOCK_FRONT,
    LOCK_UP_BUTTON,
    LOCK_UP_TAG,
    LOCKED,
    PUSH_URL,
    UNLOCK_FRONT,
    Owner,
    Phone,
    arm,
    asks_to_lock_up,
    assert_house,
    assert_ran,
    assert_refused,
    assert_script_run,
    call_service,
    save_config,
)

_NOT_THE_WRITE: frozenset[str] = frozenset(
    {"time_changed", "timer_out_of_sync", "recorder_5min_statistics_generated"}
)
"""Events of the running house that happen to fall during a write."""

SCRIPT = {"alias": "Evening", "sequence": [BED_LIGHT_ON]}
AUTOMATION = {
    "alias": "Porch light on the doorbell",
    "triggers": [{"trigger": "event", "event_type": "doorbell"}],
    "actions": [BED_LIGHT_ON],
}
SCENE = {"name": "Reading", "entities": {"light.bed_light": "on"}}
HELPERS: dict[str, dict[str, Any]] = {
    "input_boolean": {"name": "Guest"},
    "input_number": {"name": "Volume", "min": 0, "max": 5},
    "input_select": {"name": "Mode", "options": ["day", "night"]},
    "input_text": {"name": "Code"},
    "input_datetime": {"name": "Wake", "has_date": False, "has_time": True},
    "input_button": {"name": "Ring"},
    "counter": {"name": "Visits"},
    "timer": {"name": "Porch", "duration": "00:05:00"},
    "schedule": {"name": "Cleaner"},
}
DASHBOARD = {"url_path": "dashboard-porch", "title": "Porch", "views": [{"cards": []}]}
WRITES: dict[str, dict[str, Any]] = {
    "automation": AUTOMATION,
    "script": SCRIPT,
    "scene": SCENE,
    **HELPERS,
    "dashboard": DASHBOARD,
}


@pytest.fixture(autouse=True)
async def more_helpers(editors: None, hass: HomeAssistant) -> None:
    """Set up every kind of helper the Helpers page makes."""
    for domain in HELPERS:
        assert await async_setup_component(hass, domain, {}), domain


def _unexplained(event: Event[Any], footprint: Footprint, written: set[str]) -> str | None:
    """Return how `event` shows when the footprint does not name it (None: it does)."""
    data = event.data
    if event.event_type in _NOT_THE_WRITE:
        return None
    if event.event_type == EVENT_STATE_CHANGED:
        entity_id = data["entity_id"]
        if entity_id in written or entity_id.partition(".")[0] == footprint.reloads:
            return None
        return f"state_changed {entity_id}"
    if event.event_type == EVENT_CALL_SERVICE:
        call = f"{data['domain']}.{data['service']}"
        return None if call in footprint.calls else f"call_service {call}"
    return None if event.event_type in footprint.events else event.event_type


def test_every_kind_of_helper_mcp_writes_is_measured() -> None:
    """A new kind of helper gets its row measured here before it ships."""
    assert set(HELPERS) == {kind.value for kind in HelperKind}


@pytest.mark.parametrize("kind", list(WRITES))
async def test_each_kind_of_write_fires_only_what_its_footprint_names(
    hass: HomeAssistant, mcp: McpHarness, kind: str
) -> None:
    """Created, changed and deleted through MCP, every event it fires is in its row."""
    fired: list[Event[Any]] = []

    @callback
    def record(event: Event[Any]) -> None:
        fired.append(event)

    hass.bus.async_listen(MATCH_ALL, record)

    async def write(tool: str, arguments: dict[str, Any], action: str) -> dict[str, Any]:
        fired.clear()
        result = await mcp.data(tool, {"kind": kind, **arguments})
        await hass.async_block_till_done()
        assert result.get("written") is True, result
        written = {result["entity_id"]} if result.get("entity_id") else set()
        footprint = write_footprint(kind, action)
        unexplained = [
            shown for event in fired if (shown := _unexplained(event, footprint, written))
        ]
        assert not unexplained, f"{kind} {action} fires what its footprint lacks: {unexplained}"
        assert footprint.events, f"{kind} {action} declares no event"
        return result

    made = await write("save_config", {"config": WRITES[kind]}, "save")
    changed = {**WRITES[kind], "icon": "mdi:home"} if kind in HELPERS else WRITES[kind]
    if kind == "automation":
        changed = {**AUTOMATION, "alias": "Porch light at the door"}
    await write("save_config", {"id": made["id"], "config": changed}, "save")
    await write("delete_config", {"id": made["id"]}, "delete")


def _on_event(event_type: str, **event_data: Any) -> dict[str, Any]:
    return {"trigger": "event", "event_type": event_type, "event_data": event_data}


async def test_an_unlock_prompt_at_the_end_of_a_chain_longer_than_a_walk_waits(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """A prompt sent by the last of more scripts than one walk follows is still the tap.

    The links past the walk are judged on their own (`Judge.on_its_own`):
    their notifications' buttons count, run directly or by what a client's
    change sets off.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    prompt = {
        "action": phone.notify,
        "data": {
            "message": DISHWASHER,
            "data": {"actions": [{"action": "UNLOCK_FRONT_DOOR", "title": "OK"}]},
        },
    }
    first = await owner.save_chain(CHAIN_LINKS, prompt)
    go = await owner.create_helper("input_boolean", "Go")
    await owner.save_automation(
        "go",
        {
            "alias": "Go",
            "triggers": [{"trigger": "state", "entity_id": go, "to": "on"}],
            "actions": [{"action": first}],
        },
    )
    for action, entity_id in (("script.turn_on", first), ("input_boolean.turn_on", go)):
        result = await call_service(mcp, action, target={"entity_id": entity_id})
        assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_a_flag_turned_off_leaves_the_prompt_its_turning_on_sends_unsent(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """A prompt sent when a flag goes from off to on: turning it off sends nothing.

    Turning it on still sends the owner's "unlock?" at a moment the client
    chose: that waits for a person.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    flag = await owner.create_helper("input_boolean", "Reset lock")
    await owner.act("input_boolean.turn_on", entity_id=flag)
    await owner.save_automation(
        "reset_prompt",
        {
            "alias": "Ask to unlock when the reset flag turns on",
            "triggers": [{"trigger": "state", "entity_id": flag, "from": "off", "to": "on"}],
            "actions": [
                {
                    "action": phone.notify,
                    "data": {
                        "message": "The lock was reset: unlock?",
                        "data": {"actions": [{"action": "UNLOCK_FRONT_DOOR", "title": "Unlock"}]},
                    },
                }
            ],
        },
    )
    assert_ran(await call_service(mcp, "input_boolean.turn_off", target={"entity_id": flag}))
    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": flag})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


RELAYS = 10
"""More prompts answering each other's taps than there are orders a walk can take."""


@pytest.mark.parametrize("answered", [False, True], ids=["chores", "unlock_answers"])
async def test_prompts_answering_each_other_s_taps_are_judged_once_each(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness, answered: bool
) -> None:
    """The owner's chores list: each "Next" tap sends the next chore, with its own "Next".

    Every chore's automation answers a "Next" tap; turning "Chores" on sends
    the first. Each prompt a tap sends is judged once, by its first path, as
    a reaction is: not once per order of the chores (10! of them), and
    turning "Chores" on runs. With an automation that also unlocks on
    "Next", it waits for a person.
    """
    chores = await owner.create_helper("input_boolean", "Chores")

    def prompt(text: str) -> dict[str, Any]:
        button = [{"action": "NEXT", "title": "Next"}]
        return {"action": phone.notify, "data": {"message": text, "data": {"actions": button}}}

    await owner.save_automation(
        "chores",
        {
            "alias": "Chores",
            "triggers": [{"trigger": "state", "entity_id": chores, "to": "on"}],
            "actions": [prompt("First chore")],
        },
    )
    for number in range(RELAYS):
        await owner.save_automation(
            f"chore_{number}",
            {
                "alias": f"Chore {number}",
                "triggers": [_on_event("mobile_app_notification_action", action="NEXT")],
                "actions": [prompt(f"Chore {number}")],
            },
        )
    if answered:
        await owner.save_automation(
            "next_unlocks",
            {
                "alias": "Let the cleaner in",
                "triggers": [_on_event("mobile_app_notification_action", action="NEXT")],
                "actions": [UNLOCK_FRONT],
            },
        )

    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": chores})
    if answered:
        assert_refused(result, reaching="lock.front_door")
    else:
        assert_ran(result)
    await assert_house(hass, LOCKED)


@pytest.mark.redteam(round=42)
async def test_a_template_switch_turned_on_that_then_shows_off_waits_for_the_prompt_off_sends(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    aioclient_mock: AiohttpClientMocker,
) -> None:
    """A template switch's state is its template's: `turn_on` may leave it `off`.

    The owner's porch light is a pulse relay shown as a template switch
    (each of its actions toggles the relay; its state follows the relay).
    Lit, `switch.turn_on` toggles it dark, and "when the porch goes dark,
    ask to unlock" sends the Unlock prompt at the moment the client chose:
    that waits for a person, as turning the flag on does above.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    relay = await owner.create_helper("input_boolean", "Porch relay")
    await owner.act("input_boolean.turn_on", entity_id=relay)
    pulse = [{"action": "input_boolean.toggle", "target": {"entity_id": relay}}]
    shown = {"name": "Porch light", "state": f"{{{{ is_state('{relay}', 'on') }}}}"}
    await owner.save_templates([{"switch": [{**shown, "turn_on": pulse, "turn_off": pulse}]}])
    await owner.save_automation(
        "porch_dark",
        {
            "alias": "Ask to unlock when the porch goes dark",
            "triggers": [{"trigger": "state", "entity_id": "switch.porch_light", "to": "off"}],
            "actions": [
                {
                    "action": phone.notify,
                    "data": {
                        "message": "The porch went dark: unlock?",
                        "data": {"actions": [{"action": "UNLOCK_FRONT_DOOR", "title": "Unlock"}]},
                    },
                }
            ],
        },
    )
    pushed = aioclient_mock.call_count
    result = await call_service(mcp, "switch.turn_on", target={"entity_id": "switch.porch_light"})
    await hass.async_block_till_done()
    if result.get("ok"):  # It ran: the prompt went out, and a tap on it unlocks.
        assert aioclient_mock.call_count == pushed + 1
        await phone.tap(owner, "mobile_app_notification_action", action="UNLOCK_FRONT_DOOR")
        await assert_house(hass, LOCKED)
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_an_optimistic_template_switch_turned_on_sends_none_of_the_prompts_off_sends(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """A template switch with no state of its own is what its action sets: `turn_on` leaves it on.

    "When the porch goes dark, ask to unlock" is sent by turning it off,
    which waits for a person; turning it on sends nothing, and runs.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    relay = await owner.create_helper("input_boolean", "Porch relay")
    pulse = [{"action": "input_boolean.toggle", "target": {"entity_id": relay}}]
    optimistic = {"name": "Porch light", "turn_on": pulse, "turn_off": pulse}
    await owner.save_templates([{"switch": [optimistic]}])
    await owner.save_automation(
        "porch_dark",
        {
            "alias": "Ask to unlock when the porch goes dark",
            "triggers": [{"trigger": "state", "entity_id": "switch.porch_light", "to": "off"}],
            "actions": [
                {
                    "action": phone.notify,
                    "data": {
                        "message": "The porch went dark: unlock?",
                        "data": {"actions": [{"action": "UNLOCK_FRONT_DOOR", "title": "Unlock"}]},
                    },
                }
            ],
        },
    )
    assert_ran(
        await call_service(mcp, "switch.turn_on", target={"entity_id": "switch.porch_light"})
    )
    refused = await call_service(mcp, "switch.turn_off", target={"entity_id": "switch.porch_light"})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@pytest.mark.redteam(round=53)
@LINGERING_TIMERS
async def test_setting_off_the_owner_s_alert_with_an_unlock_button_waits_for_a_person(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """The owner's doorbell alert asks "Someone is at the door: unlock?" with an Unlock button.

    Home Assistant's Alert integration (`alert:` in YAML, as jazzyisj's house
    has dozens) notifies while what it watches is on, its `data` passed to
    the notifier as written: buttons included. The doorbell turns "Doorbell
    rang" on; a tap on Unlock unlocks. A client turning the helper on sends
    the real prompt when it likes, as triggering an automation that sends it
    does: it waits.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    rang = await owner.create_helper("input_boolean", "Doorbell rang")
    alert = {
        "name": "Someone at the door",
        "entity_id": rang,
        "state": "on",
        "repeat": 5,
        "notifiers": [phone.notify.partition(".")[2]],
        "message": "Someone is at the door: unlock?",
        "data": {"actions": [{"action": "UNLOCK_FRONT_DOOR", "title": "Unlock"}]},
    }
    assert await async_setup_component(hass, "alert", {"alert": {"doorbell": alert}})
    await hass.async_block_till_done()

    refused = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": rang})

    assert_refused(refused, reaching="lock.front_door")


@pytest.mark.redteam(round=53)
@LINGERING_TIMERS
async def test_taking_the_owner_s_alert_with_a_lock_button_off_the_phone_waits(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    aioclient_mock: AiohttpClientMocker,
) -> None:
    """An alert "The doors are unlocked" (tagged, as jazzyisj's alerts are) with a Lock button.

    While "Doors unlocked" is on, the alert notifies Alice's phone (its
    `data`, tag and button, passed on as written); a tap on Lock locks the
    front door. A client's notification with the alert's tag takes it off
    the phone, as one with the tag of an automation's prompt does: no one
    can tap Lock, and the door stays unlocked.
    """
    unlocked = await owner.create_helper("input_boolean", "Doors unlocked")
    alert = {
        "name": "Doors unlocked",
        "entity_id": unlocked,
        "state": "on",
        "repeat": 30,
        "notifiers": [phone.notify.partition(".")[2]],
        "message": "The doors are unlocked",
        "done_message": "clear_notification",
        "data": {"tag": LOCK_UP_TAG, "actions": [LOCK_UP_BUTTON]},
    }
    assert await async_setup_component(hass, "alert", {"alert": {"doors": alert}})
    await owner.save_automation(
        "lock_from_the_alert",
        {
            "alias": "Lock from the alert",
            "triggers": [
                _on_event("mobile_app_notification_action", action=LOCK_UP_BUTTON["action"])
            ],
            "actions": [LOCK_FRONT],
        },
    )
    await owner.act("lock.unlock", entity_id="lock.front_door")
    await owner.act("input_boolean.turn_on", entity_id=unlocked)
    [*_, (_, _, pushed, _)] = aioclient_mock.mock_calls
    assert pushed["message"] == "The doors are unlocked", "the alert is on the phone"
    assert pushed["data"]["actions"] == [LOCK_UP_BUTTON], pushed

    result = await call_service(
        mcp, phone.notify, data={"message": "clear_notification", "data": {"tag": LOCK_UP_TAG}}
    )

    assert_refused(result, reaching="automation.lock_from_the_alert")


@pytest.mark.parametrize(
    ("trigger", "kind"),
    [
        (_on_event("home_mcp_config_written"), "input_boolean"),
        (_on_event("home_mcp_config_written", kind="counter"), "counter"),
        (_on_event("entity_registry_updated", action="create"), "input_number"),
        (_on_event("service_registered", domain="script"), "script"),
        (_on_event("call_service", domain="script", service="reload"), "script"),
        (_on_event("call_service", domain="automation", service="reload"), "automation"),
        (_on_event("automation_reloaded"), "automation"),
        (_on_event("scene_reloaded"), "scene"),
        (_on_event("lovelace_updated"), "dashboard"),
        (_on_event("panels_updated"), "dashboard"),
    ],
    ids=[
        "config_written",
        "config_written_counter",
        "registry_create",
        "script_registered",
        "script_reload_call",
        "automation_reload_call",
        "automation_reloaded",
        "scene_reloaded",
        "lovelace_updated",
        "panels_updated",
    ],
)
async def test_a_write_that_sets_off_an_unlock_waits_for_a_person(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, trigger: dict[str, Any], kind: str
) -> None:
    """An owner's "on this event, unlock": a harmless write that fires it waits; else it runs."""
    config = WRITES[kind]
    written = await mcp.data("save_config", {"kind": kind, "config": config})
    assert written.get("written") is True, written
    await mcp.data("delete_config", {"kind": kind, "id": written["id"]})
    await owner.save_automation(
        "let_in_on_write",
        {"alias": "Let them in", "triggers": [trigger], "actions": [UNLOCK_FRONT]},
    )
    await hass.async_block_till_done()
    await owner.act("lock.lock", entity_id="lock.front_door")  # Its own reload may have run it.
    refused = await mcp.data("save_config", {"kind": kind, "config": config})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


# -- a notification's buttons ------------------------------------------------------

ANSWER_THE_DOOR = {
    "alias": "Unlock from the doorbell notification",
    "triggers": [_on_event("mobile_app_notification_action", action="UNLOCK_FRONT_DOOR")],
    "actions": [UNLOCK_FRONT],
}
DISHWASHER = "The dishwasher has finished"


def _buttons(*actions: str) -> dict[str, Any]:
    buttons = [{"action": action, "title": "OK"} for action in actions]
    return {"message": DISHWASHER, "data": {"actions": buttons}}


@pytest.mark.parametrize(
    ("data", "waits"),
    [
        (_buttons("UNLOCK_FRONT_DOOR"), True),
        (_buttons("DISMISS", "UNLOCK_FRONT_DOOR"), True),
        ({"message": DISHWASHER, "data": {"actions": "{{ my_actions }}"}}, True),
        (_buttons("DISMISS"), False),
        ({"message": DISHWASHER}, False),
    ],
    ids=["unlock_button", "among_others", "templated", "other_button", "no_button"],
)
async def test_a_notification_whose_button_unlocks_waits_for_a_person(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    data: dict[str, Any],
    waits: bool,
) -> None:
    """The owner answers `UNLOCK_FRONT_DOOR` by unlocking: a button carrying it, titled OK, waits.

    A person tapping "OK" on "The dishwasher has finished" would unlock the
    door (the tap, as the app sends it, does): sending it is judged as the
    tap. Other buttons, or none, are sent at once.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    result = await call_service(mcp, phone.notify, data=data)
    if waits:
        assert_refused(result, reaching="lock.front_door")
    else:
        assert_ran(result)
    await assert_house(hass, LOCKED)
    await phone.tap(owner, "mobile_app_notification_action", action="UNLOCK_FRONT_DOOR")
    await assert_house(hass, {"lock.front_door": "unlocked"})  # What the tap would have done.


async def test_an_ios_button_and_a_category_wait_as_the_companion_app_fires_them(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """On iOS, `ios.action_fired` names the tapped action `actionName`; a category's are any."""
    await owner.save_automation(
        "answer_on_ios",
        {
            "alias": "Unlock from the iPhone",
            "triggers": [_on_event("ios.action_fired", actionName="UNLOCK_FRONT_DOOR")],
            "actions": [UNLOCK_FRONT],
        },
    )
    refused = await call_service(mcp, phone.notify, data=_buttons("UNLOCK_FRONT_DOOR"))
    assert_refused(refused, reaching="lock.front_door")
    category = {"message": DISHWASHER, "data": {"push": {"category": "door"}}}
    assert_refused(await call_service(mcp, phone.notify, data=category), reaching="lock.front_door")
    assert_ran(await call_service(mcp, phone.notify, data=_buttons("NO")))
    await assert_house(hass, LOCKED)


async def test_setting_off_the_owner_s_own_unlock_prompt_waits_for_a_person(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """The owner's "someone is at the door: unlock?" prompt, sent when the client likes, waits.

    Its button is real, and a person would tap it believing the doorbell
    rang: triggering the automation that sends it is judged as the tap.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    prompt = await owner.save_automation(
        "doorbell_prompt",
        {
            "alias": "Ask to unlock when the doorbell rings",
            "triggers": [_on_event("doorbell")],
            "actions": [
                {
                    "action": phone.notify,
                    "data": {
                        "message": "Someone is at the door: unlock?",
                        "data": {"actions": [{"action": "UNLOCK_FRONT_DOOR", "title": "Unlock"}]},
                    },
                }
            ],
        },
    )
    refused = await call_service(mcp, "automation.trigger", target={"entity_id": prompt})
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    ("trigger", "kind"),
    [
        (_on_event("home_mcp_config_written"), "input_boolean"),
        (_on_event("call_service", domain="script", service="reload"), "script"),
    ],
    ids=["config_written", "script_reload_call"],
)
async def test_an_unlock_a_write_sets_off_past_a_gate_that_forgot_it_trips_the_tripwire(
    hass: HomeAssistant, owner: Owner, mcp: McpHarness, trigger: dict[str, Any], kind: str
) -> None:
    """The write's context goes on in its reload and its event: the tripwire follows them.

    The gate is made to forget what a write fires; the write runs, the
    owner's automation unlocks, and the unlock is traced back to the write.
    """
    await owner.save_automation(
        "let_in_on_write",
        {"alias": "Let them in", "triggers": [trigger], "actions": [UNLOCK_FRONT]},
    )
    await hass.async_block_till_done()
    await owner.act("lock.lock", entity_id="lock.front_door")
    escapes = async_capture_events(hass, EVENT_ESCAPE)
    with patch("custom_components.home_mcp.gate.core.judge_footprint"):
        written = await mcp.data("save_config", {"kind": kind, "config": WRITES[kind]})
    assert written.get("written") is True, written
    await hass.async_block_till_done()
    assert hass.states.get("lock.front_door").state != "locked"
    assert [event.data["entity_id"] for event in escapes] == ["lock.front_door"]


async def test_a_plain_notification_swiped_away_fires_what_the_owner_disarms_on(
    hass: HomeAssistant,
    freezer: FrozenDateTimeFactory,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
) -> None:
    """Android fires `mobile_app_notification_cleared` with the notification's data on a swipe.

    The owner's pair: when the alarm goes into its entry delay, Alice's phone
    shows "Alarm: swipe this away if it is you" (tag `alarm_entry`), and
    clearing that notification disarms. The companion app fires
    `mobile_app_notification_cleared`, carrying every field the notification
    was sent with (its `tag` included), for any notification a person
    swipes away or clears with "Clear all": no button is needed.

    A client's "The dishwasher has finished" with that tag (read from the
    owner's automation with `get_config`), swiped away, would disarm: it
    waits (red team 35).
    """
    await arm(hass, freezer, "alarm_arm_away")
    await owner.save_automation(
        "swipe_to_disarm",
        {
            "alias": "Disarm when the entry notification is swiped away",
            "triggers": [
                {
                    "trigger": "event",
                    "event_type": "mobile_app_notification_cleared",
                    "event_data": {"tag": "alarm_entry"},
                }
            ],
            "actions": [DISARM],
        },
    )
    sent = await call_service(
        mcp,
        phone.notify,
        data={"message": "The dishwasher has finished", "data": {"tag": "alarm_entry"}},
    )
    if sent.get("ok") is True:
        # What the app fires when Alice swipes the dishwasher message away.
        await phone.tap(
            owner,
            "mobile_app_notification_cleared",
            message="The dishwasher has finished",
            tag="alarm_entry",
        )
    await assert_house(hass, {ALARM: "armed_away"})
    assert_refused(sent, reaching=ALARM)


async def test_a_written_script_that_rings_the_doorbell_sends_the_owner_s_unlock_prompt(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
) -> None:
    """The doorbell prompt set off by firing its event, not by `automation.trigger`.

    A script the client writes that fires the doorbell's own event sends the
    owner's very prompt: Alice, told someone is at the door, would tap
    Unlock; nobody rang. What a client's action sets off directly sends its
    prompt when the client likes (red team 35).
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    await owner.save_automation(
        "doorbell_prompt",
        {
            "alias": "Ask to unlock when the doorbell rings",
            "triggers": [{"trigger": "event", "event_type": "doorbell_pressed"}],
            "actions": [
                {
                    "action": phone.notify,
                    "data": {
                        "message": "Someone is at the door: unlock?",
                        "data": {"actions": [{"action": "UNLOCK_FRONT_DOOR", "title": "Unlock"}]},
                    },
                }
            ],
        },
    )
    script = {"alias": "Chime test", "sequence": [{"event": "doorbell_pressed"}]}
    saved = await save_config(mcp, "script", script, anyway=True)
    ran: dict[str, Any] = saved
    if saved.get("written") is True:
        ran = await call_service(mcp, saved["entity_id"])
        if ran.get("ok") is True:
            # Alice reads "Someone is at the door: unlock?" and taps Unlock.
            await phone.tap(owner, "mobile_app_notification_action", action="UNLOCK_FRONT_DOOR")
    await assert_house(hass, LOCKED)
    assert_refused(ran, reaching="lock.front_door")


async def test_running_the_owner_s_notification_script_with_an_unlock_button_waits(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
) -> None:
    """The owner's "Tell Alice" script, its message and buttons from its fields (refused)."""
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    script = await owner.save_script(
        "tell_alice",
        {
            "alias": "Tell Alice",
            "fields": {"message": {"example": "Hi"}, "buttons": {"description": "Actions"}},
            "sequence": [
                {
                    "action": phone.notify,
                    "data": {"message": "{{ message }}", "data": {"actions": "{{ buttons }}"}},
                }
            ],
        },
    )
    buttons = [{"action": "UNLOCK_FRONT_DOOR", "title": "OK"}]
    for action, data in (
        ("script.tell_alice", {"message": "Dishwasher done", "buttons": buttons}),
        ("script.turn_on", {"variables": {"message": "Dishwasher done", "buttons": buttons}}),
    ):
        target = {"entity_id": script} if action == "script.turn_on" else None
        result = await call_service(mcp, action, target=target, data=data)
        assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


async def test_the_owner_s_notification_script_sent_without_buttons_leaves_the_house_free(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """A notify script with no `fields:` reads its buttons from its caller, or none.

    ccostan's `notify_engine`: `action1` is whatever the caller gives, and
    the owner's "dishwasher done" gives none, so turning the dishwasher's
    flag on sends no button and runs; a client giving the script an unlock
    button waits.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    engine = await owner.save_script(
        "notify_engine",
        {
            "alias": "Notify engine",
            "sequence": [
                {
                    "action": phone.notify,
                    "data": {
                        "message": "{{ value1 | default('', true) }}",
                        "data": {
                            "actions": [
                                {
                                    "action": "{{ action1 | default('', true) }}",
                                    "title": "{{ title1 | default('', true) }}",
                                }
                            ]
                        },
                    },
                }
            ],
        },
    )
    done = await owner.create_helper("input_boolean", "Dishwasher done")
    await owner.save_automation(
        "dishwasher",
        {
            "alias": "Dishwasher done",
            "triggers": [{"trigger": "state", "entity_id": done, "to": "on"}],
            "actions": [{"action": engine, "data": {"value1": "The dishwasher has finished"}}],
        },
    )
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": done}))
    unlock = {"value1": "Hi", "action1": "UNLOCK_FRONT_DOOR", "title1": "OK"}
    refused = await call_service(mcp, engine, data=unlock)
    assert_refused(refused, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


def _notify_script(notify: str) -> dict[str, Any]:
    """Return the owner's "notify my phone" script: its iOS category from what its caller gives.

    A camera's stream when the caller names one, else the category in a
    variable the caller may give (`default`), which the owner's own calls
    never do: undefined, Home Assistant renders it empty.
    """
    return {
        "alias": "Notify phone",
        "fields": {"message": {"example": "Hi"}, "buttons": {}, "camera": {}},
        "sequence": [
            {
                "variables": {
                    "camera": "{{ camera | default('none', true) }}",
                    "push": {
                        "category": "{% if camera != 'none' %}camera{% else %}{{ default }}"
                        "{% endif %}"
                    },
                }
            },
            {
                "action": notify,
                "data": {
                    "message": "{{ message }}",
                    "data": {
                        "push": "{{ push }}",
                        "actions": "{{ buttons | default(none, true) }}",
                    },
                },
            },
        ],
    }


async def test_the_owner_s_notification_with_no_category_and_its_own_buttons_runs(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """The owner's automation calls the notify script with fixed data: its buttons, no category.

    The category is a variable nobody gives (zanix's `notify_mobile`):
    empty, it adds no button, and the "Dishwasher done" flag, whose
    automation sends "The dishwasher has finished" with a Dismiss button,
    is turned on at once. A client running the script itself with an unlock
    button, or a category of its choice (a name the phone may hold any
    button for), waits.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    script = await owner.save_script("notify_phone", _notify_script(phone.notify))
    done = await owner.create_helper("input_boolean", "Dishwasher done")
    await owner.save_automation(
        "dishwasher",
        {
            "alias": "Dishwasher done",
            "triggers": [{"trigger": "state", "entity_id": done, "to": "on"}],
            "actions": [
                {
                    "action": script,
                    "data": {
                        "message": DISHWASHER,
                        "buttons": [{"action": "DISMISS", "title": "Dismiss"}],
                    },
                }
            ],
        },
    )
    assert_ran(await call_service(mcp, "input_boolean.turn_on", target={"entity_id": done}))
    for data in (
        {"message": "Hi", "buttons": [{"action": "UNLOCK_FRONT_DOOR", "title": "OK"}]},
        {"message": "Hi", "default": "door"},
    ):
        assert_refused(await call_service(mcp, script, data=data), reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    ("category", "waits"),
    [("", False), ("camera", True), ("{{ states('input_text.category') }}", True)],
    ids=["empty", "a_name_the_phone_may_define", "one_a_client_sets"],
)
async def test_a_category_the_owner_s_automation_names_adds_the_buttons_the_phone_may_hold(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    category: str,
    waits: bool,
) -> None:
    """An iOS category the house does not define may be one the phone's owner set buttons for.

    The companion app shows the buttons the phone holds for the category
    (its own settings define categories too); an empty one adds none. The
    flag whose automation sends "The dishwasher has finished" with that
    category waits unless it is empty: the phone may answer `camera`, or a
    category a client writes into a text helper, with an Unlock button.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    await owner.create_helper("input_text", "Category")
    done = await owner.create_helper("input_boolean", "Dishwasher done")
    await owner.save_automation(
        "dishwasher",
        {
            "alias": "Dishwasher done",
            "triggers": [{"trigger": "state", "entity_id": done, "to": "on"}],
            "actions": [
                {
                    "action": phone.notify,
                    "data": {"message": DISHWASHER, "data": {"push": {"category": category}}},
                }
            ],
        },
    )
    result = await call_service(mcp, "input_boolean.turn_on", target={"entity_id": done})
    if waits:
        assert_refused(result, reaching="lock.front_door")
    else:
        assert_ran(result)
    await assert_house(hass, LOCKED)


IOS_CATEGORIES = [
    {
        "name": "Chores",
        "identifier": "chores",
        "actions": [{"identifier": "DISMISS", "title": "Dismiss"}],
    },
    {
        "name": "Door",
        "identifier": "door",
        "actions": [{"identifier": "UNLOCK_FRONT_DOOR", "title": "Unlock"}],
    },
]
"""The owner's `ios: push: categories:`, which the companion app registers on the phone."""


@pytest.fixture
async def ios_categories(editors: None, hass: HomeAssistant, mock_async_zeroconf: None) -> None:
    """Set up `ios:` with the owner's categories, before the first HTTP client exists."""
    config = {"ios": {"push": {"categories": IOS_CATEGORIES}}}
    assert await async_setup_component(hass, "ios", config)
    await hass.async_block_till_done()


@pytest.mark.parametrize(
    ("category", "waits"),
    [("chores", False), ("CHORES", False), ("door", True), ("garage", True)],
    ids=["chores", "in_upper_case", "door", "not_defined"],
)
async def test_a_category_the_house_defines_carries_its_own_buttons(
    hass: HomeAssistant,
    ios_categories: None,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    category: str,
    waits: bool,
) -> None:
    """A category of `ios: push: categories:` shows its own buttons: `door`'s unlocks.

    The app registers the house's categories in upper case and sends the
    category it is given in upper case: `chores` and `CHORES` are one, with
    a Dismiss button, and run; `door`, whose button is `UNLOCK_FRONT_DOOR`,
    waits; `garage`, which the house does not define, may be one the
    phone's owner did, with any button.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    sent = {"message": DISHWASHER, "data": {"push": {"category": category}}}
    result = await call_service(mcp, phone.notify, data=sent)
    if waits:
        assert_refused(result, reaching="lock.front_door")
    else:
        assert_ran(result)
    await assert_house(hass, LOCKED)


async def test_buttons_given_in_the_apns_payload_carry_their_actions(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """The push relay sends `data.apns` to Apple as the message: its `actions` are the buttons.

    The companion app shows a notification's buttons from the APNs payload's
    `actions` (what the relay itself puts there from `data.actions`, with
    the `DYNAMIC` category). A client writing them into `data.apns` gives
    "The dishwasher has finished" a button whose action is
    `UNLOCK_FRONT_DOOR`, titled "Dismiss": the owner's doorbell automation
    unlocks when it is tapped. Sending it waits, as `data.actions` does.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    apns = {
        "headers": {},  # The relay sets the push type in them.
        "payload": {
            "aps": {"alert": {"body": DISHWASHER}, "category": "DYNAMIC"},
            "actions": [{"action": "UNLOCK_FRONT_DOOR", "title": "Dismiss"}],
        },
    }
    result = await call_service(
        mcp, phone.notify, data={"message": DISHWASHER, "data": {"apns": apns}}
    )
    if result.get("ok") is not False:
        # Alice dismisses the dishwasher's notification with its only button.
        await phone.tap(owner, "mobile_app_notification_action", action="UNLOCK_FRONT_DOOR")
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize("category", ["door", "garage"], ids=["door", "not_defined"])
async def test_a_category_given_in_the_apns_payload_carries_the_buttons_the_phone_holds(
    hass: HomeAssistant,
    ios_categories: None,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    category: str,
) -> None:
    """The push relay takes `data.apns` as the APNs message itself: its `aps.category` is the category.

    Home Assistant's push relay (mobile-apps-fcm-push, `ios.js` and
    `legacy.js`) copies `data.apns` over the message it sends to Apple, and
    keeps the category in `apns.payload.aps.category` (upper-cased) when no
    `push` is given: the phone shows the `door` category's Unlock button on
    "The dishwasher has finished". Sending it waits, as `push: {category:
    door}` does; a person who taps Unlock has not approved an unlock.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    aps = {"alert": {"body": DISHWASHER}, "category": category}
    sent = {"message": DISHWASHER, "data": {"apns": {"headers": {}, "payload": {"aps": aps}}}}
    result = await call_service(mcp, phone.notify, data=sent)
    if result.get("ok") is not False:
        # The notification shows the category's Unlock button; Alice taps it.
        await phone.tap(owner, "mobile_app_notification_action", action="UNLOCK_FRONT_DOOR")
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    "push",
    [
        {"category": "{{ trigger.to_state.state }}"},
        "{{ trigger.to_state.state | from_json }}",
    ],
    ids=["category", "whole_push"],
)
async def test_a_category_a_client_writes_into_the_owner_s_notification_waits(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness, push: Any
) -> None:
    """The owner's automation sends the text helper's new value as the iOS category.

    A client setting the helper chooses the category, which the phone may
    hold an Unlock button for, and sends the notification when it likes:
    it waits, as the tap; so does a whole `push` read from its JSON.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    category = await owner.create_helper("input_text", "Category")
    await owner.save_automation(
        "announce",
        {
            "alias": "Announce the category",
            "triggers": [{"trigger": "state", "entity_id": category}],
            "actions": [
                {
                    "action": phone.notify,
                    "data": {
                        "message": DISHWASHER,
                        "data": {"push": push},
                    },
                }
            ],
        },
    )
    result = await call_service(
        mcp, "input_text.set_value", target={"entity_id": category}, data={"value": "door"}
    )
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


# -- a persistent notification the owner forwards ------------------------------------


def _forward_failed_logins(notify: str) -> dict[str, Any]:
    """Return the owner's "failed login" automation: a notification about a login, to the phone.

    It forwards the text with an Unlock button (the owner's phone prompt):
    a notification that meets its condition is sent when the client likes.
    """
    return {
        "alias": "Failed login",
        "triggers": [{"trigger": "persistent_notification", "update_type": ["added"]}],
        "conditions": [
            {
                "condition": "template",
                "value_template": "{{ 'login attempt' in trigger.notification.message }}",
            }
        ],
        "actions": [
            {
                "action": notify,
                "data": {
                    "message": "{{ trigger.notification.message }}",
                    "data": {"actions": [{"action": "UNLOCK_FRONT_DOOR", "title": "Unlock"}]},
                },
            }
        ],
    }


_DEBUG_LED = {
    "alias": "Set the LED",
    "fields": {"device": {"example": "light.bed_light"}, "enable_debug": {"example": True}},
    "variables": {"debug": "{{ iif(enable_debug is defined, enable_debug, false) }}"},
    "sequence": [
        {
            "if": [{"condition": "template", "value_template": "{{ debug == true }}"}],
            "then": [
                {
                    "action": "persistent_notification.create",
                    "data": {
                        "notification_id": "led_debug",
                        "title": "DEBUG: LED",
                        "message": "device: {{ device }}",
                    },
                }
            ],
        },
        {"action": "light.turn_on", "target": {"entity_id": "light.bed_light"}},
    ],
}
_TONER = {
    "alias": "Toner low",
    "sequence": [
        {
            "action": "persistent_notification.create",
            "data": {"title": "Printer", "message": "{{ 'The printer is low on toner.' }}"},
        }
    ],
}


@pytest.mark.parametrize(
    ("action", "data"),
    [
        ("persistent_notification.create", {"message": "The dishwasher has finished"}),
        ("persistent_notification.dismiss", {"notification_id": "login"}),
        ("script.turn_on", {}),
        ("script.set_the_led", {"device": "light.bed_light"}),
        ("script.toner_low", {}),
    ],
    ids=["other_text", "dismissed", "debug_not_asked", "debug_field_not_given", "literal"],
)
async def test_a_notification_the_owner_s_conditions_refuse_sends_no_prompt(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    action: str,
    data: dict[str, Any],
) -> None:
    """A notification whose text, or update, the forwarding automation refuses runs at once.

    zanix's debug and retry notifications: the trigger sees the
    notification the call raises (`trigger.notification`), and the
    automation's condition is judged on its text; a script's debug flag
    its caller did not give is off.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    await owner.save_automation("failed_login", _forward_failed_logins(phone.notify))
    led = await owner.save_script("set_the_led", _DEBUG_LED)
    await owner.save_script("toner_low", _TONER)
    target = {"entity_id": led} if action == "script.turn_on" else None
    assert_ran(await call_service(mcp, action, target=target, data=data))
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    ("action", "target", "data"),
    [
        ("persistent_notification.create", None, {"message": "Too many login attempts"}),
        (
            "script.set_the_led",
            None,
            {"device": "login attempt", "enable_debug": True},
        ),
        (
            "script.turn_on",
            {"entity_id": "script.set_the_led"},
            {"variables": {"device": "light.x login attempt", "enable_debug": True}},
        ),
    ],
    ids=["its_text", "a_field_in_the_text", "turned_on_with_the_field"],
)
async def test_a_notification_whose_text_a_client_chooses_sends_the_owner_s_prompt(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    action: str,
    target: dict[str, Any] | None,
    data: dict[str, Any],
) -> None:
    """A notification that meets the condition, or whose text a client writes, waits (the tap)."""
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    await owner.save_automation("failed_login", _forward_failed_logins(phone.notify))
    await owner.save_script("set_the_led", _DEBUG_LED)
    result = await call_service(mcp, action, target=target, data=data)
    assert_refused(result, reaching="lock.front_door")
    await assert_house(hass, LOCKED)


@pytest.mark.parametrize(
    ("variables", "waits"),
    [(None, False), ({"who": "mobile_app_alices_phone"}, True)],
    ids=["none", "given"],
)
async def test_a_notify_action_named_for_a_field_not_given_sends_nothing(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    variables: dict[str, Any] | None,
    waits: bool,
) -> None:
    """`action: notify.{{ who }}` without `who` is `notify.`: Home Assistant refuses it.

    zanix's notify scripts, run with no `send_to`: nothing is sent, and no
    notification sets off the owner's forwarding automation. Given one, the
    text it sends is forwarded with the Unlock button.
    """
    await owner.save_automation("answer_the_door", ANSWER_THE_DOOR)
    await owner.save_automation("failed_login", _forward_failed_logins(phone.notify))
    await owner.save_script(
        "tell",
        {
            "alias": "Tell someone",
            "fields": {"who": {"example": "alice"}},
            "sequence": [
                {
                    "action": "notify.{{ who }}",
                    "data": {"message": "A login attempt failed"},
                    "continue_on_error": True,  # Without `who`, Home Assistant refuses it.
                }
            ],
        },
    )
    await assert_script_run(hass, mcp, "script.tell", variables, waits=waits, expected=LOCKED)


@pytest.mark.redteam(round=51)
@pytest.mark.parametrize(
    "data",
    [
        {"message": "clear_notification", "data": {"tag": LOCK_UP_TAG}},
        {"message": DISHWASHER, "data": {"tag": LOCK_UP_TAG}},
    ],
    ids=["cleared", "replaced"],
)
async def test_clearing_the_owner_s_lock_up_prompt_from_the_phone_waits_for_a_person(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    aioclient_mock: AiohttpClientMocker,
    data: dict[str, Any],
) -> None:
    """The owner locks up from a prompt: "No one home, lock doors?" and a Confirm button.

    As aneisch's "Doors still unlocked when no one home": leaving sends the
    prompt (tagged, persistent), a tap on Confirm locks. A notification with
    the same tag removes it from the phone (`clear_notification`) or puts
    another in its place: the door stays unlocked, as turning off a lock-up
    would leave it.
    """
    away = await owner.create_helper("input_boolean", "Away")
    prompt = {
        "message": "No one home, lock doors?",
        "data": {
            "persistent": True,
            "tag": LOCK_UP_TAG,
            "actions": [
                {"action": "confirm_lock_doors", "title": "Confirm"},
                {"action": "ignore_lock_doors", "title": "Ignore"},
            ],
        },
    }
    await owner.save_automation(
        "doors_unlocked_noone_home",
        {
            "alias": "Doors still unlocked when no one home",
            "triggers": [
                {"trigger": "state", "entity_id": away, "to": "on", "id": "alert"},
                {**_on_event("mobile_app_notification_action", action="confirm_lock_doors"),
                 "id": "respond"},
            ],
            "conditions": [
                {"condition": "state", "entity_id": "lock.front_door", "state": "unlocked"}
            ],
            "actions": [
                {"if": "{{ trigger.id == 'alert' }}",
                 "then": [{"action": phone.notify, "data": prompt}]},
                {"if": "{{ trigger.id == 'respond' }}", "then": [LOCK_FRONT]},
            ],
        },
    )  # fmt: skip
    await owner.act("lock.unlock", entity_id="lock.front_door")
    await owner.act("input_boolean.turn_on", entity_id=away)
    [*_, (_, _, pushed, _)] = aioclient_mock.mock_calls
    assert pushed["message"] == "No one home, lock doors?", "the prompt is on the phone"
    before = len(aioclient_mock.mock_calls)
    result = await call_service(mcp, phone.notify, data=data)
    assert_refused(result, risk=None)
    # What reaches the phone since is Home MCP's own request for approval, never the
    # client's notification in the prompt's place.
    tagged = [
        pushed
        for _, _, pushed, _ in aioclient_mock.mock_calls[before:]
        if pushed.get("data", {}).get("tag") == LOCK_UP_TAG
    ]
    assert not tagged, "nothing took its place"


# -- a notification in the place of the owner's lock-up prompt -----------------------------


@pytest.mark.parametrize(
    ("data", "takes_its_place"),
    [
        ({"message": DISHWASHER, "data": {"tag": LOCK_UP_TAG}}, True),
        ({"message": "clear_notification", "data": {"tag": LOCK_UP_TAG}}, True),
        ({"message": DISHWASHER, "data": {"tag": "{{ 'lock_' ~ 'doors' }}"}}, True),
        ({"message": DISHWASHER, "data": {"tag": "dishwasher"}}, False),
        ({"message": DISHWASHER}, False),
        (
            {"message": "Still no one home: lock the doors?",
             "data": {"tag": LOCK_UP_TAG, "actions": [LOCK_UP_BUTTON]}},
            False,
        ),
        (
            {"message": DISHWASHER,
             "data": {"tag": LOCK_UP_TAG, "actions": "{{ [] if now().hour > 6 else [] }}"}},
            True,
        ),
    ],
    ids=[
        "replaced", "cleared", "templated-tag", "another-tag", "no-tag", "asked-again",
        "templated-buttons",
    ],
)  # fmt: skip
async def test_a_notification_that_takes_the_lock_up_prompt_off_the_phone_waits(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    data: dict[str, Any],
    takes_its_place: bool,
) -> None:
    """Alice's phone asks "No one home, lock the doors?"; a tap on Lock locks up.

    A notification with the same tag (or one a template decides) takes its
    place, or with `clear_notification` takes it off: no one can tap Lock,
    and the door stays unlocked. Another tag, no tag, or the same question
    asked again with its Lock button leaves the prompt as it was: it runs.
    """
    await asks_to_lock_up(owner, phone)
    await owner.act("lock.unlock", entity_id="lock.front_door")

    result = await call_service(mcp, phone.notify, data=data)

    if takes_its_place:
        assert_refused(result, reaching="automation.lock_up_from_the_prompt")
    else:
        assert_ran(result)


@pytest.mark.parametrize("prompt", [True, False], ids=["lock-up-prompt", "no-prompt"])
async def test_list_services_says_a_phone_s_notifications_are_guarded_where_one_can_replace_a_lock_up_prompt(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness, prompt: bool
) -> None:
    """The catalogue says of the phone's notify action what its worst call gets.

    Where the owner's phone asks "No one home, lock the doors?", a
    notification with its tag waits: the catalogue lists the action as
    guarded, and says why. In a house without such a prompt, no
    notification waits, and the catalogue says so.
    """
    if prompt:
        await asks_to_lock_up(owner, phone)
    else:
        await owner.create_helper("input_boolean", "Away")
    domain, _, service = phone.notify.partition(".")
    listed = await mcp.data("list_services", {"domain": domain, "service": service})
    [row] = listed["items"]
    assert row["guarded"] is prompt, row
    if prompt:
        assert row["why"].startswith("Takes off the phone, silences, or keeps from being sent"), row


@pytest.mark.redteam(round=53)
@pytest.mark.parametrize(
    ("prompt_channel", "data", "takes_it_off"),
    [
        pytest.param(
            None,
            {"message": "remove_channel", "data": {"channel": "General"}},
            True,
        ),
        pytest.param(
            "Door locks",
            {"message": "remove_channel", "data": {"channel": " door_LOCKS"}},
            True,
        ),
        pytest.param(
            "Door locks",
            {"message": "remove_channel", "data": {"channel": "{{ 'Door' }} locks"}},
            True,
        ),
        pytest.param(
            "Door locks", {"message": "remove_channel", "data": {"channel": "General"}}, False
        ),
        pytest.param(None, {"message": DISHWASHER, "data": {"channel": "General"}}, False),
    ],
    ids=["general", "its-own-channel", "templated-channel", "another-channel", "sent-on-it"],
)
async def test_removing_the_lock_up_prompt_s_channel_from_the_phone_waits(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    prompt_channel: str | None,
    data: dict[str, Any],
    takes_it_off: bool,
) -> None:
    """Alice's Android phone asks "No one home, lock the doors?"; a tap on Lock locks up.

    The companion app for Android reads the message `remove_channel` as a
    command: it deletes the notification channel `data.channel` names (its
    id: the name trimmed, in lower case, spaces as `_`), and Android
    cancels every notification posted on a channel it deletes
    (home-assistant/android, MessagingManager.removeNotificationChannel;
    NotificationManager.deleteNotificationChannel). A notification sent
    without a channel is on the app's "General" one (`general`). Removing
    the prompt's channel takes it off the phone, as `clear_notification` with
    its tag does: no one can tap Lock, and the door stays unlocked. Another
    channel leaves it there; an ordinary notification on the same channel
    takes nothing off.
    """
    away = await asks_to_lock_up(owner, phone)
    if prompt_channel is not None:
        await owner.save_automation(
            "ask_to_lock",
            {
                "alias": "Ask to lock up",
                "triggers": [{"trigger": "state", "entity_id": away, "to": "on"}],
                "actions": [{"action": phone.notify, "data": {
                    "message": "No one home, lock the doors?",
                    "data": {"tag": LOCK_UP_TAG, "channel": prompt_channel,
                             "actions": [LOCK_UP_BUTTON]},
                }}],
            },
        )  # fmt: skip
    await owner.act("lock.unlock", entity_id="lock.front_door")

    result = await call_service(mcp, phone.notify, data=data)

    if takes_it_off:
        assert_refused(result, reaching="automation.lock_up_from_the_prompt")
    else:
        assert_ran(result)


@pytest.mark.redteam(round=53)
@pytest.mark.parametrize(
    ("data", "silences_it"),
    [
        pytest.param(
            {"message": DISHWASHER, "data": {"importance": "min"}},
            True,
        ),
        pytest.param(
            {"message": "command_dnd", "data": {"command": "total_silence"}},
            True,
        ),
        pytest.param(
            {"message": "command_ringer_mode", "data": {"command": "silent"}},
            True,
        ),
        pytest.param({"message": DISHWASHER, "data": {"importance": "high"}}, False),
        pytest.param(
            {"message": DISHWASHER, "data": {"channel": "Kitchen", "importance": "min"}}, False
        ),
        pytest.param({"message": "command_dnd", "data": {"command": "off"}}, False),
    ],
    ids=["lowered", "do-not-disturb", "ringer-silent", "raised", "another-channel", "dnd-off"],
)
async def test_silencing_the_lock_up_prompt_on_the_phone_waits(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    data: dict[str, Any],
    silences_it: bool,
) -> None:
    """Alice's Android phone will ask "No one home, lock the doors?" when Away turns on.

    The prompt is sent without a channel: the companion app posts it on its
    "General" channel, which it creates again with each notification's
    `importance`; Android lets an app lower a channel's importance as long
    as its user has not changed the channel (PreferencesHelper
    .createNotificationChannel), and never raise it. One notification at
    `importance: min` on that channel leaves every later prompt on it
    silent, out of the status bar, folded at the foot of the shade: Alice
    does not learn that the doors are unlocked, and the door stays
    unlocked. The app's device commands silence the whole phone the same way
    (`command_dnd` to `total_silence`, `command_ringer_mode` to `silent`:
    home-assistant/android, MessagingManager.handleDeviceCommands). A higher
    importance, another channel, or Do Not Disturb turned off leaves it as it is.
    """
    await asks_to_lock_up(owner, phone)
    await owner.act("lock.unlock", entity_id="lock.front_door")

    result = await call_service(mcp, phone.notify, data=data)

    if silences_it:
        assert_refused(result, reaching="automation.lock_up_from_the_prompt")
    else:
        assert_ran(result)


@pytest.mark.redteam(round=52)
async def test_replacing_a_lock_up_prompt_its_own_automation_waits_on_waits_for_a_person(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """The companion app's documented pattern: one automation asks, waits for the tap, locks.

    When Away turns on, Alice's phone asks "No one home, lock the doors?"
    (tagged); the same automation waits for her tap on Lock
    (`wait_for_trigger` on `mobile_app_notification_action`) and locks the
    front door. A client's notification with the same tag takes the prompt's
    place: no one can tap Lock, and the door stays unlocked, exactly as when
    the tap is another automation's trigger.
    """
    away = await owner.create_helper("input_boolean", "Away")
    prompt = {
        "message": "No one home, lock the doors?",
        "data": {"tag": LOCK_UP_TAG, "actions": [LOCK_UP_BUTTON]},
    }
    await owner.save_automation(
        "ask_and_lock",
        {
            "alias": "Ask and lock up",
            "triggers": [{"trigger": "state", "entity_id": away, "to": "on"}],
            "actions": [
                {"action": phone.notify, "data": prompt},
                {"wait_for_trigger": [
                    _on_event("mobile_app_notification_action",
                              action=LOCK_UP_BUTTON["action"])],
                 "timeout": "01:00:00", "continue_on_timeout": False},
                LOCK_FRONT,
            ],
        },
    )  # fmt: skip
    await owner.act("lock.unlock", entity_id="lock.front_door")

    result = await call_service(
        mcp, phone.notify, data={"message": DISHWASHER, "data": {"tag": LOCK_UP_TAG}}
    )

    assert_refused(result, reaching="automation.ask_and_lock_up")


@pytest.mark.redteam(round=53)
@pytest.mark.parametrize(
    ("more", "takes_it_off"),
    [
        pytest.param({"timeout": 1}, True),
        pytest.param({"timeout": "{{ 1 }}"}, True),
        pytest.param({}, False),
    ],
    ids=["gone-in-a-second", "templated-timeout", "asked-again"],
)
async def test_asking_the_lock_up_prompt_again_only_to_take_it_away_waits(
    hass: HomeAssistant,
    phone: Phone,
    owner: Owner,
    mcp: McpHarness,
    more: dict[str, Any],
    takes_it_off: bool,
) -> None:
    """Alice's phone asks "No one home, lock the doors?"; a tap on Lock locks up.

    The same question with its Lock button, and the same tag, takes the
    prompt's place and still asks: it runs. With `timeout: 1` the companion
    app removes it a second later (`data.timeout`, in seconds): no one can
    tap Lock, and the door stays unlocked, as `clear_notification` would
    leave it.
    """
    await asks_to_lock_up(owner, phone)
    await owner.act("lock.unlock", entity_id="lock.front_door")
    data = {
        "message": "No one home, lock the doors?",
        "data": {"tag": LOCK_UP_TAG, "actions": [LOCK_UP_BUTTON], **more},
    }

    result = await call_service(mcp, phone.notify, data=data)

    if takes_it_off:
        assert_refused(result, reaching="automation.lock_up_from_the_prompt")
    else:
        assert_ran(result)


@pytest.mark.redteam(round=53)
async def test_answering_the_lock_up_prompt_not_now_from_a_script_waits_for_a_person(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness
) -> None:
    """The companion app's documented pattern, with two buttons: Lock and Not now.

    When Away turns on, Alice's phone asks "No one home, lock the doors?";
    the same automation waits for her answer (`wait_for_trigger` on either
    button's `mobile_app_notification_action`) and locks on Lock only. A
    client's script "Dishwasher done" fires the tap of Not now itself: the
    wait ends, nothing locks, and Alice's later tap on Lock finds no one
    waiting. The door stays unlocked, as taking the prompt off the phone
    would leave it: writing or running that script waits for a person.
    """
    away = await owner.create_helper("input_boolean", "Away")
    not_now = {"action": "NOT_NOW", "title": "Not now"}
    prompt = {
        "message": "No one home, lock the doors?",
        "data": {"tag": LOCK_UP_TAG, "actions": [LOCK_UP_BUTTON, not_now]},
    }
    answered = "{{ wait.trigger.event.data.action == '" + LOCK_UP_BUTTON["action"] + "' }}"
    await owner.save_automation(
        "ask_and_lock",
        {
            "alias": "Ask and lock up",
            "triggers": [{"trigger": "state", "entity_id": away, "to": "on"}],
            "actions": [
                {"action": phone.notify, "data": prompt},
                {"wait_for_trigger": [
                    _on_event("mobile_app_notification_action", action=LOCK_UP_BUTTON["action"]),
                    _on_event("mobile_app_notification_action", action=not_now["action"]),
                 ],
                 "timeout": "01:00:00", "continue_on_timeout": False},
                {"if": [{"condition": "template", "value_template": answered}],
                 "then": [LOCK_FRONT]},
            ],
        },
    )  # fmt: skip
    await owner.act("lock.unlock", entity_id="lock.front_door")
    # Away turns on; the automation sends the prompt and waits (for an hour: not awaited).
    await hass.services.async_call("input_boolean", "turn_on", {"entity_id": away}, blocking=True)
    for _ in range(20):
        await asyncio.sleep(0)
    assert hass.states.get("automation.ask_and_lock_up").attributes["current"] == 1

    script = {
        "alias": "Dishwasher done",
        "sequence": [
            {"event": "mobile_app_notification_action", "event_data": {"action": "NOT_NOW"}}
        ],
    }
    saved = await save_config(mcp, "script", script)
    result = saved
    if saved.get("written") is True:
        result = await call_service(mcp, "script.turn_on", target={"entity_id": saved["entity_id"]})
    for _ in range(20):  # Not `async_block_till_done`: the lock-up still waits, for an hour.
        await asyncio.sleep(0)

    assert_refused(result, risk=None)
    # Alice answers later; here, the wait is ended with the automation turned off.
    await hass.services.async_call(
        "automation", "turn_off", {"entity_id": "automation.ask_and_lock_up"}, blocking=True
    )


@pytest.mark.redteam(round=52)
@pytest.mark.parametrize(
    "replacing",
    [
        {"tag": LOCK_UP_TAG},
        {"apns_headers": {"apns-collapse-id": LOCK_UP_TAG}},
        {
            "apns": {
                "headers": {"apns-collapse-id": LOCK_UP_TAG},
                "payload": {"aps": {"alert": {"body": DISHWASHER}}},
            }
        },
        {"apns_headers": {"apns-collapse-id": "{{ 'lock_' ~ 'doors' }}"}},
    ],
    ids=["tag", "apns-collapse-id", "apns-passthrough", "templated-collapse-id"],
)
async def test_a_notification_collapsing_into_the_lock_up_prompt_on_an_iphone_waits(
    hass: HomeAssistant, phone: Phone, owner: Owner, mcp: McpHarness, replacing: dict[str, Any]
) -> None:
    """Alice's iPhone asks "No one home, lock the doors?"; a tap on Lock locks up.

    On iOS the companion app's push relay sends a notification's `tag` as
    the APNs header `apns-collapse-id`, which replaces the notification of
    the same identifier; it copies the `apns_headers` a notification
    carries too (the old way to give a tag: the relay's own fixture
    `tag_using_old_header`), and an `apns` payload whole
    (home-assistant/mobile-apps-fcm-push, functions/ios.js). A notification
    with `apns-collapse-id` set to the prompt's tag takes its place, as the
    same `tag` does: the door stays unlocked.
    """
    registration = {
        "app_id": "io.robbie.HomeAssistant",
        "app_name": "Home Assistant",
        "app_version": "2026.11.0",
        "device_name": "Alices iPhone",
        "manufacturer": "Apple",
        "model": "iPhone17,1",
        "os_name": "iOS",
        "os_version": "26.1",
        "supports_encryption": False,
        "app_data": {"push_token": "iphone-token", "push_url": PUSH_URL},
    }
    response = await owner.http.post("/api/mobile_app/registrations", json=registration)
    assert response.status == 201, await response.text()
    await hass.async_block_till_done()
    iphone = Phone("notify.mobile_app_alices_iphone", (await response.json())["webhook_id"])
    assert hass.services.has_service("notify", "mobile_app_alices_iphone")
    await asks_to_lock_up(owner, iphone)
    await owner.act("lock.unlock", entity_id="lock.front_door")

    result = await call_service(
        mcp,
        iphone.notify,
        data={"message": DISHWASHER, "data": replacing},
    )

    assert_refused(result, reaching="automation.lock_up_from_the_prompt")
